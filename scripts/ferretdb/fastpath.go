package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
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

// findByID reads one document by _id (nil when there is none).
func (b backend) findByID(db, collection string, id bson.RawValue) (bson.Raw, error) {
	body := marshal(bson.D{{Key: "find", Value: collection}, {Key: "filter", Value: idFilter(id)}, {Key: "limit", Value: int32(1)}, {Key: "singleBatch", Value: true}, {Key: "$db", Value: db}})
	reply, err := b.roundTrip(buildOpMsg(ourRequestIDs.Add(1), 0, body))
	if err != nil {
		return nil, err
	}
	parsed, err := parseOpMsg(reply)
	if err != nil {
		return nil, err
	}
	if okValue, isNumber := numberValue(parsed.body.Lookup("ok")); !isNumber || okValue != 1 {
		return nil, fmt.Errorf("find by _id failed: %s", parsed.body.String())
	}
	batch, isArray := parsed.body.Lookup("cursor", "firstBatch").ArrayOK()
	if !isArray {
		return nil, errors.New("find by _id: no first batch")
	}
	values, err := batch.Values()
	if err != nil || len(values) == 0 {
		return nil, err
	}
	doc, _ := values[0].DocumentOK()
	return doc, nil
}

// keyedWrite answers a single-document write whose filter is an _id plus other conditions, by key.
// It returns the reply for the client, or nil when the command is not one it decides (the caller
// then sends it to FerretDB as it came).
func keyedWrite(c command, request *message, b backend) ([]byte, error) {
	if c.name != "update" && c.name != "findandmodify" {
		return nil, nil
	}
	msg, err := parseOpMsg(request)
	if err != nil {
		return nil, nil
	}
	switch c.name {
	case "update":
		return keyedUpdate(c, msg, b)
	default:
		return keyedFindAndModify(c, msg, b)
	}
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
	doc, err := b.findByID(c.db, c.collection, id)
	if err != nil {
		return "", id, err
	}
	switch matchFilter(doc, residual) {
	case matched:
		return "write", id, nil
	case unsupported:
		return "", id, nil
	}
	switch {
	case !upsert:
		return "none", id, nil
	case doc != nil:
		return "duplicate", id, nil
	case !copiesOnUpsert(residual):
		// Nothing there and nothing else to copy: the upsert inserts as it would by _id alone.
		return "write", id, nil
	}
	return "", id, nil
}

func duplicateMessage(c command, id bson.RawValue) string {
	return fmt.Sprintf("E11000 duplicate key error collection: %s.%s index: _id_ dup key: { _id: %s }", c.db, c.collection, id.String())
}

func keyedUpdate(c command, msg *parsedMsg, b backend) ([]byte, error) {
	statements := msg.sequences["updates"]
	inBody := false
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
	if !ok {
		return nil, nil
	}
	act, id, err := decide(c, filter, boolField(stmt, "upsert"), b)
	if err != nil || act == "" {
		return nil, err
	}
	switch act {
	case "none":
		return buildOpMsg(ourRequestIDs.Add(1), msg.requestID, marshal(bson.D{{Key: "n", Value: int32(0)}, {Key: "nModified", Value: int32(0)}, {Key: "ok", Value: 1.0}})), nil
	case "duplicate":
		writeError := bson.D{{Key: "index", Value: int32(0)}, {Key: "code", Value: int32(11000)}, {Key: "errmsg", Value: duplicateMessage(c, id)}}
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
	if u, err := msg.body.LookupErr("update"); err == nil && u.Type != bsontype.EmbeddedDocument {
		return nil, nil
	}
	filter, ok := msg.body.Lookup("query").DocumentOK()
	if !ok {
		return nil, nil
	}
	act, id, err := decide(c, filter, boolField(msg.body, "upsert"), b)
	if err != nil || act == "" {
		return nil, err
	}
	switch act {
	case "none":
		last := bson.D{{Key: "n", Value: int32(0)}, {Key: "updatedExisting", Value: false}}
		return buildOpMsg(ourRequestIDs.Add(1), msg.requestID, marshal(bson.D{{Key: "lastErrorObject", Value: last}, {Key: "value", Value: nil}, {Key: "ok", Value: 1.0}})), nil
	case "duplicate":
		return buildOpMsg(ourRequestIDs.Add(1), msg.requestID, marshal(bson.D{{Key: "ok", Value: 0.0}, {Key: "errmsg", Value: duplicateMessage(c, id)}, {Key: "code", Value: int32(11000)}, {Key: "codeName", Value: "DuplicateKey"}})), nil
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
