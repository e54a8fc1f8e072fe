package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"testing"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/bson/primitive"
)

// wire.go: the framing of wire messages, and the name and database of an OP_MSG command, which
// decide whether a request takes its database's write turn.

// wireHeader is a 16-byte message header declaring length bytes.
func wireHeader(length int32, opCode int32) []byte {
	h := make([]byte, 16)
	binary.LittleEndian.PutUint32(h[0:4], uint32(length))
	binary.LittleEndian.PutUint32(h[4:8], 7)
	binary.LittleEndian.PutUint32(h[12:16], uint32(opCode))
	return h
}

func TestReadMessageFraming(t *testing.T) {
	ping := buildOpMsg(1, 0, marshal(bson.D{{Key: "ping", Value: 1}, {Key: "$db", Value: "admin"}}))
	insert := buildOpMsg(2, 0, marshal(bson.D{{Key: "insert", Value: "c"}, {Key: "$db", Value: "test"}}))
	cases := []struct {
		name  string
		input []byte
		// the messages read whole, then the error that ends the stream
		want    [][]byte
		wantErr func(error) bool
	}{
		{"one message", ping, [][]byte{ping}, isEOF},
		{"two messages back to back", append(append([]byte{}, ping...), insert...), [][]byte{ping, insert}, isEOF},
		{"a header alone (16 bytes, no body)", wireHeader(16, opMsg), [][]byte{wireHeader(16, opMsg)}, isEOF},
		{"nothing", nil, nil, isEOF},
		{"a header cut short", ping[:9], nil, isUnexpectedEOF},
		{"a body cut short", ping[:len(ping)-3], nil, isUnexpectedEOF},
		{"a second message cut short", append(append([]byte{}, ping...), insert[:20]...), [][]byte{ping}, isUnexpectedEOF},
		{"a length below the header's", wireHeader(15, opMsg), nil, isFramingError},
		{"a length of zero", wireHeader(0, opMsg), nil, isFramingError},
		{"a negative length", wireHeader(-100, opMsg), nil, isFramingError},
		// Refused from its header alone: nothing of its body is awaited.
		{"a length above 48,000,000 bytes", wireHeader(48_000_001, opMsg), nil, isFramingError},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := bufio.NewReader(bytes.NewReader(tc.input))
			for i, want := range tc.want {
				m, err := readMessage(r)
				if err != nil {
					t.Fatalf("message %d: %v", i, err)
				}
				if !bytes.Equal(m.raw, want) {
					t.Fatalf("message %d: read %x, sent %x", i, m.raw, want)
				}
				if m.opCode != int32(binary.LittleEndian.Uint32(want[12:16])) {
					t.Fatalf("message %d: op code %d", i, m.opCode)
				}
			}
			_, err := readMessage(r)
			if !tc.wantErr(err) {
				t.Fatalf("at the end: %v", err)
			}
		})
	}
}

// The largest message MongoDB takes (maxMessageSizeBytes: 48,000,000) is read whole.
func TestReadMessageLargest(t *testing.T) {
	body := io.LimitReader(zeros{}, maxMessageSize-16)
	m, err := readMessage(bufio.NewReader(io.MultiReader(bytes.NewReader(wireHeader(maxMessageSize, opMsg)), body)))
	if err != nil || len(m.raw) != maxMessageSize {
		t.Fatalf("a message of 48,000,000 bytes: %v", err)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

func isEOF(err error) bool           { return err == io.EOF }
func isUnexpectedEOF(err error) bool { return errors.Is(err, io.ErrUnexpectedEOF) }
func isFramingError(err error) bool {
	return err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF)
}

func TestMessageFlags(t *testing.T) {
	body := bodySection(marshal(bson.D{{Key: "ping", Value: 1}}))
	cases := []struct {
		name string
		raw  []byte
		want uint32
	}{
		{"OP_MSG without flags", opMsgWith(1, 0, body), 0},
		{"OP_MSG with moreToCome", opMsgWith(1, flagMoreToCome, body), flagMoreToCome},
		{"OP_MSG with a checksum", opMsgWith(1, flagChecksumPresent, body, []byte{1, 2, 3, 4}), flagChecksumPresent},
		{"OP_QUERY has no flags here", append(wireHeader(20, opQuery), 2, 0, 0, 0), 0},
		{"OP_MSG too short for flags", wireHeader(16, opMsg), 0},
	}
	for _, tc := range cases {
		m := &message{raw: tc.raw, opCode: int32(binary.LittleEndian.Uint32(tc.raw[12:16]))}
		if got := m.flags(); got != tc.want {
			t.Errorf("%s: flags %b, want %b", tc.name, got, tc.want)
		}
	}
}

func TestCommandOfMessage(t *testing.T) {
	doc := func(d bson.D) []byte { return marshal(d) }
	insert := doc(bson.D{{Key: "insert", Value: "orders"}, {Key: "ordered", Value: true}, {Key: "$db", Value: "shop"}})
	cases := []struct {
		name    string
		raw     []byte
		want    command // body not compared
		wantErr bool
	}{
		{"command, collection and database", opMsgWith(1, 0, bodySection(insert)), command{name: "insert", db: "shop", collection: "orders"}, false},
		{"name lowercased", opMsgWith(1, 0, bodySection(doc(bson.D{{Key: "findAndModify", Value: "c"}, {Key: "$db", Value: "d"}}))), command{name: "findandmodify", db: "d", collection: "c"}, false},
		{"document sequence before the body", opMsgWith(1, 0, sequenceSection("documents", doc(bson.D{{Key: "_id", Value: 1}})), bodySection(insert)), command{name: "insert", db: "shop", collection: "orders"}, false},
		{"document sequence after the body", opMsgWith(1, 0, bodySection(insert), sequenceSection("documents", doc(bson.D{{Key: "_id", Value: 1}}))), command{name: "insert", db: "shop", collection: "orders"}, false},
		{"with a checksum", opMsgWith(1, flagChecksumPresent, bodySection(insert), []byte{9, 9, 9, 9}), command{name: "insert", db: "shop", collection: "orders"}, false},
		{"collection not a string", opMsgWith(1, 0, bodySection(doc(bson.D{{Key: "ping", Value: 1}, {Key: "$db", Value: "admin"}}))), command{name: "ping", db: "admin"}, false},
		{"$db not a string", opMsgWith(1, 0, bodySection(doc(bson.D{{Key: "drop", Value: "c"}, {Key: "$db", Value: 5}}))), command{name: "drop", collection: "c"}, false},
		{"every BSON type before $db", opMsgWith(1, 0, bodySection(doc(allTypes()))), command{name: "update", db: "d", collection: "c"}, false},
		{"empty document", opMsgWith(1, 0, bodySection(doc(bson.D{}))), command{}, true},
		{"no body section", opMsgWith(1, 0, sequenceSection("documents", insert)), command{}, true},
		{"no section at all", opMsgWith(1, 0), command{}, true},
		{"body longer than the message", opMsgWith(1, 0, bodySection(insert)[:10]), command{}, true},
		{"body size below 5", opMsgWith(1, 0, []byte{0, 4, 0, 0, 0}), command{}, true},
		{"body size negative", opMsgWith(1, 0, []byte{0, 0xff, 0xff, 0xff, 0xff, 0}), command{}, true},
		{"unknown BSON type", opMsgWith(1, 0, bodySection([]byte{10, 0, 0, 0, 0x42, 'a', 0, 1, 0, 0})), command{}, true},
		{"key without its end", opMsgWith(1, 0, bodySection([]byte{8, 0, 0, 0, 0x10, 'a', 'b', 'c'})), command{}, true},
		{"string longer than the document", opMsgWith(1, 0, bodySection([]byte{14, 0, 0, 0, 0x02, 'a', 0, 100, 0, 0, 0, 'x', 0, 0})), command{}, true},
		{"OP_QUERY is no command here", append(wireHeader(21, opQuery), 0, 0, 0, 0, 0), command{}, true},
		{"OP_MSG of the header alone", wireHeader(16, opMsg), command{}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := &message{raw: tc.raw, opCode: int32(binary.LittleEndian.Uint32(tc.raw[12:16]))}
			c, err := m.command()
			if (err != nil) != tc.wantErr {
				t.Fatalf("error %v, want an error: %v", err, tc.wantErr)
			}
			if err == nil && (c.name != tc.want.name || c.db != tc.want.db || c.collection != tc.want.collection) {
				t.Fatalf("command %q in %q on %q, want %q in %q on %q", c.name, c.db, c.collection, tc.want.name, tc.want.db, tc.want.collection)
			}
		})
	}
}

// allTypes is an update command with a value of every BSON type before its $db.
func allTypes() bson.D {
	return bson.D{
		{Key: "update", Value: "c"},
		{Key: "double", Value: 1.5},
		{Key: "string", Value: "s"},
		{Key: "document", Value: bson.D{{Key: "a", Value: 1}}},
		{Key: "array", Value: bson.A{1, "two"}},
		{Key: "binary", Value: primitive.Binary{Subtype: 4, Data: []byte{1, 2, 3}}},
		{Key: "undefined", Value: primitive.Undefined{}},
		{Key: "objectId", Value: primitive.NewObjectID()},
		{Key: "bool", Value: true},
		{Key: "date", Value: primitive.DateTime(5)},
		{Key: "null", Value: nil},
		{Key: "regex", Value: primitive.Regex{Pattern: "^a", Options: "i"}},
		{Key: "dbPointer", Value: primitive.DBPointer{DB: "x", Pointer: primitive.NewObjectID()}},
		{Key: "code", Value: primitive.JavaScript("f()")},
		{Key: "symbol", Value: primitive.Symbol("s")},
		{Key: "codeWithScope", Value: primitive.CodeWithScope{Code: "g()", Scope: bson.D{{Key: "v", Value: 1}}}},
		{Key: "int32", Value: int32(3)},
		{Key: "timestamp", Value: primitive.Timestamp{T: 1, I: 2}},
		{Key: "int64", Value: int64(4)},
		{Key: "decimal", Value: primitive.NewDecimal128(0, 1)},
		{Key: "minKey", Value: primitive.MinKey{}},
		{Key: "maxKey", Value: primitive.MaxKey{}},
		{Key: "$db", Value: "d"},
	}
}

// writes: which commands take their database's write turn.
func TestWrites(t *testing.T) {
	cases := []struct {
		cmd    bson.D
		writes bool
	}{
		{bson.D{{Key: "find", Value: "c"}}, false},
		{bson.D{{Key: "getMore", Value: int64(1)}}, false},
		{bson.D{{Key: "count", Value: "c"}}, false},
		{bson.D{{Key: "listCollections", Value: 1}}, false},
		{bson.D{{Key: "hello", Value: 1}}, false},
		{bson.D{{Key: "aggregate", Value: "c"}, {Key: "pipeline", Value: bson.A{op("$match", x(1))}}}, false},
		{bson.D{{Key: "aggregate", Value: "c"}, {Key: "pipeline", Value: bson.A{op("$out", "d")}}}, true},
		{bson.D{{Key: "aggregate", Value: "c"}, {Key: "pipeline", Value: bson.A{op("$merge", op("into", "d"))}}}, true},
		{bson.D{{Key: "insert", Value: "c"}}, true},
		{bson.D{{Key: "update", Value: "c"}}, true},
		{bson.D{{Key: "delete", Value: "c"}}, true},
		{bson.D{{Key: "findAndModify", Value: "c"}}, true},
		{bson.D{{Key: "createIndexes", Value: "c"}}, true},
		{bson.D{{Key: "drop", Value: "c"}}, true},
		{bson.D{{Key: "dropDatabase", Value: 1}}, true},
		{bson.D{{Key: "renameCollection", Value: "d.c"}}, true},
		{bson.D{{Key: "someFutureCommand", Value: 1}}, true},
	}
	for _, tc := range cases {
		m := &message{raw: opMsgWith(1, 0, bodySection(marshal(append(tc.cmd, bson.E{Key: "$db", Value: "d"})))), opCode: opMsg}
		c, err := m.command()
		if err != nil {
			t.Fatal(err)
		}
		if got := writes(c); got != tc.writes {
			t.Errorf("%v: writes %v, want %v", tc.cmd, got, tc.writes)
		}
	}
}

func TestBSONValueSize(t *testing.T) {
	// Each value as it is stored in a document, after its key.
	cases := []struct {
		name  string
		value interface{}
	}{
		{"double", 1.5}, {"string", "hello"}, {"empty string", ""}, {"document", bson.D{{Key: "a", Value: 1}}},
		{"array", bson.A{1, 2}}, {"binary", primitive.Binary{Data: []byte{1, 2, 3}}},
		{"old binary", primitive.Binary{Subtype: 2, Data: []byte{1, 2, 3}}}, {"undefined", primitive.Undefined{}},
		{"ObjectId", primitive.NewObjectID()}, {"boolean", false}, {"date", primitive.DateTime(1)},
		{"null", nil}, {"regex", primitive.Regex{Pattern: "a+", Options: "im"}},
		{"DBPointer", primitive.DBPointer{DB: "db.c", Pointer: primitive.NewObjectID()}},
		{"code", primitive.JavaScript("1")}, {"symbol", primitive.Symbol("s")},
		{"code with scope", primitive.CodeWithScope{Code: "c", Scope: bson.D{{Key: "v", Value: 1}}}},
		{"int32", int32(1)}, {"timestamp", primitive.Timestamp{T: 1}}, {"int64", int64(1)},
		{"decimal", primitive.NewDecimal128(0, 1)}, {"min key", primitive.MinKey{}}, {"max key", primitive.MaxKey{}},
	}
	for _, tc := range cases {
		raw := bson.Raw(marshal(bson.D{{Key: "v", Value: tc.value}}))
		v := raw.Lookup("v")
		size, err := bsonValueSize(byte(v.Type), append(append([]byte{}, v.Value...), 0xAA, 0xBB))
		if err != nil || size != len(v.Value) {
			t.Errorf("%s: size %d (%v), want %d", tc.name, size, err, len(v.Value))
		}
		if len(v.Value) > 0 {
			if _, err := bsonValueSize(byte(v.Type), v.Value[:len(v.Value)-1]); err == nil {
				t.Errorf("%s: cut short, no error", tc.name)
			}
		}
	}
	if _, err := bsonValueSize(0x20, []byte{1, 2, 3, 4}); err == nil {
		t.Error("unknown type 0x20: no error")
	}
}

// No input makes the framing or the command parsers panic (a panic would end the launcher and
// every client's connection): the seeds run with go test, more with go test -fuzz.
func FuzzMessage(f *testing.F) {
	f.Add(buildOpMsg(1, 0, marshal(bson.D{{Key: "update", Value: "c"}, {Key: "updates", Value: bson.A{bson.D{{Key: "q", Value: bson.D{{Key: "_id", Value: "a"}, {Key: "v", Value: 1}}}, {Key: "u", Value: op("$set", x(1))}}}}, {Key: "$db", Value: "d"}})))
	f.Add(opMsgWith(1, 0, sequenceSection("updates", marshal(x(1))), bodySection(marshal(bson.D{{Key: "update", Value: "c"}, {Key: "$db", Value: "d"}}))))
	f.Add(opMsgWith(1, flagChecksumPresent, bodySection(marshal(allTypes())), []byte{1, 2, 3, 4}))
	f.Add(opMsgWith(1, 0, []byte{1, 0xff, 0xff, 0xff, 0x7f}))
	f.Add(wireHeader(16, opMsg))
	f.Add(append(wireHeader(21, opQuery), 0, 0, 0, 0, 0))
	f.Add(opMsgWith(1, 0, bodySection(nested(203, "a", marshal(x(1))))))
	f.Fuzz(func(t *testing.T, input []byte) {
		m, err := readMessage(bufio.NewReader(bytes.NewReader(input)))
		if err != nil {
			return
		}
		if int(binary.LittleEndian.Uint32(m.raw[0:4])) != len(m.raw) {
			t.Fatalf("read %d bytes of a message declaring %d", len(m.raw), binary.LittleEndian.Uint32(m.raw[0:4]))
		}
		_ = m.flags()
		if c, err := m.command(); err == nil {
			_ = writes(c)
		}
		if parsed, err := parseOpMsg(m); err == nil {
			_, _ = parsed.body.Elements()
		}
		_ = m.tooDeep()
	})
}

// How deep a command nests (MongoDB's maxBSONDepth, 200): counted as MongoDB counts it, in
// documents and arrays alike, in the command and in each document of a sequence, from bytes that
// may be malformed, without recursion.
func TestTooDeep(t *testing.T) {
	one := marshal(x(1))
	// deep is a document whose innermost document is levels below it (0: one itself).
	deep := func(levels int, key string) []byte { return nested(levels, key, one) }
	// In an array: {a: [[[...{x: 1}...]]]}, levels below the document.
	inArrays := func(levels int) []byte {
		inner := one
		for i := 1; i < levels; i++ {
			inner = rawDocument(rawElement(0x04, "0", inner))
		}
		return rawDocument(rawElement(0x04, "a", inner))
	}
	command := func(levels int) []byte {
		return rawDocument(rawElement(0x02, "find", rawString("c")), rawElement(0x03, "filter", deep(levels-1, "f")), rawElement(0x02, "$db", rawString("d")))
	}
	insert := marshal(bson.D{{Key: "insert", Value: "c"}, {Key: "$db", Value: "d"}})
	cases := []struct {
		name string
		raw  []byte
		want bool
	}{
		{"a command 200 levels deep", opMsgWith(1, 0, bodySection(command(200))), false},
		{"a command 201 levels deep", opMsgWith(1, 0, bodySection(command(201))), true},
		{"arrays 200 levels deep", opMsgWith(1, 0, bodySection(inArrays(200))), false},
		{"arrays 201 levels deep", opMsgWith(1, 0, bodySection(inArrays(201))), true},
		{"a sequence's document 200 levels deep", opMsgWith(1, 0, bodySection(insert), sequenceSection("documents", one, deep(200, "d"))), false},
		{"a sequence's second document 201 levels deep", opMsgWith(1, 0, bodySection(insert), sequenceSection("documents", one, deep(201, "d"))), true},
		{"the sequence before the command", opMsgWith(1, 0, sequenceSection("documents", deep(201, "d")), bodySection(insert)), true},
		{"with a checksum", opMsgWith(1, flagChecksumPresent, bodySection(command(201)), []byte{1, 2, 3, 4}), true},
		{"every BSON type, not deep", opMsgWith(1, 0, bodySection(marshal(allTypes()))), false},
		{"1,000,000 levels", opMsgWith(1, 0, bodySection(command(1_000_000))), true},
		// Malformed before any level too deep: not too deep here (FerretDB refuses it).
		{"a document longer than its section", opMsgWith(1, 0, bodySection(command(300)[:100])), false},
		{"an inner document longer than its parent", opMsgWith(1, 0, bodySection(rawDocument(rawElement(0x03, "a", []byte{200, 0, 0, 0, 0})))), false},
		{"an inner document of size 4", opMsgWith(1, 0, bodySection(rawDocument(rawElement(0x03, "a", []byte{4, 0, 0, 0})))), false},
		{"an unknown BSON type", opMsgWith(1, 0, bodySection(rawDocument(rawElement(0x42, "a", nil)))), false},
		{"a key without its end", opMsgWith(1, 0, bodySection([]byte{8, 0, 0, 0, 0x10, 'a', 'b', 0})), false},
		{"no end byte", opMsgWith(1, 0, bodySection([]byte{6, 0, 0, 0, 0x0A, 'a'})), false},
		{"an unknown section kind", opMsgWith(1, 0, []byte{2, 9, 0, 0, 0, 1, 2, 3, 4}), false},
		{"not an OP_MSG", append(wireHeader(21, opQuery), 0, 0, 0, 0, 0), false},
	}
	for _, tc := range cases {
		m := &message{raw: tc.raw, opCode: int32(binary.LittleEndian.Uint32(tc.raw[12:16]))}
		if got := m.tooDeep(); got != tc.want {
			t.Errorf("%s: too deep %v, want %v", tc.name, got, tc.want)
		}
	}
}
