package main

import (
	"bufio"
	"errors"
	"net"
	"strings"
	"testing"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/bson/primitive"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
)

// fastpath.go: which writes the launcher decides by key and which it leaves to FerretDB exactly as
// they came, and its own answers in MongoDB's shapes. First against a FerretDB played by the test
// (what the launcher sends it, byte for byte), then through the proxy to a real FerretDB with the
// MongoDB Go driver (what a client sees).

// scriptedFerret plays FerretDB on one connection: it answers a find by _id with the document it
// holds (or none, or a refusal), anything else with writeReply, and keeps every command it got.
type scriptedFerret struct {
	doc        bson.D // nil: no such document
	refuseFind bool   // answer the find with ok: 0, as for a collection name FerretDB refuses
	hangUp     bool   // close the connection on the find
	got        []bson.Raw
}

var scriptedWriteReply = marshal(bson.D{{Key: "n", Value: int32(1)}, {Key: "nModified", Value: int32(1)}, {Key: "ok", Value: 1.0}})

func (s *scriptedFerret) serve(conn net.Conn) {
	defer conn.Close()
	r, w := bufio.NewReader(conn), bufio.NewWriter(conn)
	for {
		m, err := readMessage(r)
		if err != nil {
			return
		}
		parsed, err := parseOpMsg(m)
		if err != nil {
			return
		}
		s.got = append(s.got, parsed.body)
		reply := scriptedWriteReply
		if _, isFind := parsed.body.Lookup("find").StringValueOK(); isFind {
			switch {
			case s.hangUp:
				return
			case s.refuseFind:
				reply = marshal(bson.D{{Key: "ok", Value: 0.0}, {Key: "errmsg", Value: "Invalid namespace specified"}, {Key: "code", Value: int32(73)}})
			default:
				batch := bson.A{}
				if s.doc != nil {
					batch = append(batch, s.doc)
				}
				reply = marshal(bson.D{{Key: "cursor", Value: bson.D{{Key: "firstBatch", Value: batch}, {Key: "id", Value: int64(0)}, {Key: "ns", Value: "d.c"}}}, {Key: "ok", Value: 1.0}})
			}
		}
		_, _ = w.Write(buildOpMsg(ourRequestIDs.Add(1), parsed.requestID, reply))
		_ = w.Flush()
	}
}

const scriptedRequestID = 77

// keyedAgainst runs keyedWrite for request against s; reply is nil when the launcher leaves the
// command to FerretDB as it came.
func keyedAgainst(t *testing.T, s *scriptedFerret, request []byte) (reply bson.Raw, responseTo int32, err error) {
	t.Helper()
	m, readErr := readMessage(bufio.NewReader(strings.NewReader(string(request))))
	if readErr != nil {
		t.Fatal(readErr)
	}
	c, cmdErr := m.command()
	if cmdErr != nil {
		t.Fatal(cmdErr)
	}
	ours, theirs := net.Pipe()
	done := make(chan struct{})
	go func() {
		s.serve(theirs)
		close(done)
	}()
	raw, err := keyedWrite(c, m, backend{w: bufio.NewWriter(ours), r: bufio.NewReader(ours)})
	_ = ours.Close()
	<-done
	if raw == nil {
		return nil, 0, err
	}
	answer, parseErr := parseOpMsg(&message{raw: raw, opCode: opMsg})
	if parseErr != nil {
		t.Fatalf("the launcher's answer is no OP_MSG: %v", parseErr)
	}
	return answer.body, int32(uint32(raw[8]) | uint32(raw[9])<<8 | uint32(raw[10])<<16 | uint32(raw[11])<<24), err
}

func updateCmd(q, u bson.D, extra ...bson.E) bson.D {
	stmt := append(bson.D{{Key: "q", Value: q}, {Key: "u", Value: u}}, extra...)
	return bson.D{{Key: "update", Value: "c"}, {Key: "updates", Value: bson.A{stmt}}, {Key: "ordered", Value: true}, {Key: "$db", Value: "d"}}
}

func findAndModifyCmd(q bson.D, extra ...bson.E) bson.D {
	return append(append(bson.D{{Key: "findAndModify", Value: "c"}, {Key: "query", Value: q}}, extra...), bson.E{Key: "$db", Value: "d"})
}

func withKey(d bson.D, key string, value interface{}) bson.D {
	out := bson.D{}
	for _, e := range d {
		if e.Key == key {
			e.Value = value
		}
		out = append(out, e)
	}
	return out
}

var (
	storedA   = bson.D{{Key: "_id", Value: "a"}, {Key: "version", Value: int32(3)}, {Key: "tags", Value: bson.A{"x"}}}
	atV3      = bson.D{{Key: "_id", Value: "a"}, {Key: "version", Value: int32(3)}}
	atV2      = bson.D{{Key: "_id", Value: "a"}, {Key: "version", Value: int32(2)}}
	byA       = bson.D{{Key: "_id", Value: "a"}}
	setTitle  = bson.D{{Key: "$set", Value: bson.D{{Key: "title", Value: "t"}}}, {Key: "$inc", Value: bson.D{{Key: "version", Value: 1}}}}
	upsert    = bson.E{Key: "upsert", Value: true}
	statement = func(u bson.D, extra ...bson.E) bson.A {
		return bson.A{append(bson.D{{Key: "q", Value: atV2}, {Key: "u", Value: u}}, extra...)}
	}
)

// Writes the launcher takes: narrowed to their _id when the other conditions hold (everything
// else of the command unchanged), or answered as MongoDB answers when they do not.
func TestKeyedWritesTaken(t *testing.T) {
	oid := primitive.ObjectID{0x65, 0x1f, 9}
	storedOID := bson.D{{Key: "_id", Value: oid}, {Key: "version", Value: int32(3)}}
	updateNone := bson.D{{Key: "n", Value: int32(0)}, {Key: "nModified", Value: int32(0)}, {Key: "ok", Value: 1.0}}
	duplicate := func(id interface{}, shown string) bson.D {
		writeError := bson.D{{Key: "index", Value: int32(0)}, {Key: "code", Value: int32(11000)}, {Key: "errmsg", Value: "E11000 duplicate key error collection: d.c index: _id_ dup key: { _id: " + shown + " }"}, {Key: "keyPattern", Value: bson.D{{Key: "_id", Value: int32(1)}}}, {Key: "keyValue", Value: bson.D{{Key: "_id", Value: id}}}}
		return bson.D{{Key: "n", Value: int32(0)}, {Key: "nModified", Value: int32(0)}, {Key: "writeErrors", Value: bson.A{writeError}}, {Key: "ok", Value: 1.0}}
	}
	cases := []struct {
		name    string
		stored  bson.D
		request []byte
		// narrowed: what FerretDB gets after the find (nil: nothing, the launcher answers)
		narrowed bson.D
		answer   bson.D // the launcher's own answer (when narrowed is nil)
	}{
		{"update, conditions hold: narrowed", storedA, buildOpMsg(scriptedRequestID, 0, marshal(updateCmd(atV3, setTitle))),
			updateCmd(byA, setTitle), nil},
		{"update by ObjectId, conditions hold: narrowed", storedOID, buildOpMsg(scriptedRequestID, 0, marshal(updateCmd(bson.D{{Key: "_id", Value: oid}, {Key: "version", Value: op("$gte", 3)}}, setTitle))),
			updateCmd(bson.D{{Key: "_id", Value: oid}}, setTitle), nil},
		{"update as a document sequence: narrowed", storedA, opMsgWith(scriptedRequestID, 0, bodySection(marshal(bson.D{{Key: "update", Value: "c"}, {Key: "ordered", Value: true}, {Key: "$db", Value: "d"}})), sequenceSection("updates", marshal(bson.D{{Key: "q", Value: atV3}, {Key: "u", Value: setTitle}}))),
			bson.D{{Key: "update", Value: "c"}, {Key: "ordered", Value: true}, {Key: "$db", Value: "d"}, {Key: "updates", Value: bson.A{bson.D{{Key: "q", Value: byA}, {Key: "u", Value: setTitle}}}}}, nil},
		{"update with its session and write concern: narrowed, kept", storedA, buildOpMsg(scriptedRequestID, 0, marshal(append(updateCmd(atV3, setTitle)[:3], bson.E{Key: "writeConcern", Value: op("w", 1)}, bson.E{Key: "lsid", Value: op("id", primitive.Binary{Subtype: 4, Data: make([]byte, 16)})}, bson.E{Key: "$db", Value: "d"}))),
			append(updateCmd(byA, setTitle)[:3], bson.E{Key: "writeConcern", Value: op("w", 1)}, bson.E{Key: "lsid", Value: op("id", primitive.Binary{Subtype: 4, Data: make([]byte, 16)})}, bson.E{Key: "$db", Value: "d"}), nil},
		{"update, a replacement: narrowed", storedA, buildOpMsg(scriptedRequestID, 0, marshal(updateCmd(atV3, bson.D{{Key: "version", Value: 4}}))),
			updateCmd(byA, bson.D{{Key: "version", Value: 4}}), nil},
		{"update, condition fails: nothing matched", storedA, buildOpMsg(scriptedRequestID, 0, marshal(updateCmd(atV2, setTitle))),
			nil, updateNone},
		{"update, no such document: nothing matched", nil, buildOpMsg(scriptedRequestID, 0, marshal(updateCmd(atV3, setTitle))),
			nil, updateNone},
		{"update, a replacement, condition fails: nothing matched", storedA, buildOpMsg(scriptedRequestID, 0, marshal(updateCmd(atV2, bson.D{{Key: "version", Value: 4}}))),
			nil, updateNone},
		{"update, every plain modifier, condition fails: nothing matched", storedA, buildOpMsg(scriptedRequestID, 0, marshal(updateCmd(atV2, bson.D{
			{Key: "$set", Value: bson.D{{Key: "a.b", Value: 1}}}, {Key: "$unset", Value: bson.D{{Key: "c", Value: ""}}}, {Key: "$setOnInsert", Value: bson.D{{Key: "d", Value: 1}}},
			{Key: "$inc", Value: bson.D{{Key: "e", Value: int64(1)}}}, {Key: "$mul", Value: bson.D{{Key: "f", Value: 1.5}}}, {Key: "$min", Value: bson.D{{Key: "g", Value: 1}}},
			{Key: "$max", Value: bson.D{{Key: "h", Value: "z"}}}, {Key: "$currentDate", Value: bson.D{{Key: "i", Value: true}, {Key: "j", Value: op("$type", "timestamp")}}},
		}))), nil, updateNone},
		{"update, $push of $each (the outbox's events), condition fails: nothing matched", storedA, buildOpMsg(scriptedRequestID, 0, marshal(updateCmd(atV2, bson.D{
			{Key: "$push", Value: bson.D{{Key: "_outbox", Value: op("$each", bson.A{"e1", "e2"})}}}, {Key: "$inc", Value: x(1)}, {Key: "$set", Value: bson.D{{Key: "title", Value: "t"}}},
		}))), nil, updateNone},
		{"findAndModify, $push of $each, condition fails: no document", storedA, buildOpMsg(scriptedRequestID, 0, marshal(findAndModifyCmd(atV2, bson.E{Key: "update", Value: bson.D{{Key: "$push", Value: bson.D{{Key: "_outbox", Value: op("$each", bson.A{"e1"})}}}, {Key: "$inc", Value: x(1)}}}, bson.E{Key: "new", Value: true}))),
			nil, bson.D{{Key: "lastErrorObject", Value: bson.D{{Key: "n", Value: int32(0)}, {Key: "updatedExisting", Value: false}}}, {Key: "value", Value: nil}, {Key: "ok", Value: 1.0}}},
		{"upsert, document there, condition fails: duplicate key", storedA, buildOpMsg(scriptedRequestID, 0, marshal(updateCmd(atV2, setTitle, upsert))),
			nil, duplicate("a", `"a"`)},
		{"upsert by ObjectId, condition fails: duplicate key", storedOID, buildOpMsg(scriptedRequestID, 0, marshal(updateCmd(bson.D{{Key: "_id", Value: oid}, {Key: "version", Value: op("$lt", 3)}}, setTitle, upsert))),
			nil, duplicate(oid, "ObjectId('"+oid.Hex()+"')")},
		{"upsert, no document, comparisons only: narrowed", nil, buildOpMsg(scriptedRequestID, 0, marshal(updateCmd(bson.D{{Key: "_id", Value: "a"}, {Key: "version", Value: op("$lt", 3)}}, setTitle, upsert))),
			updateCmd(byA, setTitle, upsert), nil},
		{"upsert, document there and conditions hold: narrowed", storedA, buildOpMsg(scriptedRequestID, 0, marshal(updateCmd(atV3, setTitle, upsert))),
			updateCmd(byA, setTitle, upsert), nil},
		{"findAndModify, conditions hold: narrowed", storedA, buildOpMsg(scriptedRequestID, 0, marshal(findAndModifyCmd(atV3, bson.E{Key: "update", Value: setTitle}, bson.E{Key: "new", Value: true}))),
			findAndModifyCmd(byA, bson.E{Key: "update", Value: setTitle}, bson.E{Key: "new", Value: true}), nil},
		{"findAndModify remove, conditions hold: narrowed", storedA, buildOpMsg(scriptedRequestID, 0, marshal(findAndModifyCmd(atV3, bson.E{Key: "remove", Value: true}))),
			findAndModifyCmd(byA, bson.E{Key: "remove", Value: true}), nil},
		{"findAndModify, condition fails: no document", storedA, buildOpMsg(scriptedRequestID, 0, marshal(findAndModifyCmd(atV2, bson.E{Key: "update", Value: setTitle}, bson.E{Key: "fields", Value: bson.D{{Key: "title", Value: 1}, {Key: "_id", Value: 0}}}))),
			nil, bson.D{{Key: "lastErrorObject", Value: bson.D{{Key: "n", Value: int32(0)}, {Key: "updatedExisting", Value: false}}}, {Key: "value", Value: nil}, {Key: "ok", Value: 1.0}}},
		{"findandmodify (old name), condition fails: no document", storedA, buildOpMsg(scriptedRequestID, 0, marshal(append(bson.D{{Key: "findandmodify", Value: "c"}}, findAndModifyCmd(atV2, bson.E{Key: "update", Value: setTitle})[1:]...))),
			nil, bson.D{{Key: "lastErrorObject", Value: bson.D{{Key: "n", Value: int32(0)}, {Key: "updatedExisting", Value: false}}}, {Key: "value", Value: nil}, {Key: "ok", Value: 1.0}}},
		{"findAndModify remove, condition fails: no document", storedA, buildOpMsg(scriptedRequestID, 0, marshal(findAndModifyCmd(atV2, bson.E{Key: "remove", Value: true}))),
			nil, bson.D{{Key: "lastErrorObject", Value: bson.D{{Key: "n", Value: int32(0)}}}, {Key: "value", Value: nil}, {Key: "ok", Value: 1.0}}},
		{"findAndModify upsert, document there, condition fails: duplicate key", storedA, buildOpMsg(scriptedRequestID, 0, marshal(findAndModifyCmd(atV2, bson.E{Key: "update", Value: setTitle}, upsert))),
			nil, bson.D{{Key: "ok", Value: 0.0}, {Key: "errmsg", Value: `E11000 duplicate key error collection: d.c index: _id_ dup key: { _id: "a" }`}, {Key: "code", Value: int32(11000)}, {Key: "codeName", Value: "DuplicateKey"}, {Key: "keyPattern", Value: bson.D{{Key: "_id", Value: int32(1)}}}, {Key: "keyValue", Value: bson.D{{Key: "_id", Value: "a"}}}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := &scriptedFerret{doc: tc.stored}
			answer, responseTo, err := keyedAgainst(t, s, tc.request)
			if err != nil {
				t.Fatal(err)
			}
			if answer == nil {
				t.Fatalf("left to FerretDB; it got %v", s.got)
			}
			if len(s.got) == 0 {
				t.Fatal("the launcher did not read the document")
			}
			if id := s.got[0].Lookup("filter", "_id"); tc.stored != nil && !id.Equal(bson.Raw(marshal(tc.stored)).Lookup("_id")) {
				t.Fatalf("read the document by %s", id)
			}
			if tc.narrowed != nil {
				if len(s.got) != 2 || !bytesEqualDoc(s.got[1], tc.narrowed) {
					t.Fatalf("FerretDB got %v, want the find then %v", s.got, tc.narrowed)
				}
				if !bytesEqualDoc(answer, bson.D{{Key: "n", Value: int32(1)}, {Key: "nModified", Value: int32(1)}, {Key: "ok", Value: 1.0}}) {
					t.Fatalf("FerretDB's answer did not reach the client: %s", answer)
				}
				return
			}
			if len(s.got) != 1 {
				t.Fatalf("FerretDB got more than the find: %v", s.got)
			}
			if !bytesEqualDoc(answer, tc.answer) {
				t.Fatalf("answered %s\nMongoDB answers %s", answer, bson.Raw(marshal(tc.answer)))
			}
			if responseTo != scriptedRequestID {
				t.Fatalf("the answer is to request %d, not %d", responseTo, scriptedRequestID)
			}
		})
	}
}

func bytesEqualDoc(got bson.Raw, want bson.D) bool {
	return string(got) == string(marshal(want))
}

// Writes the launcher leaves to FerretDB exactly as they came (it may have read the document first).
func TestKeyedWritesPassedThrough(t *testing.T) {
	plain := func(cmd bson.D) []byte { return buildOpMsg(scriptedRequestID, 0, marshal(cmd)) }
	stmtWith := func(extra ...bson.E) bson.D { return updateCmd(atV2, setTitle, extra...) }
	cases := []struct {
		name    string
		stored  bson.D
		request []byte
	}{
		{"update of several documents", storedA, plain(stmtWith(bson.E{Key: "multi", Value: true}))},
		{"update with arrayFilters", storedA, plain(stmtWith(bson.E{Key: "arrayFilters", Value: bson.A{}}))},
		{"update with a hint", storedA, plain(stmtWith(bson.E{Key: "hint", Value: "_id_"}))},
		{"update with a collation", storedA, plain(stmtWith(bson.E{Key: "collation", Value: op("locale", "fr")}))},
		{"update with a pipeline", storedA, plain(bson.D{{Key: "update", Value: "c"}, {Key: "updates", Value: bson.A{bson.D{{Key: "q", Value: atV2}, {Key: "u", Value: bson.A{op("$set", x(1))}}}}}, {Key: "$db", Value: "d"}})},
		{"update with two statements", storedA, plain(bson.D{{Key: "update", Value: "c"}, {Key: "updates", Value: append(statement(setTitle), statement(setTitle)...)}, {Key: "$db", Value: "d"}})},
		{"update with statements in the body and a sequence", storedA, opMsgWith(scriptedRequestID, 0, bodySection(marshal(bson.D{{Key: "update", Value: "c"}, {Key: "updates", Value: statement(setTitle)}, {Key: "$db", Value: "d"}})), sequenceSection("updates", marshal(bson.D{{Key: "q", Value: atV2}, {Key: "u", Value: setTitle}})))},
		{"update by _id alone", storedA, plain(updateCmd(byA, setTitle))},
		{"update by a number _id", storedA, plain(updateCmd(bson.D{{Key: "_id", Value: 1}, {Key: "version", Value: 3}}, setTitle))},
		{"update by two _ids", storedA, plain(updateCmd(bson.D{{Key: "_id", Value: "a"}, {Key: "_id", Value: "b"}, {Key: "version", Value: 3}}, setTitle))},
		{"update with a regular expression", storedA, plain(updateCmd(bson.D{{Key: "_id", Value: "a"}, {Key: "name", Value: op("$regex", "^a")}}, setTitle))},
		{"update on an array field", storedA, plain(updateCmd(bson.D{{Key: "_id", Value: "a"}, {Key: "tags", Value: "x"}}, setTitle))},
		{"update with a NaN", storedA, plain(updateCmd(bson.D{{Key: "_id", Value: "a"}, {Key: "version", Value: nanValue()}}, setTitle))},
		{"upsert, no document, an equality the insert copies", nil, plain(updateCmd(bson.D{{Key: "_id", Value: "a"}, {Key: "status", Value: nil}}, setTitle, upsert))},
		{"upsert, no document, an equality that fails", nil, plain(updateCmd(atV2, setTitle, upsert))},
		{"upsert given as a number", storedA, plain(stmtWith(bson.E{Key: "upsert", Value: int32(1)}))},
		{"unknown statement field, condition fails", storedA, plain(stmtWith(bson.E{Key: "foo", Value: 1}))},
		{"unknown command field, condition fails", storedA, plain(append(stmtWith(), bson.E{Key: "foo", Value: 1}))},
		{"let, condition fails", storedA, plain(append(stmtWith(), bson.E{Key: "let", Value: x(1)}))},
		{"unknown modifier, condition fails", storedA, plain(updateCmd(atV2, bson.D{{Key: "$sett", Value: x(1)}}))},
		{"$inc of a string, condition fails", storedA, plain(updateCmd(atV2, bson.D{{Key: "$inc", Value: x("1")}}))},
		{"paths in conflict, condition fails", storedA, plain(updateCmd(atV2, bson.D{{Key: "$set", Value: bson.D{{Key: "a", Value: 1}}}, {Key: "$unset", Value: bson.D{{Key: "a.b", Value: ""}}}}))},
		{"the same path twice, condition fails", storedA, plain(updateCmd(atV2, bson.D{{Key: "$set", Value: x(1)}, {Key: "$inc", Value: x(1)}}))},
		{"setting _id, condition fails", storedA, plain(updateCmd(atV2, bson.D{{Key: "$set", Value: op("_id", "b")}}))},
		{"positional path, condition fails", storedA, plain(updateCmd(atV2, bson.D{{Key: "$set", Value: op("tags.$", "y")}}))},
		{"a modifier beside a field, condition fails", storedA, plain(updateCmd(atV2, bson.D{{Key: "$set", Value: x(1)}, {Key: "y", Value: 2}}))},
		{"a modifier not a document, condition fails", storedA, plain(updateCmd(atV2, bson.D{{Key: "$set", Value: 5}}))},
		{"$push, condition fails", storedA, plain(updateCmd(atV2, bson.D{{Key: "$push", Value: op("tags", "y")}}))},
		{"$push of $each not an array, condition fails", storedA, plain(updateCmd(atV2, bson.D{{Key: "$push", Value: op("tags", op("$each", "y"))}}))},
		{"$push of $each with $slice, condition fails", storedA, plain(updateCmd(atV2, bson.D{{Key: "$push", Value: op("tags", bson.D{{Key: "$each", Value: bson.A{"y"}}, {Key: "$slice", Value: -5}})}}))},
		{"$push of $each beside a $set of the same path, condition fails", storedA, plain(updateCmd(atV2, bson.D{{Key: "$push", Value: op("tags", op("$each", bson.A{"y"}))}, {Key: "$set", Value: op("tags", bson.A{})}}))},
		{"$currentDate of a string, condition fails", storedA, plain(updateCmd(atV2, bson.D{{Key: "$currentDate", Value: x("now")}}))},
		{"a replacement with a dotted field, condition fails", storedA, plain(updateCmd(atV2, bson.D{{Key: "a.b", Value: 1}}))},
		{"a replacement with an _id, upsert, condition fails", storedA, plain(updateCmd(atV2, bson.D{{Key: "_id", Value: "a"}, {Key: "v", Value: 1}}, upsert))},
		{"UPDATE (no such command)", storedA, plain(append(bson.D{{Key: "UPDATE", Value: "c"}}, updateCmd(atV2, setTitle)[1:]...))},
		{"findAndModify with update and remove", storedA, plain(findAndModifyCmd(atV2, bson.E{Key: "update", Value: setTitle}, bson.E{Key: "remove", Value: true}))},
		{"findAndModify with neither", storedA, plain(findAndModifyCmd(atV2))},
		{"findAndModify remove with new", storedA, plain(findAndModifyCmd(atV2, bson.E{Key: "remove", Value: true}, bson.E{Key: "new", Value: true}))},
		{"findAndModify remove with upsert", storedA, plain(findAndModifyCmd(atV2, bson.E{Key: "remove", Value: true}, upsert))},
		{"findAndModify with a mixed projection", storedA, plain(findAndModifyCmd(atV2, bson.E{Key: "update", Value: setTitle}, bson.E{Key: "fields", Value: bson.D{{Key: "a", Value: 1}, {Key: "b", Value: 0}}}))},
		{"findAndModify with a sort", storedA, plain(findAndModifyCmd(atV2, bson.E{Key: "update", Value: setTitle}, bson.E{Key: "sort", Value: op("version", 1)}))},
		{"findAndModify with arrayFilters", storedA, plain(findAndModifyCmd(atV2, bson.E{Key: "update", Value: setTitle}, bson.E{Key: "arrayFilters", Value: bson.A{}}))},
		{"findAndModify with a pipeline", storedA, plain(findAndModifyCmd(atV2, bson.E{Key: "update", Value: bson.A{op("$set", x(1))}}))},
		{"findAndModify with upsert as a string", storedA, plain(findAndModifyCmd(atV2, bson.E{Key: "update", Value: setTitle}, bson.E{Key: "upsert", Value: "yes"}))},
		{"findAndModify with an unknown field", storedA, plain(findAndModifyCmd(atV2, bson.E{Key: "update", Value: setTitle}, bson.E{Key: "foo", Value: 1}))},
		{"findAndModify with an unknown modifier", storedA, plain(findAndModifyCmd(atV2, bson.E{Key: "update", Value: bson.D{{Key: "$sett", Value: x(1)}}}))},
		{"FINDANDMODIFY (no such command)", storedA, plain(append(bson.D{{Key: "FINDANDMODIFY", Value: "c"}}, findAndModifyCmd(atV2, bson.E{Key: "update", Value: setTitle})[1:]...))},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := &scriptedFerret{doc: tc.stored}
			answer, _, err := keyedAgainst(t, s, tc.request)
			if err != nil {
				t.Fatal(err)
			}
			if answer != nil {
				t.Fatalf("the launcher answered %s itself", answer)
			}
			for _, got := range s.got {
				if _, isFind := got.Lookup("find").StringValueOK(); !isFind {
					t.Fatalf("FerretDB got %s besides the find", got)
				}
			}
		})
	}
}

func nanValue() float64 {
	zero := 0.0
	return zero / zero
}

// A find by _id FerretDB refuses (a collection name it does not take, say) leaves the command to
// FerretDB, to answer as it does; the client's connection stays.
func TestKeyedWriteFindRefused(t *testing.T) {
	s := &scriptedFerret{doc: storedA, refuseFind: true}
	answer, _, err := keyedAgainst(t, s, buildOpMsg(scriptedRequestID, 0, marshal(updateCmd(atV2, setTitle))))
	if err != nil || answer != nil || len(s.got) != 1 {
		t.Fatalf("answer %s, error %v, FerretDB got %v", answer, err, s.got)
	}
}

// A connection to FerretDB that breaks while the launcher reads the document is an error (the
// client's connection then ends), not an answer.
func TestKeyedWriteBrokenConnection(t *testing.T) {
	s := &scriptedFerret{doc: storedA, hangUp: true}
	answer, _, err := keyedAgainst(t, s, buildOpMsg(scriptedRequestID, 0, marshal(updateCmd(atV2, setTitle))))
	if err == nil || answer != nil {
		t.Fatalf("answer %s, error %v", answer, err)
	}
}

// Through the proxy to a real FerretDB, as the services see it with the driver.
func TestKeyedWritesThroughTheLauncher(t *testing.T) {
	l := startLauncher(t)
	client := driverClient(t, l.addr)
	ctx := testContext(t)
	coll := client.Database("shop").Collection("listings")
	if _, err := coll.InsertOne(ctx, bson.D{{Key: "_id", Value: "a"}, {Key: "version", Value: int32(3)}, {Key: "tags", Value: bson.A{"x", "y"}}}); err != nil {
		t.Fatal(err)
	}
	bump := bson.D{{Key: "$set", Value: bson.D{{Key: "title", Value: "t"}}}, {Key: "$inc", Value: bson.D{{Key: "version", Value: 1}}}}

	t.Run("compare-and-set that holds", func(t *testing.T) {
		res, err := coll.UpdateOne(ctx, atV3, bump)
		if err != nil || res.MatchedCount != 1 || res.ModifiedCount != 1 {
			t.Fatalf("%+v %v", res, err)
		}
	})
	t.Run("compare-and-set that fails", func(t *testing.T) {
		res, err := coll.UpdateOne(ctx, atV3, bump)
		if err != nil || res.MatchedCount != 0 || res.ModifiedCount != 0 || res.UpsertedID != nil {
			t.Fatalf("%+v %v", res, err)
		}
	})
	t.Run("the same with a double for the version", func(t *testing.T) {
		res, err := coll.UpdateOne(ctx, bson.D{{Key: "_id", Value: "a"}, {Key: "version", Value: 4.0}}, bson.D{{Key: "$set", Value: bson.D{{Key: "seen", Value: true}}}})
		if err != nil || res.MatchedCount != 1 {
			t.Fatalf("%+v %v", res, err)
		}
	})
	t.Run("upsert whose _id exists: duplicate key", func(t *testing.T) {
		_, err := coll.UpdateOne(ctx, bson.D{{Key: "_id", Value: "a"}, {Key: "version", Value: op("$lt", 2)}}, bump, options.Update().SetUpsert(true))
		var we mongo.WriteException
		if !mongo.IsDuplicateKeyError(err) || !errors.As(err, &we) || len(we.WriteErrors) != 1 {
			t.Fatalf("%v", err)
		}
		if !strings.Contains(we.WriteErrors[0].Message, `dup key: { _id: "a" }`) || !we.WriteErrors[0].Raw.Lookup("keyValue").Equal(bson.RawValue{Type: bson.TypeEmbeddedDocument, Value: marshal(byA)}) {
			t.Fatalf("%s", we.WriteErrors[0].Raw)
		}
	})
	t.Run("findOneAndUpdate that fails", func(t *testing.T) {
		err := coll.FindOneAndUpdate(ctx, atV3, bump).Err()
		if !errors.Is(err, mongo.ErrNoDocuments) {
			t.Fatalf("%v", err)
		}
	})
	t.Run("findOneAndUpdate upsert whose _id exists: duplicate key", func(t *testing.T) {
		err := coll.FindOneAndUpdate(ctx, atV3, bump, options.FindOneAndUpdate().SetUpsert(true)).Err()
		if !mongo.IsDuplicateKeyError(err) {
			t.Fatalf("%v", err)
		}
	})
	t.Run("findOneAndDelete that fails", func(t *testing.T) {
		if err := coll.FindOneAndDelete(ctx, atV3).Err(); !errors.Is(err, mongo.ErrNoDocuments) {
			t.Fatalf("%v", err)
		}
	})
	t.Run("an array field: MongoDB matches an element", func(t *testing.T) {
		res, err := coll.UpdateOne(ctx, bson.D{{Key: "_id", Value: "a"}, {Key: "tags", Value: "y"}}, bson.D{{Key: "$set", Value: bson.D{{Key: "tagged", Value: true}}}})
		if err != nil || res.MatchedCount != 1 {
			t.Fatalf("%+v %v", res, err)
		}
	})
	t.Run("an unknown modifier on a failing condition is refused", func(t *testing.T) {
		res, err := coll.UpdateOne(ctx, atV3, bson.D{{Key: "$sett", Value: bson.D{{Key: "x", Value: 1}}}})
		if err == nil {
			t.Fatalf("answered %+v", res)
		}
	})
	t.Run("an unknown operator in the filter is refused", func(t *testing.T) {
		res, err := coll.UpdateOne(ctx, bson.D{{Key: "_id", Value: "a"}, {Key: "version", Value: op("$foo", 1)}}, bump)
		if err == nil {
			t.Fatalf("answered %+v", res)
		}
	})
	t.Run("upsert with nothing there copies the filter's equalities", func(t *testing.T) {
		res, err := coll.UpdateOne(ctx, bson.D{{Key: "_id", Value: "n"}, {Key: "status", Value: nil}, {Key: "version", Value: op("$exists", false)}}, bson.D{{Key: "$set", Value: bson.D{{Key: "w", Value: 1}}}}, options.Update().SetUpsert(true))
		if err != nil || res.UpsertedID != "n" {
			t.Fatalf("%+v %v", res, err)
		}
		var got bson.M
		if err := coll.FindOne(ctx, byID("n")).Decode(&got); err != nil {
			t.Fatal(err)
		}
		if status, has := got["status"]; !has || status != nil || len(got) != 3 {
			t.Fatalf("inserted %v, MongoDB inserts {_id: n, status: null, w: 1}", got)
		}
	})
	t.Run("upsert with nothing there and comparisons only", func(t *testing.T) {
		res, err := coll.UpdateOne(ctx, bson.D{{Key: "_id", Value: "m"}, {Key: "version", Value: op("$lt", 5)}}, bson.D{{Key: "$set", Value: bson.D{{Key: "w", Value: 1}}}}, options.Update().SetUpsert(true))
		if err != nil || res.UpsertedID != "m" || res.MatchedCount != 0 {
			t.Fatalf("%+v %v", res, err)
		}
		var got bson.M
		if err := coll.FindOne(ctx, byID("m")).Decode(&got); err != nil || len(got) != 2 {
			t.Fatalf("inserted %v (%v), MongoDB inserts {_id: m, w: 1}", got, err)
		}
	})
	t.Run("UPDATE is no command", func(t *testing.T) {
		raw := bson.D{{Key: "UPDATE", Value: "listings"}, {Key: "updates", Value: statement(bump)}}
		err := client.Database("shop").RunCommand(ctx, raw).Err()
		var ce mongo.CommandError
		if !errors.As(err, &ce) || ce.Code != 59 {
			t.Fatalf("%v", err)
		}
	})
	t.Run("a collection name that is a number: refused, the connection kept", func(t *testing.T) {
		c := dialRaw(t, l.addr)
		body := c.run(bson.D{{Key: "update", Value: int32(5)}, {Key: "updates", Value: statement(bump)}, {Key: "$db", Value: "shop"}})
		if code, _ := body.Lookup("code").Int32OK(); okOf(body) != 0 || code != 73 { // InvalidNamespace
			t.Fatalf("answered %s", body)
		}
		if body := c.run(bson.D{{Key: "ping", Value: 1}, {Key: "$db", Value: "admin"}}); okOf(body) != 1 {
			t.Fatalf("ping: %s", body)
		}
	})
	t.Run("what is stored", func(t *testing.T) {
		var got bson.M
		if err := coll.FindOne(ctx, byA).Decode(&got); err != nil {
			t.Fatal(err)
		}
		if got["version"] != int32(4) || got["title"] != "t" || got["seen"] != true || got["tagged"] != true {
			t.Fatalf("%v", got)
		}
	})
}

func byID(id interface{}) bson.D { return bson.D{{Key: "_id", Value: id}} }

// No request makes the keyed path panic (a panic would end the launcher and every connection):
// the seeds run with go test, more with go test -fuzz.
func FuzzKeyedWrite(f *testing.F) {
	f.Add(marshal(updateCmd(atV2, setTitle, upsert)))
	f.Add(marshal(updateCmd(bson.D{{Key: "_id", Value: "a"}, {Key: "version", Value: op("$in", bson.A{1, bson.D{{Key: "a", Value: bson.A{2.0}}}})}}, setTitle)))
	f.Add(marshal(findAndModifyCmd(bson.D{{Key: "_id", Value: "a"}, {Key: "$or", Value: bson.A{x(1), x(nil)}}}, bson.E{Key: "remove", Value: true})))
	f.Add(marshal(findAndModifyCmd(atV3, bson.E{Key: "update", Value: setTitle}, bson.E{Key: "fields", Value: op("a", 1)})))
	f.Fuzz(func(t *testing.T, body []byte) {
		request := buildOpMsg(scriptedRequestID, 0, body)
		m := &message{raw: request, opCode: opMsg}
		c, err := m.command()
		if err != nil {
			return
		}
		ours, theirs := net.Pipe()
		s := &scriptedFerret{doc: storedA}
		done := make(chan struct{})
		go func() {
			s.serve(theirs)
			close(done)
		}()
		_, _ = keyedWrite(c, m, backend{w: bufio.NewWriter(ours), r: bufio.NewReader(ours)})
		_ = ours.Close()
		<-done
	})
}
