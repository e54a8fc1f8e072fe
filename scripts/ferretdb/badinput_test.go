package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
)

// Bad input (issue 34): whatever a client sends, the launcher passes it to FerretDB as it came or
// refuses it as MongoDB does, never holds a database's write turn for it (the next writer, on
// another connection, goes on at once), and it changes nothing. Covered elsewhere: framing (a
// length below 16, above 48,000,000, negative; a message cut short: wire_test.go), messages the
// launcher cannot frame or FerretDB cannot read (sections, BSON, op codes), a connection cut in
// the middle of a message, filters FerretDB refuses in an update, w: 0 writes and an answer not
// read (proxy_test.go). Here: commands nested deeper than MongoDB takes, checksums, filters the
// launcher does not decide answered as FerretDB alone answers them (for every command it looks
// into), the largest message there may be, and a client gone before its write's answer.

// promptly bounds the next writer: a write takes milliseconds here; one that waits on the bad
// input's write turn would wait as long as that turn is held.
const promptly = 10 * time.Second

// nextWriterGoesOn inserts one document through client (its own connection), within promptly.
func nextWriterGoesOn(t *testing.T, client *mongo.Client, db string, id interface{}) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), promptly)
	defer cancel()
	start := time.Now()
	if _, err := client.Database(db).Collection("next").InsertOne(ctx, byID(id)); err != nil {
		t.Fatalf("the next writer, after %v: %v", time.Since(start), err)
	}
}

// storedDoc reads one document by _id straight from FerretDB (nil when there is none).
func storedDoc(t *testing.T, l *launcherUnderTest, db, coll string, id interface{}) bson.Raw {
	t.Helper()
	return storedDocOn(dialRaw(t, l.ferret), db, coll, id)
}

func storedDocOn(c *rawConn, db, coll string, id interface{}) bson.Raw {
	c.t.Helper()
	body := c.run(bson.D{{Key: "find", Value: coll}, {Key: "filter", Value: byID(id)}, {Key: "$db", Value: db}})
	doc, err := body.LookupErr("cursor", "firstBatch", "0")
	if err != nil {
		return nil
	}
	return doc.Document()
}

// rawElement is one BSON element; rawDocument a document (or array) of elements. With them, what
// the driver would take too long to encode (or refuses to) is made byte by byte.
func rawElement(kind byte, key string, value []byte) []byte {
	out := append([]byte{kind}, key...)
	return append(append(out, 0), value...)
}

func rawDocument(elements ...[]byte) []byte {
	out := make([]byte, 4)
	for _, e := range elements {
		out = append(out, e...)
	}
	out = append(out, 0)
	binary.LittleEndian.PutUint32(out, uint32(len(out)))
	return out
}

func rawString(s string) []byte {
	out := make([]byte, 4, 5+len(s))
	binary.LittleEndian.PutUint32(out, uint32(len(s)+1))
	return append(append(out, s...), 0)
}

// nested wraps core in levels documents {key: ...}, without recursion: with levels 0 it is core.
func nested(levels int, key string, core []byte) []byte {
	wrap := 4 + 1 + len(key) + 1 + 1 // size, type, key, its end, the document's end
	out := make([]byte, 0, levels*wrap+len(core))
	for i := levels; i >= 1; i-- {
		out = binary.LittleEndian.AppendUint32(out, uint32(len(core)+i*wrap))
		out = append(append(append(out, 0x03), key...), 0)
	}
	out = append(out, core...)
	for i := 0; i < levels; i++ {
		out = append(out, 0)
	}
	return out
}

// Commands nested deeper than MongoDB takes (maxBSONDepth, 200 levels below the command) are
// refused as MongoDB refuses them (code 15, Overflow), at once, on a connection that goes on;
// nothing reaches FerretDB, which without the launcher took seconds over 100,000 levels and ended
// the whole process (a stack overflow) over 1,000,000; the launcher's matcher took 7 s over such a
// filter, within the write turn. 200 levels go their way.
func TestDeeplyNestedCommandsRefused(t *testing.T) {
	l := startLauncher(t)
	client := driverClient(t, l.addr)
	setup := dialRaw(t, l.addr)
	if body := setup.run(bson.D{{Key: "insert", Value: "c"}, {Key: "documents", Value: bson.A{bson.D{{Key: "_id", Value: "a"}, {Key: "v", Value: int32(1)}}}}, {Key: "$db", Value: "shop"}}); okOf(body) != 1 {
		t.Fatalf("%s", body)
	}
	before := storedDoc(t, l, "shop", "c", "a")
	one := marshal(bson.D{{Key: "v", Value: int32(1)}})
	shop := rawElement(0x02, "$db", rawString("shop"))
	// Levels count from the command (or a document of a sequence) as MongoDB counts them: its own
	// fields at 1. A filter {_id: "a", v: <levels deep>}: the update's filter is at level 3 of the command
	// (updates, its statement, q), v's document at 4.
	keyedUpdate := func(levels int) []byte {
		q := rawDocument(rawElement(0x02, "_id", rawString("a")), rawElement(0x03, "v", nested(levels-4, "v", one)))
		stmt := rawDocument(rawElement(0x03, "q", q), rawElement(0x03, "u", marshal(op("$set", op("w", 1)))))
		return rawDocument(rawElement(0x02, "update", rawString("c")), rawElement(0x04, "updates", rawDocument(rawElement(0x03, "0", stmt))), shop)
	}
	// A document {_id: "deep", d: <levels deep>} inserted: the document at level 2 (documents, 0);
	// in a document sequence, at 0.
	deepDoc := func(levels int) []byte {
		return rawDocument(rawElement(0x02, "_id", rawString("deep")), rawElement(0x03, "d", nested(levels-3, "d", one)))
	}
	insert := func(levels int) []byte {
		return rawDocument(rawElement(0x02, "insert", rawString("c")), rawElement(0x04, "documents", rawDocument(rawElement(0x03, "0", deepDoc(levels)))), shop)
	}
	// A find whose filter's innermost document is at the given level (the filter at 1).
	find := func(levels int) []byte {
		return rawDocument(rawElement(0x02, "find", rawString("c")), rawElement(0x03, "filter", nested(levels-1, "v", one)), shop)
	}
	// The same by keys (the launcher's keyedFind): {_id: {$in: ["a"]}, v: <deep>}.
	keyedFind := func(levels int) []byte {
		in := rawElement(0x03, "_id", rawDocument(rawElement(0x04, "$in", rawDocument(rawElement(0x02, "0", rawString("a"))))))
		filter := rawDocument(in, rawElement(0x03, "v", nested(levels-2, "v", one)))
		return rawDocument(rawElement(0x02, "find", rawString("c")), rawElement(0x03, "filter", filter), shop)
	}
	insertCommand := rawDocument(rawElement(0x02, "insert", rawString("c")), shop)
	cases := []struct {
		name string
		msg  []byte
	}{
		{"an update by _id and more, 201 levels", opMsgWith(1, 0, bodySection(keyedUpdate(201)))},
		{"an update by _id and more, 1,000,000 levels", opMsgWith(1, 0, bodySection(keyedUpdate(1_000_000)))},
		{"an insert, 201 levels", opMsgWith(1, 0, bodySection(insert(201)))},
		{"an insert, 1,000,000 levels", opMsgWith(1, 0, bodySection(insert(1_000_000)))},
		{"an insert in a document sequence, 201 levels", opMsgWith(1, 0, bodySection(insertCommand), sequenceSection("documents", marshal(byID("fine")), deepDoc(203)))},
		{"a find, 201 levels", opMsgWith(1, 0, bodySection(find(201)))},
		{"a find by keys, 201 levels", opMsgWith(1, 0, bodySection(keyedFind(201)))},
		{"a find, 2,000,000 levels", opMsgWith(1, 0, bodySection(find(2_000_000)))},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := dialRaw(t, l.addr)
			binary.LittleEndian.PutUint32(tc.msg[4:8], 41)
			start := time.Now()
			c.write(tc.msg)
			to, body := c.reply()
			if to != 41 || okOf(body) != 0 || body.Lookup("code").Int32() != 15 || body.Lookup("codeName").StringValue() != "Overflow" {
				t.Fatalf("answered (to %d) %s", to, body)
			}
			took := time.Since(start)
			nextWriterGoesOn(t, client, "shop", i)
			if got := storedDoc(t, l, "shop", "c", "a"); !bytes.Equal(got, before) {
				t.Fatalf("the document became %s", got)
			}
			if got := storedDoc(t, l, "shop", "c", "deep"); got != nil {
				t.Fatalf("inserted %s", got)
			}
			if got := storedDoc(t, l, "shop", "c", "fine"); got != nil {
				t.Fatalf("inserted %s", got)
			}
			// The connection goes on.
			if body := c.run(bson.D{{Key: "ping", Value: 1}, {Key: "$db", Value: "admin"}}); okOf(body) != 1 {
				t.Fatalf("ping: %s", body)
			}
			t.Logf("%d bytes refused in %v", len(tc.msg), took.Round(time.Millisecond))
		})
	}

	t.Run("with moreToCome, no answer", func(t *testing.T) {
		c := dialRaw(t, l.addr)
		c.write(opMsgWith(1, flagMoreToCome, bodySection(insert(300))))
		if body := c.run(bson.D{{Key: "count", Value: "c"}, {Key: "$db", Value: "shop"}}); body.Lookup("n").Int32() != 1 {
			t.Fatalf("count: %s", body)
		}
		nextWriterGoesOn(t, client, "shop", "moreToCome")
	})

	// 200 levels: as without the launcher, FerretDB's answers.
	t.Run("200 levels", func(t *testing.T) {
		c := dialRaw(t, l.addr)
		for _, msg := range [][]byte{find(200), keyedFind(200), keyedUpdate(200)} {
			c.write(opMsgWith(7, 0, bodySection(msg)))
			if _, body := c.reply(); okOf(body) != 1 {
				t.Fatalf("answered %s", body)
			}
		}
		if got := storedDoc(t, l, "shop", "c", "a"); !bytes.Equal(got, before) {
			t.Fatalf("the document became %s", got)
		}
		c.write(opMsgWith(8, 0, bodySection(insert(200))))
		if _, body := c.reply(); okOf(body) != 1 {
			t.Fatalf("answered %s", body)
		}
	})
}

// withChecksum is an OP_MSG of one command with the checksum flag and its CRC-32C (or a wrong one).
func withChecksum(requestID int32, flags uint32, cmd bson.D, right bool) []byte {
	raw := opMsgWith(requestID, flags|flagChecksumPresent, bodySection(marshal(cmd)), make([]byte, 4))
	sum := crc32.Checksum(raw[:len(raw)-4], crc32.MakeTable(crc32.Castagnoli))
	if !right {
		sum ^= 0x5a5a
	}
	binary.LittleEndian.PutUint32(raw[len(raw)-4:], sum)
	return raw
}

// A message whose checksum does not match its bytes is damaged: FerretDB ends its connection and
// does nothing of it; through the launcher too, for the writes it narrows itself (which used to
// be done, the checksum dropped) and the finds it answers itself. With the right checksum, FerretDB
// does the write.
func TestChecksums(t *testing.T) {
	l := startLauncher(t)
	client := driverClient(t, l.addr)
	setup := dialRaw(t, l.addr)
	if body := setup.run(bson.D{{Key: "insert", Value: "c"}, {Key: "documents", Value: bson.A{bson.D{{Key: "_id", Value: "a"}, {Key: "v", Value: int32(1)}}}}, {Key: "$db", Value: "shop"}}); okOf(body) != 1 {
		t.Fatalf("%s", body)
	}
	before := storedDoc(t, l, "shop", "c", "a")
	keyed := bson.D{{Key: "_id", Value: "a"}, {Key: "v", Value: int32(1)}}
	commands := []struct {
		name string
		cmd  bson.D
	}{
		{"an update by _id and more", bson.D{{Key: "update", Value: "c"}, {Key: "updates", Value: bson.A{bson.D{{Key: "q", Value: keyed}, {Key: "u", Value: op("$set", op("w", 1))}}}}, {Key: "$db", Value: "shop"}}},
		{"a findAndModify by _id and more", bson.D{{Key: "findAndModify", Value: "c"}, {Key: "query", Value: keyed}, {Key: "update", Value: op("$set", op("w", 2))}, {Key: "$db", Value: "shop"}}},
		{"an insert", bson.D{{Key: "insert", Value: "c"}, {Key: "documents", Value: bson.A{byID("b")}}, {Key: "$db", Value: "shop"}}},
		{"a delete", bson.D{{Key: "delete", Value: "c"}, {Key: "deletes", Value: bson.A{bson.D{{Key: "q", Value: byID("a")}, {Key: "limit", Value: 1}}}}, {Key: "$db", Value: "shop"}}},
		{"a find by keys", bson.D{{Key: "find", Value: "c"}, {Key: "filter", Value: op("_id", op("$in", bson.A{"a"}))}, {Key: "$db", Value: "shop"}}},
	}
	for i, tc := range commands {
		for _, flags := range []uint32{0, flagMoreToCome} {
			name := tc.name
			if flags != 0 {
				name += ", moreToCome"
			}
			t.Run(name+", a wrong checksum", func(t *testing.T) {
				c := dialRaw(t, l.addr)
				c.write(withChecksum(5, flags, tc.cmd, false))
				if !c.closedByPeer() {
					t.Fatal("answered; FerretDB ends the connection")
				}
				nextWriterGoesOn(t, client, "shop", fmt.Sprintf("checksum-%d-%d", i, flags))
				if got := storedDoc(t, l, "shop", "c", "a"); !bytes.Equal(got, before) {
					t.Fatalf("the document became %s", got)
				}
				if got := storedDoc(t, l, "shop", "c", "b"); got != nil {
					t.Fatalf("inserted %s", got)
				}
			})
		}
	}
	t.Run("the right checksum", func(t *testing.T) {
		c := dialRaw(t, l.addr)
		c.write(withChecksum(6, 0, commands[0].cmd, true))
		if to, body := c.reply(); to != 6 || okOf(body) != 1 || body.Lookup("nModified").Int32() != 1 {
			t.Fatalf("answered (to %d) %s", to, body)
		}
		if w, _ := storedDoc(t, l, "shop", "c", "a").Lookup("w").Int32OK(); w != 1 {
			t.Fatalf("w = %d", w)
		}
	})
}

// Filters FerretDB refuses or reads in ways of its own (beside a key it reads by, or MongoDB would
// refuse them), in the write commands and a find by keys: through the launcher the client gets the
// answer FerretDB gives to the same command asked directly on the same data, the data becomes what
// FerretDB makes of it (nothing changes when it refuses the command), and the next writer goes on
// (the write turn is given back whatever FerretDB answered).
func TestOddFiltersAnswerAsFerretDB(t *testing.T) {
	l := startLauncher(t)
	client := driverClient(t, l.addr)
	direct := dialRaw(t, l.ferret)
	if body := direct.run(bson.D{{Key: "insert", Value: "c"}, {Key: "documents", Value: bson.A{bson.D{{Key: "_id", Value: "a"}, {Key: "v", Value: int32(1)}, {Key: "s", Value: "x"}}}}, {Key: "$db", Value: "shop"}}); okOf(body) != 1 {
		t.Fatalf("%s", body)
	}
	before := storedDoc(t, l, "shop", "c", "a")
	withID := func(rest ...bson.E) bson.D { return append(bson.D{{Key: "_id", Value: "a"}}, rest...) }
	filters := []struct {
		name   string
		filter interface{}
	}{
		// {_id: "a", ...}: an upsert of these inserts nothing (the _id is taken) or is refused.
		{"an unknown operator", withID(bson.E{Key: "v", Value: op("$foo", 1)})},
		{"an unknown top-level operator", withID(bson.E{Key: "$foo", Value: 1})},
		{"$where", withID(bson.E{Key: "$where", Value: "this.v == 2"})},
		{"$expr matching nothing", withID(bson.E{Key: "$expr", Value: op("$eq", bson.A{"$v", 2})})},
		{"$regex matching nothing", withID(bson.E{Key: "s", Value: op("$regex", "^y")})},
		{"$in of a number", withID(bson.E{Key: "v", Value: op("$in", 1)})},
		{"$nin of a string", withID(bson.E{Key: "v", Value: op("$nin", "x")})},
		{"$and empty", withID(bson.E{Key: "$and", Value: bson.A{}})},
		{"$or of a number", withID(bson.E{Key: "$or", Value: 5})},
		{"$nor of numbers", withID(bson.E{Key: "$nor", Value: bson.A{1, 2}})},
		{"$exists of a string", withID(bson.E{Key: "v", Value: op("$exists", "yes")})},
		{"$gt of an array", withID(bson.E{Key: "v", Value: op("$gt", bson.A{1})})},
		{"$size", withID(bson.E{Key: "v", Value: op("$size", 3)})},
		{"$elemMatch", withID(bson.E{Key: "v", Value: op("$elemMatch", op("$gt", 5))})},
		{"$not of a number", withID(bson.E{Key: "v", Value: op("$not", 1)})},
		{"an empty field name", withID(bson.E{Key: "", Value: 1})},
		{"a path ending in a dot", withID(bson.E{Key: "v.", Value: 1})},
		{"a path of two dots", withID(bson.E{Key: "v..w", Value: 1})},
		{"a positional path", withID(bson.E{Key: "v.$", Value: 1})},
		// Not {_id: "a", ...}: no upsert of these.
		{"_id twice", bson.D{{Key: "_id", Value: "a"}, {Key: "_id", Value: "b"}, {Key: "v", Value: 1}}},
		{"an _id of operators", bson.D{{Key: "_id", Value: op("$foo", "a")}, {Key: "v", Value: 1}}},
		{"a number", 5},
		{"a string", "a"},
		{"an array", bson.A{byID("a")}},
	}
	commands := []struct {
		name string
		cmd  func(filter interface{}) bson.D
	}{
		{"update", func(f interface{}) bson.D {
			return bson.D{{Key: "update", Value: "c"}, {Key: "updates", Value: bson.A{bson.D{{Key: "q", Value: f}, {Key: "u", Value: op("$set", op("w", 1))}}}}, {Key: "$db", Value: "shop"}}
		}},
		{"update, upsert", func(f interface{}) bson.D {
			return bson.D{{Key: "update", Value: "c"}, {Key: "updates", Value: bson.A{bson.D{{Key: "q", Value: f}, {Key: "u", Value: op("$set", op("w", 1))}, {Key: "upsert", Value: true}}}}, {Key: "$db", Value: "shop"}}
		}},
		{"findAndModify", func(f interface{}) bson.D {
			return bson.D{{Key: "findAndModify", Value: "c"}, {Key: "query", Value: f}, {Key: "update", Value: op("$set", op("w", 2))}, {Key: "$db", Value: "shop"}}
		}},
		{"findAndModify, remove", func(f interface{}) bson.D {
			return bson.D{{Key: "findAndModify", Value: "c"}, {Key: "query", Value: f}, {Key: "remove", Value: true}, {Key: "$db", Value: "shop"}}
		}},
		{"delete", func(f interface{}) bson.D {
			return bson.D{{Key: "delete", Value: "c"}, {Key: "deletes", Value: bson.A{bson.D{{Key: "q", Value: f}, {Key: "limit", Value: 1}}}}, {Key: "$db", Value: "shop"}}
		}},
		{"find by keys", func(f interface{}) bson.D {
			// The same conditions beside {_id: {$in: [...]}} (keyedFind).
			filter := bson.D{{Key: "_id", Value: op("$in", bson.A{"a", "b"})}}
			if d, isDoc := f.(bson.D); isDoc {
				for _, e := range d {
					if e.Key != "_id" {
						filter = append(filter, e)
					}
				}
			} else {
				filter = bson.D{{Key: "_id", Value: op("$in", bson.A{"a"})}, {Key: "$and", Value: f}}
			}
			return bson.D{{Key: "find", Value: "c"}, {Key: "filter", Value: filter}, {Key: "$db", Value: "shop"}}
		}},
	}
	// The collection as it was: {_id: "a", v: 1, s: "x"} alone (the next writers write elsewhere).
	reset := func() {
		t.Helper()
		if body := direct.run(bson.D{{Key: "delete", Value: "c"}, {Key: "deletes", Value: bson.A{bson.D{{Key: "q", Value: bson.D{}}, {Key: "limit", Value: 0}}}}, {Key: "$db", Value: "shop"}}); okOf(body) != 1 {
			t.Fatalf("%s", body)
		}
		if body := direct.run(bson.D{{Key: "insert", Value: "c"}, {Key: "documents", Value: bson.A{before}}, {Key: "$db", Value: "shop"}}); okOf(body) != 1 {
			t.Fatalf("%s", body)
		}
	}
	// What the collection holds, in _id order.
	contents := func() string {
		t.Helper()
		body := direct.run(bson.D{{Key: "find", Value: "c"}, {Key: "sort", Value: op("_id", 1)}, {Key: "$db", Value: "shop"}})
		return body.Lookup("cursor", "firstBatch").String()
	}
	refused, closed, n := 0, 0, 0
	for _, cmd := range commands {
		for _, f := range filters {
			if d, isDoc := f.filter.(bson.D); strings.HasSuffix(cmd.name, "upsert") && !(isDoc && len(d) > 1 && d[0].Key == "_id" && d[0].Value == "a" && d[1].Key != "_id") {
				continue
			}
			t.Run(cmd.name+", "+f.name, func(t *testing.T) {
				n++
				command := cmd.cmd(f.filter)
				reset()
				got := answerOrClosed(t, l.addr, command)
				after := contents()
				nextWriterGoesOn(t, client, "shop", n)
				reset()
				want := answerOrClosed(t, l.ferret, command)
				if !bytes.Equal(got, want) {
					t.Fatalf("through the launcher: %s\nFerretDB alone: %s", got, want)
				}
				if alone := contents(); after != alone {
					t.Fatalf("through the launcher, the collection became %s\nFerretDB alone: %s", after, alone)
				}
				if got == nil {
					closed++
				}
				if _, writeErrors := got.LookupErr("writeErrors"); okOf(got) != 1 || writeErrors == nil {
					refused++
					if after != "["+before.String()+"]" {
						t.Fatalf("refused (%s), yet the collection became %s", got, after)
					}
				}
			})
		}
	}
	t.Logf("%d commands answered as FerretDB alone answers them: %d refused, of which %d by ending the connection", n, refused, closed)
}

// answerOrClosed runs a command on a connection of its own to addr: its answer, or nil when the
// other side ends the connection instead.
func answerOrClosed(t *testing.T, addr string, cmd bson.D) bson.Raw {
	t.Helper()
	c := dialRaw(t, addr)
	c.send(cmd, 0)
	m, err := readMessage(c.r)
	if err != nil {
		return nil
	}
	parsed, err := parseOpMsg(m)
	if err != nil {
		t.Fatalf("answer is not an OP_MSG: %v", err)
	}
	return parsed.body
}

// The largest message the protocol allows (48,000,000 bytes: an insert of three documents of about
// 16 MB in a document sequence) goes through whole to FerretDB, which answers it; the next writer
// goes on. (The insert is ordered and its first document's _id taken: FerretDB reads the whole
// message, refuses the first and stops, which spares the test writing 48 MB.)
func TestLargestMessage(t *testing.T) {
	l := startLauncher(t)
	client := driverClient(t, l.addr)
	if _, err := client.Database("shop").Collection("big").InsertOne(testContext(t), byID(int32(0))); err != nil {
		t.Fatal(err)
	}
	c := dialRaw(t, l.addr)
	body := bodySection(marshal(bson.D{{Key: "insert", Value: "big"}, {Key: "ordered", Value: true}, {Key: "$db", Value: "shop"}}))
	header := 20 + len(body) + 1 + 4 + len("documents") + 1
	each := (maxMessageSize - header) / 3
	var docs [][]byte
	for i, size := range []int{each, each, maxMessageSize - header - 2*each} {
		// {_id: i, s: "xxx..."}: 4 + (1+4+4) + (1+2+4+len+1) + 1 bytes
		docs = append(docs, marshal(bson.D{{Key: "_id", Value: int32(i)}, {Key: "s", Value: strings.Repeat("x", size-22)}}))
	}
	msg := opMsgWith(9, 0, body, sequenceSection("documents", docs...))
	if len(msg) != maxMessageSize {
		t.Fatalf("built %d bytes", len(msg))
	}
	start := time.Now()
	c.write(msg)
	to, answer := c.reply()
	code, _ := answer.Lookup("writeErrors", "0", "code").Int32OK()
	if to != 9 || okOf(answer) != 1 || answer.Lookup("n").Int32() != 0 || code != 11000 {
		t.Fatalf("answered (to %d) %s", to, answer)
	}
	t.Logf("48,000,000 bytes answered in %v", time.Since(start).Round(time.Millisecond))
	nextWriterGoesOn(t, client, "shop", "after the largest")
	if n := countIn(t, client, "shop", "big"); n != 1 {
		t.Fatalf("%d documents", n)
	}
}

// A client that sends a write whole and leaves before its answer: the write is done whole (as on
// MongoDB, where a write does not depend on its client staying; the launcher reads a message whole
// before it does anything with it), and its turn ends with it.
func TestClientGoneBeforeTheAnswer(t *testing.T) {
	l := startLauncher(t)
	client := driverClient(t, l.addr)
	setup := dialRaw(t, l.addr)
	if body := setup.run(bson.D{{Key: "insert", Value: "c"}, {Key: "documents", Value: bson.A{bson.D{{Key: "_id", Value: "a"}, {Key: "v", Value: int32(0)}}}}, {Key: "$db", Value: "shop"}}); okOf(body) != 1 {
		t.Fatalf("%s", body)
	}
	direct := dialRaw(t, l.ferret)
	// waitFor reads the document until done says it is there as it should be, within testWait.
	waitFor := func(id interface{}, done func(bson.Raw) bool) bson.Raw {
		t.Helper()
		deadline := time.Now().Add(testWait)
		for {
			doc := storedDocOn(direct, "shop", "c", id)
			if doc != nil && done(doc) {
				return doc
			}
			if time.Now().After(deadline) {
				t.Fatalf("%v is %s", id, doc)
			}
		}
	}
	big := strings.Repeat("y", 64<<10)
	for v := int32(0); v < 3; v++ {
		// An update of two fields by _id and more (the launcher's keyed path).
		c := dialRaw(t, l.addr)
		c.send(bson.D{{Key: "update", Value: "c"}, {Key: "updates", Value: bson.A{bson.D{{Key: "q", Value: bson.D{{Key: "_id", Value: "a"}, {Key: "v", Value: v}}}, {Key: "u", Value: op("$set", bson.D{{Key: "v", Value: v + 1}, {Key: "big", Value: big + fmt.Sprint(v)}})}}}}, {Key: "$db", Value: "shop"}}, 0)
		_ = c.conn.Close()
		nextWriterGoesOn(t, client, "shop", fmt.Sprintf("gone-update-%d", v))
		doc := waitFor("a", func(d bson.Raw) bool { n, _ := d.Lookup("v").Int32OK(); return n == v+1 })
		if doc.Lookup("big").StringValue() != big+fmt.Sprint(v) {
			t.Fatalf("v = %d with big of %d bytes", v+1, len(doc.Lookup("big").StringValue()))
		}
		// An insert.
		c = dialRaw(t, l.addr)
		c.send(bson.D{{Key: "insert", Value: "c"}, {Key: "documents", Value: bson.A{bson.D{{Key: "_id", Value: v}, {Key: "big", Value: big}}}}, {Key: "$db", Value: "shop"}}, 0)
		_ = c.conn.Close()
		nextWriterGoesOn(t, client, "shop", fmt.Sprintf("gone-insert-%d", v))
		if doc := waitFor(v, func(bson.Raw) bool { return true }); doc.Lookup("big").StringValue() != big {
			t.Fatalf("inserted %d with big of %d bytes", v, len(doc.Lookup("big").StringValue()))
		}
	}
}
