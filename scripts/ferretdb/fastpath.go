package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync/atomic"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/bson/bsontype"
)

// FerretDB's SQLite backend finds a document by key only when a filter is {_id: value} alone;
// with any other condition beside it ({_id, version: 3}, the compare-and-set every write of the
// services makes) it reads and decodes the whole collection: 47 ms with 20,000 small documents,
// several hundred with real listings. Inside the database's write turn nothing else can change the
// document, so the launcher reads it by _id, decides the other conditions itself (match.go), and
// hands FerretDB the write narrowed to {_id} when they hold, or answers as MongoDB would when they
// do not. Commands it cannot decide exactly go to FerretDB as they came.

var ourRequestIDs atomic.Int32

func init() { ourRequestIDs.Store(1 << 30) }

// parsedMsg is a parsed OP_MSG: its command document and its document sequences.
type parsedMsg struct {
	requestID int32
	body      bson.Raw
	sequences map[string][]bson.Raw
}

func parseOpMsg(m *message) (*parsedMsg, error) {
	if m.opCode != opMsg || len(m.raw) < 21 {
		return nil, errNotCommand
	}
	out := &parsedMsg{requestID: int32(binary.LittleEndian.Uint32(m.raw[4:8])), sequences: map[string][]bson.Raw{}}
	end := len(m.raw)
	if m.flags()&flagChecksumPresent != 0 {
		end -= 4
	}
	for pos := 20; pos < end; {
		kind := m.raw[pos]
		pos++
		if pos+4 > end {
			return nil, errNotCommand
		}
		size := int(int32(binary.LittleEndian.Uint32(m.raw[pos : pos+4])))
		if size < 5 || pos+size > end {
			return nil, errNotCommand
		}
		section := m.raw[pos : pos+size]
		pos += size
		switch kind {
		case 0:
			out.body = bson.Raw(section)
		case 1:
			rest := section[4:]
			nul := -1
			for i, b := range rest {
				if b == 0 {
					nul = i
					break
				}
			}
			if nul < 0 {
				return nil, errNotCommand
			}
			name := string(rest[:nul])
			for docs := rest[nul+1:]; len(docs) > 0; {
				if len(docs) < 5 {
					return nil, errNotCommand
				}
				n := int(int32(binary.LittleEndian.Uint32(docs[:4])))
				if n < 5 || n > len(docs) {
					return nil, errNotCommand
				}
				out.sequences[name] = append(out.sequences[name], bson.Raw(docs[:n]))
				docs = docs[n:]
			}
		default:
			return nil, errNotCommand
		}
	}
	if out.body == nil {
		return nil, errNotCommand
	}
	return out, nil
}

// buildOpMsg makes an OP_MSG with one command document.
func buildOpMsg(requestID, responseTo int32, body []byte) []byte {
	raw := make([]byte, 21, 21+len(body))
	binary.LittleEndian.PutUint32(raw[4:8], uint32(requestID))
	binary.LittleEndian.PutUint32(raw[8:12], uint32(responseTo))
	binary.LittleEndian.PutUint32(raw[12:16], uint32(opMsg))
	raw = append(raw, body...)
	binary.LittleEndian.PutUint32(raw[0:4], uint32(len(raw)))
	return raw
}

func marshal(d bson.D) []byte {
	raw, err := bson.Marshal(d)
	if err != nil {
		panic(err)
	}
	return raw
}

// withField copies a document with one field replaced (or added), and others dropped.
func withField(doc bson.Raw, key string, value interface{}, drop ...string) ([]byte, error) {
	elements, err := doc.Elements()
	if err != nil {
		return nil, err
	}
	out := bson.D{}
	replaced := false
	for _, e := range elements {
		k := e.Key()
		skip := false
		for _, d := range drop {
			skip = skip || k == d
		}
		if skip {
			continue
		}
		if k == key {
			out = append(out, bson.E{Key: k, Value: value})
			replaced = true
			continue
		}
		out = append(out, bson.E{Key: k, Value: e.Value()})
	}
	if !replaced {
		out = append(out, bson.E{Key: key, Value: value})
	}
	return bson.Marshal(out)
}

// backend is the proxy's connection to FerretDB for one client.
type backend struct {
	w *bufio.Writer
	r *bufio.Reader
}

func (b backend) roundTrip(raw []byte) (*message, error) {
	if _, err := b.w.Write(raw); err != nil {
		return nil, err
	}
	if err := b.w.Flush(); err != nil {
		return nil, err
	}
	reply, err := readMessage(b.r)
	if err != nil {
		return nil, err
	}
	if reply.flags()&flagMoreToCome != 0 {
		return nil, errors.New("unexpected streamed reply")
	}
	return reply, nil
}

// findByID reads one document by _id (nil when there is none). read is false when FerretDB did
// not answer the find with a document or none (a collection name it refuses, say): the command
// then goes to FerretDB as it came, for FerretDB to answer. err is a broken connection.
func (b backend) findByID(db, collection string, id bson.RawValue) (doc bson.Raw, read bool, err error) {
	return b.readByID(db, collection, id, bson.RawValue{})
}

// keyedWrite answers a single-document write whose filter is an _id plus other conditions, by key.
// It returns the reply for the client, or nil when the command is not one it decides (the caller
// then sends it to FerretDB as it came).
func keyedWrite(c command, request *message, b backend) ([]byte, error) {
	if (c.name != "update" && c.name != "findandmodify") || request.flags() != 0 {
		// With a flag (a checksum, which FerretDB checks and the launcher does not, or a flag it
		// does not know), the message goes to FerretDB as it came: a write the launcher narrowed
		// would drop its checksum and be done however its bytes had been damaged.
		return nil, nil
	}
	msg, err := parseOpMsg(request)
	if err != nil {
		return nil, nil
	}
	first, err := msg.body.IndexErr(0)
	if err != nil {
		return nil, nil
	}
	// Command names are case-sensitive ("UPDATE" is no command), with one old alias.
	switch first.Key() {
	case "update":
		return keyedUpdate(c, msg, b)
	case "findAndModify", "findandmodify":
		return keyedFindAndModify(c, msg, b)
	}
	return nil, nil
}

func numberValue(v bson.RawValue) (float64, bool) {
	f, _, _, ok := number(v)
	return f, ok
}

func boolField(doc bson.Raw, key string) bool {
	v, err := doc.LookupErr(key)
	if err != nil {
		return false
	}
	b, ok := v.BooleanOK()
	return ok && b
}

func has(doc bson.Raw, keys ...string) bool {
	for _, k := range keys {
		if _, err := doc.LookupErr(k); err == nil {
			return true
		}
	}
	return false
}

// decide reads the document and checks the filter's other conditions. act is "write" (send the
// write narrowed to _id), "none" (nothing matches), "duplicate" (an upsert would insert an _id
// that exists), or "" (not decidable here).
func decide(c command, filter bson.Raw, upsert bool, b backend) (act string, id bson.RawValue, err error) {
	id, residual, ok := keyOf(filter)
	if !ok {
		return "", id, nil
	}
	doc, read, err := b.findByID(c.db, c.collection, id)
	if err != nil || !read {
		return "", id, err
	}
	switch matchFilter(doc, residual) {
	case matched:
		if doc == nil && upsert && (copiesOnUpsert(residual) || upsertCopyRefused(residual)) {
			// {_id, status: null} with nothing there: the upsert inserts status: null too.
			return "", id, nil
		}
		return "write", id, nil
	case unsupported:
		return "", id, nil
	}
	switch {
	case !upsert:
		return "none", id, nil
	case upsertCopyRefused(residual):
		return "", id, nil
	case doc != nil:
		return "duplicate", id, nil
	case !copiesOnUpsert(residual):
		// Nothing there and nothing else to copy: the upsert inserts as it would by _id alone.
		return "write", id, nil
	}
	return "", id, nil
}

// upsertCopyRefused says whether FerretDB 1.24, about to insert for an upsert, would refuse what
// it copies from the filter where MongoDB would not: it copies a condition of two operators or
// more ({n: {$gt: 1, $lt: 5}}) as the document it is and then refuses its "$" names (MongoDB
// copies no operator); it refuses an infinite number or an array in an array it copies
// (ferretDBRefuses), and paths in conflict ("a" and "a.b"). Such upserts go to FerretDB as they
// came, to be answered as without the launcher.
func upsertCopyRefused(residual bson.Raw) bool {
	elements, err := residual.Elements()
	if err != nil {
		return true
	}
	var paths []string
	for _, e := range elements {
		k := e.Key()
		if strings.HasPrefix(k, "$") {
			continue
		}
		copied := e.Value()
		if d, isDoc := e.Value().DocumentOK(); isDoc {
			keys, err := d.Elements()
			if err != nil {
				return true
			}
			if len(keys) == 1 && keys[0].Key() == "$eq" {
				copied = keys[0].Value()
			} else if len(keys) == 1 && strings.HasPrefix(keys[0].Key(), "$") {
				continue // one operator other than $eq: not copied
			}
		}
		if ferretDBRefuses(copied, false) {
			return true
		}
		paths = append(paths, k)
	}
	for i, a := range paths {
		for _, b := range paths[i+1:] {
			if a == b || strings.HasPrefix(a, b+".") || strings.HasPrefix(b, a+".") {
				return true
			}
		}
	}
	return false
}

// ferretDBRefuses says whether FerretDB 1.24 refuses to store a value MongoDB stores: an infinite
// double, an array in an array, a field name starting with "$" or holding a dot.
func ferretDBRefuses(v bson.RawValue, inArray bool) bool {
	switch v.Type {
	case bsontype.Double:
		return math.IsInf(v.Double(), 0)
	case bsontype.EmbeddedDocument, bsontype.Array:
		if v.Type == bsontype.Array && inArray {
			return true
		}
		elements, err := bson.Raw(v.Value).Elements()
		if err != nil {
			return true
		}
		for _, e := range elements {
			if v.Type == bsontype.EmbeddedDocument && (strings.HasPrefix(e.Key(), "$") || strings.Contains(e.Key(), ".")) {
				return true
			}
			if ferretDBRefuses(e.Value(), v.Type == bsontype.Array) {
				return true
			}
		}
	}
	return false
}

func duplicateMessage(c command, id bson.RawValue) string {
	shown := id.String()
	if oid, isOID := id.ObjectIDOK(); isOID {
		shown = "ObjectId('" + oid.Hex() + "')"
	}
	return fmt.Sprintf("E11000 duplicate key error collection: %s.%s index: _id_ dup key: { _id: %s }", c.db, c.collection, shown)
}

// duplicateInfo is what MongoDB adds to a duplicate key error: the index's key and the value.
func duplicateInfo(id bson.RawValue) bson.D {
	return bson.D{{Key: "keyPattern", Value: bson.D{{Key: "_id", Value: int32(1)}}}, {Key: "keyValue", Value: idFilter(id)}}
}

func keyedUpdate(c command, msg *parsedMsg, b backend) ([]byte, error) {
	statements := msg.sequences["updates"]
	inBody := false
	if _, err := msg.body.LookupErr("updates"); err == nil && len(statements) > 0 {
		// Statements both in the body and in a sequence: for FerretDB to refuse.
		return nil, nil
	}
	if len(statements) == 0 {
		arr, ok := msg.body.Lookup("updates").ArrayOK()
		if !ok {
			return nil, nil
		}
		values, err := arr.Values()
		if err != nil {
			return nil, nil
		}
		for _, v := range values {
			d, ok := v.DocumentOK()
			if !ok {
				return nil, nil
			}
			statements = append(statements, d)
		}
		inBody = true
	}
	if len(statements) != 1 || len(msg.sequences) > 1 || (inBody && len(msg.sequences) > 0) {
		return nil, nil
	}
	stmt := statements[0]
	u, err := stmt.LookupErr("u")
	if err != nil || u.Type != bsontype.EmbeddedDocument || boolField(stmt, "multi") || has(stmt, "arrayFilters", "hint", "collation") {
		return nil, nil
	}
	filter, ok := stmt.Lookup("q").DocumentOK()
	if !ok || !optionalBools(stmt, "upsert", "multi") {
		return nil, nil
	}
	act, id, err := decide(c, filter, boolField(stmt, "upsert"), b)
	if err != nil || act == "" {
		return nil, err
	}
	if act != "write" && !(onlyFields(msg.body, updateFields) && onlyFields(stmt, updateStatementFields) && plainUpdate(u.Document())) {
		// The launcher answers itself only a command MongoDB takes: anything else goes to FerretDB,
		// which checks it as MongoDB does (an unknown modifier, two paths in conflict, an unknown field).
		return nil, nil
	}
	switch act {
	case "none":
		return buildOpMsg(ourRequestIDs.Add(1), msg.requestID, marshal(bson.D{{Key: "n", Value: int32(0)}, {Key: "nModified", Value: int32(0)}, {Key: "ok", Value: 1.0}})), nil
	case "duplicate":
		writeError := append(bson.D{{Key: "index", Value: int32(0)}, {Key: "code", Value: int32(11000)}, {Key: "errmsg", Value: duplicateMessage(c, id)}}, duplicateInfo(id)...)
		return buildOpMsg(ourRequestIDs.Add(1), msg.requestID, marshal(bson.D{{Key: "n", Value: int32(0)}, {Key: "nModified", Value: int32(0)}, {Key: "writeErrors", Value: bson.A{writeError}}, {Key: "ok", Value: 1.0}})), nil
	}
	narrowed, err := withField(stmt, "q", idFilter(id))
	if err != nil {
		return nil, nil
	}
	body, err := withField(msg.body, "updates", bson.A{bson.Raw(narrowed)})
	if err != nil {
		return nil, nil
	}
	reply, err := b.roundTrip(buildOpMsg(msg.requestID, 0, body))
	if err != nil {
		return nil, err
	}
	return reply.raw, nil
}

func keyedFindAndModify(c command, msg *parsedMsg, b backend) ([]byte, error) {
	if len(msg.sequences) > 0 || has(msg.body, "arrayFilters", "hint", "collation") {
		return nil, nil
	}
	if sort, err := msg.body.LookupErr("sort"); err == nil {
		if d, ok := sort.DocumentOK(); !ok || len(d) > 5 {
			return nil, nil
		}
	}
	u, err := msg.body.LookupErr("update")
	hasUpdate := err == nil
	if hasUpdate && u.Type != bsontype.EmbeddedDocument {
		return nil, nil
	}
	filter, ok := msg.body.Lookup("query").DocumentOK()
	if !ok || !optionalBools(msg.body, "upsert", "remove", "new") {
		return nil, nil
	}
	remove := boolField(msg.body, "remove")
	act, id, err := decide(c, filter, boolField(msg.body, "upsert"), b)
	if err != nil || act == "" {
		return nil, err
	}
	if act != "write" {
		// As for update: the launcher answers itself only a command MongoDB takes, with an update
		// or remove: true (not both; remove without new or upsert) and a plain projection.
		takes := onlyFields(msg.body, findAndModifyFields) && plainProjection(msg.body)
		if remove {
			takes = takes && !hasUpdate && !boolField(msg.body, "new") && !boolField(msg.body, "upsert")
		} else {
			takes = takes && hasUpdate && plainUpdate(u.Document())
		}
		if !takes {
			return nil, nil
		}
	}
	switch act {
	case "none":
		last := bson.D{{Key: "n", Value: int32(0)}, {Key: "updatedExisting", Value: false}}
		if remove {
			last = bson.D{{Key: "n", Value: int32(0)}}
		}
		return buildOpMsg(ourRequestIDs.Add(1), msg.requestID, marshal(bson.D{{Key: "lastErrorObject", Value: last}, {Key: "value", Value: nil}, {Key: "ok", Value: 1.0}})), nil
	case "duplicate":
		reply := append(bson.D{{Key: "ok", Value: 0.0}, {Key: "errmsg", Value: duplicateMessage(c, id)}, {Key: "code", Value: int32(11000)}, {Key: "codeName", Value: "DuplicateKey"}}, duplicateInfo(id)...)
		return buildOpMsg(ourRequestIDs.Add(1), msg.requestID, marshal(reply)), nil
	}
	body, err := withField(msg.body, "query", idFilter(id))
	if err != nil {
		return nil, nil
	}
	reply, err := b.roundTrip(buildOpMsg(msg.requestID, 0, body))
	if err != nil {
		return nil, err
	}
	return reply.raw, nil
}

// FerretDB reports a write that breaks a unique index other than _id's, on update, as an internal
// error ("UNIQUE constraint failed", code 1). MongoDB reports a duplicate key (11000), which the
// services answer as a clear 409 (a slug someone else has). The launcher says it as MongoDB does.
var uniqueViolation = []byte("UNIQUE constraint failed")

func translateUniqueViolation(c command, requestID int32, reply []byte) []byte {
	if (c.name != "update" && c.name != "findandmodify") || !bytes.Contains(reply, uniqueViolation) {
		return reply
	}
	parsed, err := parseOpMsg(&message{raw: reply, opCode: opMsg})
	if err != nil {
		return reply
	}
	errmsg, _ := parsed.body.Lookup("errmsg").StringValueOK()
	if !strings.Contains(errmsg, string(uniqueViolation)) {
		return reply
	}
	index := errmsg[strings.Index(errmsg, string(uniqueViolation))+len(uniqueViolation):]
	text := fmt.Sprintf("E11000 duplicate key error collection: %s.%s%s", c.db, c.collection, index)
	if c.name == "findandmodify" {
		return buildOpMsg(ourRequestIDs.Add(1), requestID, marshal(bson.D{{Key: "ok", Value: 0.0}, {Key: "errmsg", Value: text}, {Key: "code", Value: int32(11000)}, {Key: "codeName", Value: "DuplicateKey"}}))
	}
	writeError := bson.D{{Key: "index", Value: int32(0)}, {Key: "code", Value: int32(11000)}, {Key: "errmsg", Value: text}}
	return buildOpMsg(ourRequestIDs.Add(1), requestID, marshal(bson.D{{Key: "n", Value: int32(0)}, {Key: "nModified", Value: int32(0)}, {Key: "writeErrors", Value: bson.A{writeError}}, {Key: "ok", Value: 1.0}}))
}

// What the launcher checks before it answers a write itself ("none", "duplicate"): that MongoDB
// would take the command whatever document it met. The narrowed write goes to FerretDB, which
// checks it; an answer the launcher makes alone must not say "nothing matched" to a command
// MongoDB refuses (an unknown modifier or field, paths in conflict, update and remove together).

func fieldSet(names ...string) map[string]bool {
	set := map[string]bool{}
	for _, n := range names {
		set[n] = true
	}
	return set
}

// Fields every command may carry (the driver's session, write concern, API version...).
var genericFields = []string{"$db", "lsid", "txnNumber", "$clusterTime", "writeConcern", "maxTimeMS", "comment", "bypassDocumentValidation", "apiVersion", "apiStrict", "apiDeprecationErrors", "$readPreference"}

var (
	updateFields          = fieldSet(append([]string{"update", "updates", "ordered"}, genericFields...)...)
	updateStatementFields = fieldSet("q", "u", "upsert", "multi")
	findAndModifyFields   = fieldSet(append([]string{"findAndModify", "findandmodify", "query", "sort", "remove", "update", "new", "fields", "upsert"}, genericFields...)...)
	plainModifiers        = fieldSet("$set", "$unset", "$setOnInsert", "$inc", "$mul", "$min", "$max", "$currentDate", "$push")
)

// onlyFields says whether every field of doc is one of allowed.
func onlyFields(doc bson.Raw, allowed map[string]bool) bool {
	elements, err := doc.Elements()
	if err != nil {
		return false
	}
	for _, e := range elements {
		if !allowed[e.Key()] {
			return false
		}
	}
	return true
}

// optionalBools says whether each named field is absent or a boolean (MongoDB also takes a number
// for one; such commands go to FerretDB).
func optionalBools(doc bson.Raw, keys ...string) bool {
	for _, k := range keys {
		if v, err := doc.LookupErr(k); err == nil && v.Type != bsontype.Boolean {
			return false
		}
	}
	return true
}

// plainPath says whether a field path is one MongoDB takes in any update: no empty part, no part
// starting with "$" (positional), not _id (immutable).
func plainPath(path string) bool {
	parts := strings.Split(path, ".")
	if parts[0] == "_id" {
		return false
	}
	for _, part := range parts {
		if part == "" || strings.HasPrefix(part, "$") {
			return false
		}
	}
	return true
}

// plainUpdate says whether MongoDB takes an update document whatever document it meets: a
// replacement (no field starting with "$" or holding a dot, no _id), or modifiers among
// plainModifiers, each a document of plain paths, numbers for $inc and $mul, true or
// {$type: "date"|"timestamp"} for $currentDate, {$each: [...]} alone for $push (the form the
// services' outbox writes its events in: every version-guarded write carries one, and a guard
// that failed went to FerretDB, which read the whole collection to find nothing), and no path
// the same as or inside another.
func plainUpdate(u bson.Raw) bool {
	elements, err := u.Elements()
	if err != nil {
		return false
	}
	if len(elements) == 0 || !strings.HasPrefix(elements[0].Key(), "$") {
		for _, e := range elements {
			k := e.Key()
			if k == "" || k == "_id" || strings.HasPrefix(k, "$") || strings.Contains(k, ".") {
				return false
			}
		}
		return true
	}
	var paths []string
	for _, e := range elements {
		op := e.Key()
		args, isDoc := e.Value().DocumentOK()
		if !plainModifiers[op] || !isDoc {
			return false
		}
		fields, err := args.Elements()
		if err != nil {
			return false
		}
		for _, f := range fields {
			if !plainPath(f.Key()) || !plainModifierValue(op, f.Value()) {
				return false
			}
			paths = append(paths, f.Key())
		}
	}
	for i, a := range paths {
		for _, b := range paths[i+1:] {
			if a == b || strings.HasPrefix(a, b+".") || strings.HasPrefix(b, a+".") {
				return false
			}
		}
	}
	return true
}

func plainModifierValue(op string, v bson.RawValue) bool {
	switch op {
	case "$push":
		spec, isDoc := v.DocumentOK()
		if !isDoc {
			return false
		}
		elements, err := spec.Elements()
		if err != nil || len(elements) != 1 || elements[0].Key() != "$each" {
			return false
		}
		_, isArray := elements[0].Value().ArrayOK()
		return isArray
	case "$inc", "$mul":
		_, isNumber := numberValue(v)
		return isNumber
	case "$currentDate":
		if b, isBool := v.BooleanOK(); isBool {
			return b
		}
		spec, isDoc := v.DocumentOK()
		if !isDoc {
			return false
		}
		elements, err := spec.Elements()
		if err != nil || len(elements) != 1 || elements[0].Key() != "$type" {
			return false
		}
		t, _ := elements[0].Value().StringValueOK()
		return t == "date" || t == "timestamp"
	}
	return true
}

// plainProjection says whether a findAndModify's fields (if any) are a projection MongoDB takes:
// plain field names, all included or all excluded (_id aside), by booleans or numbers.
func plainProjection(body bson.Raw) bool {
	v, err := body.LookupErr("fields")
	if err != nil {
		return true
	}
	spec, isDoc := v.DocumentOK()
	if !isDoc {
		return false
	}
	elements, err := spec.Elements()
	if err != nil {
		return false
	}
	included, excluded := false, false
	for _, e := range elements {
		k := e.Key()
		if k == "" || strings.HasPrefix(k, "$") || strings.Contains(k, ".") {
			return false
		}
		var on bool
		if b, isBool := e.Value().BooleanOK(); isBool {
			on = b
		} else if n, isNumber := numberValue(e.Value()); isNumber {
			on = n != 0
		} else {
			return false
		}
		if k == "_id" {
			continue
		}
		included, excluded = included || on, excluded || !on
	}
	return !(included && excluded)
}

// A find by many keys. FerretDB reads the whole collection for {_id: {$in: [...]}}, as for any
// filter but {_id: value} alone, so the services read a few documents one findById at a time.
// keyedFind answers such a find by reading each document by _id (FerretDB's keyed lookup), with
// the find's projection, deciding any other conditions of the filter itself (match.go). It
// returns the reply, or nil when the command is not one it answers exactly (the caller sends it to
// FerretDB as it came): other operators on _id, other types of keys, a sort, skip, limit, hint,
// collation..., a projection other than plain fields, or conditions the matcher leaves to
// FerretDB. Documents come in the order of their _id, as MongoDB's _id index gives them. It is
// meant for the proxy's reads (a find is no write: outside any write turn); differential_test.go
// checks its answers against FerretDB's.

const maxKeyedFindIDs = 1000

var keyedFindFields = fieldSet(append([]string{"find", "filter", "projection", "batchSize", "singleBatch"}, genericFields...)...)

func keyedFind(c command, request *message, b backend) ([]byte, error) {
	if c.name != "find" || c.collection == "" || c.db == "" || request.flags() != 0 {
		// With a flag (a checksum, moreToCome...), as keyedWrite: left to FerretDB.
		return nil, nil
	}
	msg, err := parseOpMsg(request)
	if err != nil || len(msg.sequences) > 0 {
		return nil, nil
	}
	if first, err := msg.body.IndexErr(0); err != nil || first.Key() != "find" || !onlyFields(msg.body, keyedFindFields) || !optionalBools(msg.body, "singleBatch") {
		return nil, nil
	}
	filter, ok := msg.body.Lookup("filter").DocumentOK()
	if !ok {
		return nil, nil
	}
	ids, residual, ok := keysOfIn(filter)
	if !ok {
		return nil, nil
	}
	projection, absent := msg.body.LookupErr("projection")
	if absent == nil && (len(residual) > 0 || !plainFindProjection(projection)) {
		// With other conditions, the documents are read whole to be matched: left to FerretDB.
		return nil, nil
	}
	if v, err := msg.body.LookupErr("batchSize"); err == nil {
		// A batch smaller than the answer would need a cursor: left to FerretDB.
		if n, isNumber := numberValue(v); !isNumber || n != float64(int64(n)) || n < float64(len(ids)) {
			return nil, nil
		}
	}
	var residualRaw bson.Raw
	if len(residual) > 0 {
		residualRaw = marshal(residual)
		// Conditions the matcher leaves to FerretDB even where there is no document (an operator
		// it does not decide, one MongoDB refuses) are left to it whatever documents are found.
		if matchFilter(nil, residualRaw) == unsupported {
			return nil, nil
		}
	}
	found := bson.A{}
	size := 0
	for _, id := range ids {
		doc, read, err := b.readByID(c.db, c.collection, id, projection)
		if err != nil || !read {
			return nil, err
		}
		if doc == nil {
			continue
		}
		if residualRaw != nil {
			switch matchFilter(doc, residualRaw) {
			case noMatch:
				continue
			case unsupported:
				return nil, nil
			}
		}
		if size += len(doc); size > 16<<20 {
			return nil, nil
		}
		found = append(found, doc)
	}
	cursor := bson.D{{Key: "firstBatch", Value: found}, {Key: "id", Value: int64(0)}, {Key: "ns", Value: c.db + "." + c.collection}}
	return buildOpMsg(ourRequestIDs.Add(1), msg.requestID, marshal(bson.D{{Key: "cursor", Value: cursor}, {Key: "ok", Value: 1.0}})), nil
}

// keysOfIn splits a filter {_id: {$in: [keys]}, ...} into its keys (strings or ObjectIds, one of
// each, in _id order, at least one) and the other conditions.
func keysOfIn(filter bson.Raw) (ids []bson.RawValue, residual bson.D, ok bool) {
	elements, err := filter.Elements()
	if err != nil {
		return nil, nil, false
	}
	found := false
	for _, e := range elements {
		if e.Key() != "_id" {
			residual = append(residual, bson.E{Key: e.Key(), Value: e.Value()})
			continue
		}
		ops, isDoc := e.Value().DocumentOK()
		if found || !isDoc {
			return nil, nil, false
		}
		opElements, err := ops.Elements()
		if err != nil || len(opElements) != 1 || opElements[0].Key() != "$in" {
			return nil, nil, false
		}
		list, isArray := opElements[0].Value().ArrayOK()
		if !isArray {
			return nil, nil, false
		}
		values, err := list.Values()
		if err != nil || len(values) == 0 || len(values) > maxKeyedFindIDs {
			return nil, nil, false
		}
		seen := map[string]bool{}
		for _, v := range values {
			if v.Type != bsontype.String && v.Type != bsontype.ObjectID {
				return nil, nil, false
			}
			key := string(rune(v.Type)) + string(v.Value)
			if !seen[key] {
				seen[key] = true
				ids = append(ids, v)
			}
		}
		found = true
	}
	if !found {
		return nil, nil, false
	}
	// MongoDB orders strings before ObjectIds; strings by their bytes, ObjectIds by theirs.
	sort.Slice(ids, func(i, j int) bool {
		a, b := ids[i], ids[j]
		if a.Type != b.Type {
			return a.Type == bsontype.String
		}
		if a.Type == bsontype.String {
			return a.StringValue() < b.StringValue()
		}
		x, y := a.ObjectID(), b.ObjectID()
		return bytes.Compare(x[:], y[:]) < 0
	})
	return ids, residual, true
}

// plainFindProjection says whether a find's projection is plain field paths (no operator, no
// positional "$"), each included or excluded by a boolean or a number, which FerretDB applies to a
// document the same whatever the filter.
func plainFindProjection(v bson.RawValue) bool {
	spec, isDoc := v.DocumentOK()
	if !isDoc {
		return false
	}
	elements, err := spec.Elements()
	if err != nil {
		return false
	}
	for _, e := range elements {
		for _, part := range strings.Split(e.Key(), ".") {
			if part == "" || strings.HasPrefix(part, "$") {
				return false
			}
		}
		if _, isBool := e.Value().BooleanOK(); !isBool {
			if _, isNumber := numberValue(e.Value()); !isNumber {
				return false
			}
		}
	}
	return true
}

// readByID reads one document by _id with a projection (none when projection is empty), as
// findByID does.
func (b backend) readByID(db, collection string, id bson.RawValue, projection bson.RawValue) (doc bson.Raw, read bool, err error) {
	command := bson.D{{Key: "find", Value: collection}, {Key: "filter", Value: idFilter(id)}}
	if projection.Type != 0 {
		command = append(command, bson.E{Key: "projection", Value: projection})
	}
	command = append(command, bson.E{Key: "limit", Value: int32(1)}, bson.E{Key: "singleBatch", Value: true}, bson.E{Key: "$db", Value: db})
	reply, err := b.roundTrip(buildOpMsg(ourRequestIDs.Add(1), 0, marshal(command)))
	if err != nil {
		return nil, false, err
	}
	parsed, err := parseOpMsg(reply)
	if err != nil {
		return nil, false, nil
	}
	if okValue, isNumber := numberValue(parsed.body.Lookup("ok")); !isNumber || okValue != 1 {
		return nil, false, nil
	}
	batch, isArray := parsed.body.Lookup("cursor", "firstBatch").ArrayOK()
	if !isArray {
		return nil, false, nil
	}
	values, err := batch.Values()
	if err != nil {
		return nil, false, nil
	}
	if len(values) == 0 {
		return nil, true, nil
	}
	doc, isDoc := values[0].DocumentOK()
	return doc, isDoc, nil
}
