package main

import (
	"bufio"
	"bytes"
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

func marshal(d bson.D) []byte {
	raw, err := bson.Marshal(d)
	if err != nil {
		panic(err)
	}
	return raw
}

// ourReply is an answer of the launcher's own to the request responseTo.
func ourReply(responseTo int32, d bson.D) []byte {
	return buildOpMsg(ourRequestIDs.Add(1), responseTo, marshal(d))
}

// withField copies a document with one field replaced (or added).
func withField(doc bson.Raw, key string, value interface{}) ([]byte, error) {
	elements, err := doc.Elements()
	if err != nil {
		return nil, err
	}
	out, replaced := bson.D{}, false
	for _, e := range elements {
		out = append(out, bson.E{Key: e.Key(), Value: e.Value()})
		if e.Key() == key {
			out[len(out)-1].Value, replaced = value, true
		}
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

func (b backend) send(raw []byte) error {
	if _, err := b.w.Write(raw); err != nil {
		return err
	}
	return b.w.Flush()
}

// answers sends a request to FerretDB and reads its answer, all its parts.
func (b backend) answers(raw []byte) ([][]byte, error) {
	if err := b.send(raw); err != nil {
		return nil, err
	}
	var replies [][]byte
	for {
		reply, err := readMessage(b.r)
		if err != nil {
			return nil, err
		}
		replies = append(replies, reply.raw)
		if reply.flags()&flagMoreToCome == 0 {
			return replies, nil
		}
	}
}

func (b backend) roundTrip(raw []byte) (*message, error) {
	if err := b.send(raw); err != nil {
		return nil, err
	}
	reply, err := readMessage(b.r)
	if err == nil && reply.flags()&flagMoreToCome != 0 {
		return nil, errors.New("unexpected streamed reply")
	}
	return reply, err
}

// readByID reads one document by _id, with a projection unless projection is empty (nil when
// there is none). read is false when FerretDB did not answer the find with a document or none (a
// collection name it refuses, say): the command then goes to FerretDB as it came, for FerretDB to
// answer. err is a broken connection.
func (b backend) readByID(db, collection string, id, projection bson.RawValue) (doc bson.Raw, read bool, err error) {
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
	okValue, isNumber := numberValue(parsed.body.Lookup("ok"))
	batch, isArray := parsed.body.Lookup("cursor", "firstBatch").ArrayOK()
	values, err := batch.Values()
	if !isNumber || okValue != 1 || !isArray || err != nil {
		return nil, false, nil
	}
	if len(values) == 0 {
		return nil, true, nil
	}
	doc, isDoc := values[0].DocumentOK()
	return doc, isDoc, nil
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

func keyedUpdate(c command, msg *parsedMsg, b backend) ([]byte, error) {
	// One statement, in the body or in a document sequence (not both: for FerretDB to refuse).
	statements := msg.sequences["updates"]
	if v, err := msg.body.LookupErr("updates"); err == nil {
		list, _ := v.ArrayOK()
		values, err := list.Values()
		statements = nil
		if err == nil && len(values) == 1 && len(msg.sequences) == 0 {
			if d, isDoc := values[0].DocumentOK(); isDoc {
				statements = []bson.Raw{d}
			}
		}
	}
	if len(statements) != 1 || len(msg.sequences) > 1 {
		return nil, nil
	}
	stmt := statements[0]
	u, err := stmt.LookupErr("u")
	filter, isDoc := stmt.Lookup("q").DocumentOK()
	if err != nil || u.Type != bsontype.EmbeddedDocument || !isDoc || boolField(stmt, "multi") || has(stmt, "arrayFilters", "hint", "collation") || !optionalBools(stmt, "upsert", "multi") {
		return nil, nil
	}
	takes := onlyFields(msg.body, updateFields) && onlyFields(stmt, updateStatementFields) && plainUpdate(u.Document())
	none := bson.D{{Key: "n", Value: int32(0)}, {Key: "nModified", Value: int32(0)}, {Key: "ok", Value: 1.0}}
	return keyed(c, msg, b, filter, boolField(stmt, "upsert"), takes, none, func(byID bson.Raw) ([]byte, error) {
		narrowed, err := withField(stmt, "q", byID)
		if err != nil {
			return nil, err
		}
		return withField(msg.body, "updates", bson.A{bson.Raw(narrowed)})
	})
}

func keyedFindAndModify(c command, msg *parsedMsg, b backend) ([]byte, error) {
	sort, noSort := msg.body.LookupErr("sort")
	sortDoc, sortIsDoc := sort.DocumentOK()
	u, noUpdate := msg.body.LookupErr("update")
	filter, isDoc := msg.body.Lookup("query").DocumentOK()
	if len(msg.sequences) > 0 || has(msg.body, "arrayFilters", "hint", "collation") || (noSort == nil && (!sortIsDoc || len(sortDoc) > 5)) ||
		(noUpdate == nil && u.Type != bsontype.EmbeddedDocument) || !isDoc || !optionalBools(msg.body, "upsert", "remove", "new") {
		return nil, nil
	}
	// As for update, the launcher answers itself only a command MongoDB takes: an update or
	// remove: true (not both; remove without new or upsert) and a plain projection.
	remove := boolField(msg.body, "remove")
	fields, noFields := msg.body.LookupErr("fields")
	mixed, plain := projection(fields, plainName)
	takes := onlyFields(msg.body, findAndModifyFields) && (noFields != nil || (plain && !mixed))
	last := bson.D{{Key: "n", Value: int32(0)}}
	if remove {
		takes = takes && noUpdate != nil && !boolField(msg.body, "new") && !boolField(msg.body, "upsert")
	} else {
		takes = takes && noUpdate == nil && plainUpdate(u.Document())
		last = append(last, bson.E{Key: "updatedExisting", Value: false})
	}
	none := bson.D{{Key: "lastErrorObject", Value: last}, {Key: "value", Value: nil}, {Key: "ok", Value: 1.0}}
	return keyed(c, msg, b, filter, boolField(msg.body, "upsert"), takes, none, func(byID bson.Raw) ([]byte, error) {
		return withField(msg.body, "query", byID)
	})
}

// keyed reads the document a write's filter names by _id and checks the filter's other conditions
// (decide). When they hold, FerretDB gets the write narrowed to {_id} (narrow); when they do not,
// the launcher answers as MongoDB does (none: nothing matched; or a duplicate key for an upsert),
// if MongoDB would take the command whatever document it met (takes).
func keyed(c command, msg *parsedMsg, b backend, filter bson.Raw, upsert, takes bool, none bson.D, narrow func(byID bson.Raw) ([]byte, error)) ([]byte, error) {
	act, id, err := decide(c, filter, upsert, b)
	if err != nil || act == "" || (act != "write" && !takes) {
		// What MongoDB would refuse goes to FerretDB, which checks it as MongoDB does (an
		// unknown modifier, two paths in conflict, an unknown field).
		return nil, err
	}
	switch act {
	case "none":
		return ourReply(msg.requestID, none), nil
	case "duplicate":
		shown := id.String()
		if oid, isOID := id.ObjectIDOK(); isOID {
			shown = "ObjectId('" + oid.Hex() + "')"
		}
		text := fmt.Sprintf("E11000 duplicate key error collection: %s.%s index: _id_ dup key: { _id: %s }", c.db, c.collection, shown)
		return duplicateKey(c, msg.requestID, text, bson.E{Key: "keyPattern", Value: bson.D{{Key: "_id", Value: int32(1)}}}, bson.E{Key: "keyValue", Value: idFilter(id)}), nil
	}
	body, err := narrow(idFilter(id))
	if err != nil {
		return nil, nil
	}
	reply, err := b.roundTrip(buildOpMsg(msg.requestID, 0, body))
	if err != nil {
		return nil, err
	}
	return reply.raw, nil
}

// duplicateKey is MongoDB's answer to an update or a findAndModify that would duplicate a unique
// key: errmsg, then what else MongoDB says of the key (info).
func duplicateKey(c command, responseTo int32, errmsg string, info ...bson.E) []byte {
	if c.name == "findandmodify" {
		return ourReply(responseTo, append(bson.D{{Key: "ok", Value: 0.0}, {Key: "errmsg", Value: errmsg}, {Key: "code", Value: int32(11000)}, {Key: "codeName", Value: "DuplicateKey"}}, info...))
	}
	writeError := append(bson.D{{Key: "index", Value: int32(0)}, {Key: "code", Value: int32(11000)}, {Key: "errmsg", Value: errmsg}}, info...)
	return ourReply(responseTo, bson.D{{Key: "n", Value: int32(0)}, {Key: "nModified", Value: int32(0)}, {Key: "writeErrors", Value: bson.A{writeError}}, {Key: "ok", Value: 1.0}})
}

// decide reads the document and checks the filter's other conditions. act is "write" (send the
// write narrowed to _id), "none" (nothing matches), "duplicate" (an upsert would insert an _id
// that exists), or "" (not decidable here).
func decide(c command, filter bson.Raw, upsert bool, b backend) (act string, id bson.RawValue, err error) {
	id, residual, ok := keyOf(filter)
	if !ok {
		return "", id, nil
	}
	doc, read, err := b.readByID(c.db, c.collection, id, bson.RawValue{})
	if err != nil || !read {
		return "", id, err
	}
	copies := copiesOnUpsert(residual)
	switch matchFilter(doc, residual) {
	case matched:
		if doc == nil && upsert && (copies || upsertCopyRefused(residual)) {
			// {_id, status: null} with nothing there: the upsert inserts status: null too.
			return "", id, nil
		}
		return "write", id, nil
	case noMatch:
		switch {
		case !upsert:
			return "none", id, nil
		case upsertCopyRefused(residual):
			return "", id, nil
		case doc != nil:
			return "duplicate", id, nil
		case !copies:
			// Nothing there and nothing else to copy: the upsert inserts as it would by _id alone.
			return "write", id, nil
		}
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
		if strings.HasPrefix(e.Key(), "$") {
			continue
		}
		copied := e.Value()
		if d, isDoc := copied.DocumentOK(); isDoc {
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
		paths = append(paths, e.Key())
	}
	return conflicting(paths)
}

// ferretDBRefuses says whether FerretDB 1.24 refuses to store a value MongoDB stores: an infinite
// double, an array in an array, a field name starting with "$" or holding a dot.
func ferretDBRefuses(v bson.RawValue, inArray bool) bool {
	switch v.Type {
	case bsontype.Double:
		return math.IsInf(v.Double(), 0)
	case bsontype.EmbeddedDocument, bsontype.Array:
		elements, err := bson.Raw(v.Value).Elements()
		if err != nil || (v.Type == bsontype.Array && inArray) {
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

// FerretDB reports a write that breaks a unique index other than _id's, on update, as an internal
// error ("UNIQUE constraint failed", code 1). MongoDB reports a duplicate key (11000), which the
// services answer as a clear 409 (a slug someone else has). The launcher says it as MongoDB does.
const uniqueViolation = "UNIQUE constraint failed"

func translateUniqueViolation(c command, requestID int32, reply []byte) []byte {
	if (c.name != "update" && c.name != "findandmodify") || !bytes.Contains(reply, []byte(uniqueViolation)) {
		return reply
	}
	parsed, err := parseOpMsg(&message{raw: reply, opCode: opMsg})
	if err != nil {
		return reply
	}
	errmsg, _ := parsed.body.Lookup("errmsg").StringValueOK()
	_, index, found := strings.Cut(errmsg, uniqueViolation)
	if !found {
		return reply
	}
	return duplicateKey(c, requestID, fmt.Sprintf("E11000 duplicate key error collection: %s.%s%s", c.db, c.collection, index))
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
	keyedFindFields       = fieldSet(append([]string{"find", "filter", "projection", "batchSize", "singleBatch"}, genericFields...)...)
	plainModifiers        = fieldSet("$set", "$unset", "$setOnInsert", "$inc", "$mul", "$min", "$max", "$currentDate", "$push")
)

// onlyFields says whether every field of doc is one of allowed.
func onlyFields(doc bson.Raw, allowed map[string]bool) bool {
	elements, err := doc.Elements()
	for _, e := range elements {
		if !allowed[e.Key()] {
			return false
		}
	}
	return err == nil
}

func boolField(doc bson.Raw, key string) bool {
	b, ok := doc.Lookup(key).BooleanOK()
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

// plainName says whether a field name is one MongoDB takes anywhere: not empty, no "$" first, no dot.
func plainName(name string) bool {
	return plainPath(name) && !strings.Contains(name, ".")
}

// conflicting says whether two of the paths are the same, or one is inside another.
func conflicting(paths []string) bool {
	for i, a := range paths {
		for _, b := range paths[i+1:] {
			if a == b || strings.HasPrefix(a, b+".") || strings.HasPrefix(b, a+".") {
				return true
			}
		}
	}
	return false
}

// plainUpdate says whether MongoDB takes an update document whatever document it meets: a
// replacement (plain names, no _id), or modifiers among plainModifiers, each a document of plain
// paths (not _id: immutable), numbers for $inc and $mul, true or {$type: "date"|"timestamp"} for
// $currentDate, {$each: [...]} alone for $push (the form the services' outbox writes its events
// in: every version-guarded write carries one, and a guard that failed went to FerretDB, which
// read the whole collection to find nothing), and no path the same as or inside another.
func plainUpdate(u bson.Raw) bool {
	elements, err := u.Elements()
	if err != nil {
		return false
	}
	if len(elements) == 0 || !strings.HasPrefix(elements[0].Key(), "$") {
		for _, e := range elements {
			if !plainName(e.Key()) || e.Key() == "_id" {
				return false
			}
		}
		return true
	}
	var paths []string
	for _, e := range elements {
		args, isDoc := e.Value().DocumentOK()
		fields, err := args.Elements()
		if !plainModifiers[e.Key()] || !isDoc || err != nil {
			return false
		}
		for _, f := range fields {
			k := f.Key()
			if !plainPath(k) || k == "_id" || strings.HasPrefix(k, "_id.") || !plainModifierValue(e.Key(), f.Value()) {
				return false
			}
			paths = append(paths, k)
		}
	}
	return !conflicting(paths)
}

func plainModifierValue(op string, v bson.RawValue) bool {
	switch op {
	case "$push":
		return soleField(v, "$each").Type == bsontype.Array
	case "$inc", "$mul":
		_, isNumber := numberValue(v)
		return isNumber
	case "$currentDate":
		if b, isBool := v.BooleanOK(); isBool {
			return b
		}
		t, _ := soleField(v, "$type").StringValueOK()
		return t == "date" || t == "timestamp"
	}
	return true
}

// soleField is the value of a document's one field when it is named key (none otherwise).
func soleField(v bson.RawValue, key string) bson.RawValue {
	d, _ := v.DocumentOK()
	elements, err := d.Elements()
	if err != nil || len(elements) != 1 || elements[0].Key() != key {
		return bson.RawValue{}
	}
	return elements[0].Value()
}

// projection reads a projection: field names that name takes, each included or excluded by a
// boolean or a number. mixed says some are included and some excluded, _id aside.
func projection(v bson.RawValue, name func(string) bool) (mixed, ok bool) {
	spec, isDoc := v.DocumentOK()
	elements, err := spec.Elements()
	if !isDoc || err != nil {
		return false, false
	}
	included, excluded := false, false
	for _, e := range elements {
		on, isBool := e.Value().BooleanOK()
		if n, isNumber := numberValue(e.Value()); isNumber {
			on, isBool = n != 0, true
		}
		if !name(e.Key()) || !isBool {
			return false, false
		}
		if e.Key() != "_id" {
			included, excluded = included || on, excluded || !on
		}
	}
	return included && excluded, true
}

// A find by many keys. FerretDB reads the whole collection for {_id: {$in: [...]}}, as for any
// filter but {_id: value} alone, so the services read a few documents one findById at a time.
// keyedFind answers such a find by reading each document by _id (FerretDB's keyed lookup), with
// the find's projection, deciding any other conditions of the filter itself (match.go). It
// returns the reply, or nil when the command is not one it answers exactly (the caller sends it to
// FerretDB as it came): other operators on _id, other types of keys, a sort, skip, limit, hint,
// collation..., a projection other than plain field paths (which FerretDB applies to a document
// the same whatever the filter), or conditions the matcher leaves to FerretDB. Documents come in
// the order of their _id, as MongoDB's _id index gives them. It is meant for the proxy's reads (a
// find is no write: outside any write turn); differential_test.go checks its answers against
// FerretDB's.

const maxKeyedFindIDs = 1000

func keyedFind(c command, request *message, b backend) ([]byte, error) {
	if c.name != "find" || c.collection == "" || c.db == "" || request.flags() != 0 {
		// With a flag (a checksum, moreToCome...), as keyedWrite: left to FerretDB.
		return nil, nil
	}
	msg, err := parseOpMsg(request)
	if err != nil || len(msg.sequences) > 0 || !onlyFields(msg.body, keyedFindFields) || !optionalBools(msg.body, "singleBatch") {
		return nil, nil
	}
	first, err := msg.body.IndexErr(0)
	filter, _ := msg.body.Lookup("filter").DocumentOK()
	ids, residual, ok := keysOfIn(filter)
	if err != nil || first.Key() != "find" || !ok {
		return nil, nil
	}
	proj, noProjection := msg.body.LookupErr("projection")
	if _, plain := projection(proj, plainPath); noProjection == nil && (residual != nil || !plain) {
		// With other conditions, the documents are read whole to be matched: left to FerretDB.
		return nil, nil
	}
	if v, err := msg.body.LookupErr("batchSize"); err == nil {
		// A batch smaller than the answer would need a cursor: left to FerretDB.
		if n, isNumber := numberValue(v); !isNumber || n != float64(int64(n)) || n < float64(len(ids)) {
			return nil, nil
		}
	}
	// Conditions the matcher leaves to FerretDB even where there is no document (an operator it
	// does not decide, one MongoDB refuses) are left to it whatever documents are found.
	if residual != nil && matchFilter(nil, residual) == unsupported {
		return nil, nil
	}
	found, size := bson.A{}, 0
	for _, id := range ids {
		doc, read, err := b.readByID(c.db, c.collection, id, proj)
		if err != nil || !read {
			return nil, err
		}
		o := matched
		if doc != nil && residual != nil {
			o = matchFilter(doc, residual)
		}
		if doc == nil || o == noMatch {
			continue
		}
		if size += len(doc); o == unsupported || size > 16<<20 {
			return nil, nil
		}
		found = append(found, doc)
	}
	cursor := bson.D{{Key: "firstBatch", Value: found}, {Key: "id", Value: int64(0)}, {Key: "ns", Value: c.db + "." + c.collection}}
	return ourReply(msg.requestID, bson.D{{Key: "cursor", Value: cursor}, {Key: "ok", Value: 1.0}}), nil
}

// keysOfIn splits a filter {_id: {$in: [keys]}, ...} into its keys (strings or ObjectIds, one of
// each, in _id order, at least one) and the other conditions (nil when there are none).
func keysOfIn(filter bson.Raw) (ids []bson.RawValue, residual bson.Raw, ok bool) {
	in, residual, ok := splitID(filter)
	list, isArray := soleField(in, "$in").ArrayOK()
	values, err := list.Values()
	if !ok || !isArray || err != nil || len(values) == 0 || len(values) > maxKeyedFindIDs {
		return nil, nil, false
	}
	seen := map[string]bool{}
	for _, v := range values {
		if v.Type != bsontype.String && v.Type != bsontype.ObjectID {
			return nil, nil, false
		}
		if key := string(rune(v.Type)) + string(v.Value); !seen[key] {
			seen[key] = true
			ids = append(ids, v)
		}
	}
	// MongoDB orders strings before ObjectIds; strings by their bytes, ObjectIds by theirs.
	sort.Slice(ids, func(i, j int) bool {
		if ids[i].Type != ids[j].Type {
			return ids[i].Type == bsontype.String
		}
		return compareScalars(ids[i], ids[j]) < 0
	})
	return ids, residual, true
}
