package main

import (
	"context"
	"errors"
	"net"
	"strings"
	"sync"
	"syscall"
	"testing"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
)

// proxy.go: one write at a time per database, so that single-document writes are atomic as on
// MongoDB; whatever it does not understand goes to FerretDB unchanged (or ends the connection, as
// MongoDB does with a message it cannot frame), and nothing a client sends, or fails to read,
// keeps the next writer waiting.

// FerretDB alone loses most of 200 concurrent $inc on one document (10 to 25 survive).
func TestConcurrentIncrementsAllCount(t *testing.T) {
	l := startLauncher(t)
	client := driverClient(t, l.addr)
	ctx := testContext(t)
	coll := client.Database("shop").Collection("counters")
	if _, err := coll.InsertOne(ctx, bson.D{{Key: "_id", Value: "c"}, {Key: "n", Value: int32(0)}}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 200)
	for w := 0; w < 20; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 10; i++ {
				if _, err := coll.UpdateOne(ctx, byID("c"), bson.D{{Key: "$inc", Value: bson.D{{Key: "n", Value: int32(1)}}}}); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	var got struct{ N int32 }
	if err := coll.FindOne(ctx, byID("c")).Decode(&got); err != nil || got.N != 200 {
		t.Fatalf("n = %d after 200 increments (%v)", got.N, err)
	}
}

// Of 20 clients racing the same compare-and-set, exactly one wins (FerretDB alone: most "win").
func TestRacingCompareAndSetOneWinner(t *testing.T) {
	l := startLauncher(t)
	client := driverClient(t, l.addr)
	ctx := testContext(t)
	coll := client.Database("shop").Collection("listings")
	if _, err := coll.InsertOne(ctx, bson.D{{Key: "_id", Value: "r"}, {Key: "version", Value: int32(0)}}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	won := 0
	for w := 0; w < 20; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			res, err := coll.UpdateOne(ctx, bson.D{{Key: "_id", Value: "r"}, {Key: "version", Value: int32(0)}}, bson.D{{Key: "$set", Value: bson.D{{Key: "version", Value: int32(1)}, {Key: "winner", Value: w}}}})
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			won += int(res.ModifiedCount)
			mu.Unlock()
		}(w)
	}
	wg.Wait()
	if won != 1 {
		t.Fatalf("%d of 20 racing compare-and-sets won", won)
	}
}

// insertNow inserts one document through its own client: it must not wait on anything another
// connection sent (the test fails at testWait if it does).
func insertNow(t *testing.T, client *mongo.Client, db string, id interface{}) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	if _, err := client.Database(db).Collection("next").InsertOne(ctx, byID(id)); err != nil {
		t.Fatalf("the next writer: %v", err)
	}
}

func countIn(t *testing.T, client *mongo.Client, db, coll string) int64 {
	t.Helper()
	n, err := client.Database(db).Collection(coll).CountDocuments(testContext(t), bson.D{})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// Messages the launcher cannot frame, or that FerretDB cannot read: the connection ends (as on
// MongoDB), nothing is written, and the next writer to the same database is not kept waiting.
func TestMalformedMessagesEndTheirConnectionOnly(t *testing.T) {
	insertDoc := marshal(bson.D{{Key: "insert", Value: "bad"}, {Key: "documents", Value: bson.A{byID("x")}}, {Key: "$db", Value: "shop"}})
	badBSON := append(append([]byte{}, insertDoc[:len(insertDoc)-1]...), 0x42, 'z', 0, 0) // an element of no BSON type
	badBSON[0] += 3
	cases := []struct {
		name string
		raw  []byte
	}{
		{"a length below 16", wireHeader(12, opMsg)},
		{"a length above 48,000,000", wireHeader(48_000_001, opMsg)},
		{"a negative length", wireHeader(-1, opMsg)},
		{"an OP_MSG of flags alone", opMsgWith(1, 0)},
		{"an unknown section kind after the command", opMsgWith(1, 0, bodySection(insertDoc), []byte{2, 9, 0, 0, 0, 1, 2, 3, 4})},
		{"a section longer than the message", opMsgWith(1, 0, bodySection(insertDoc)[:20])},
		{"a document of no BSON type", opMsgWith(1, 0, bodySection(badBSON))},
		{"a checksum flag without a checksum", opMsgWith(1, flagChecksumPresent, bodySection(insertDoc))},
		{"a legacy OP_INSERT", append(wireHeader(26, 2002), 0, 0, 0, 0, 's', '.', 'b', 0, 5, 0)},
		{"an unknown op code", append(wireHeader(20, 1234), 1, 2, 3, 4)},
	}
	l := startLauncher(t)
	client := driverClient(t, l.addr)
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := dialRaw(t, l.addr)
			c.write(tc.raw)
			insertNow(t, client, "shop", i)
			if !c.closedByPeer() {
				t.Fatal("the connection is still open")
			}
			if n := countIn(t, client, "shop", "bad"); n != 0 {
				t.Fatalf("%d documents written", n)
			}
		})
	}
}

// A client that stops half way through a message: the launcher waits for the rest without
// holding anything; when the connection ends, nothing of it reaches FerretDB.
func TestConnectionCutMidMessage(t *testing.T) {
	l := startLauncher(t)
	client := driverClient(t, l.addr)
	insert := buildOpMsg(1, 0, marshal(bson.D{{Key: "insert", Value: "half"}, {Key: "documents", Value: bson.A{byID("x")}}, {Key: "$db", Value: "shop"}}))
	for _, cut := range []int{3, 16, 20, len(insert) - 1} {
		c := dialRaw(t, l.addr)
		c.write(insert[:cut])
		insertNow(t, client, "shop", cut) // while the half message waits
		_ = c.conn.Close()
	}
	// A connection ended after the part of a message is ended by the launcher too: a fresh
	// connection sees no trace of the parts.
	c := dialRaw(t, l.addr)
	if body := c.run(bson.D{{Key: "count", Value: "half"}, {Key: "$db", Value: "shop"}}); okOf(body) != 1 || body.Lookup("n").Int32() != 0 {
		t.Fatalf("%s", body)
	}
}

// A filter the launcher does not decide goes to FerretDB as it came; FerretDB's answer (here an
// error) reaches the client, and the next writer goes on.
func TestUndecidedFilterGoesToFerretDB(t *testing.T) {
	l := startLauncher(t)
	client := driverClient(t, l.addr)
	c := dialRaw(t, l.addr)
	if body := c.run(bson.D{{Key: "insert", Value: "c"}, {Key: "documents", Value: bson.A{bson.D{{Key: "_id", Value: "a"}, {Key: "v", Value: int32(1)}}}}, {Key: "$db", Value: "shop"}}); okOf(body) != 1 {
		t.Fatalf("%s", body)
	}
	cases := []struct {
		name   string
		filter bson.D
		ok     bool
		n      int32
	}{
		{"an unknown operator", bson.D{{Key: "_id", Value: "a"}, {Key: "v", Value: op("$foo", 1)}}, false, 0},
		{"$in of a number", bson.D{{Key: "_id", Value: "a"}, {Key: "v", Value: op("$in", 1)}}, false, 0},
		{"$type", bson.D{{Key: "_id", Value: "a"}, {Key: "v", Value: op("$type", "int")}}, true, 1},
		{"$not", bson.D{{Key: "_id", Value: "a"}, {Key: "v", Value: op("$not", op("$gt", 5))}}, true, 1},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			body := c.run(bson.D{{Key: "update", Value: "c"}, {Key: "updates", Value: bson.A{bson.D{{Key: "q", Value: tc.filter}, {Key: "u", Value: op("$set", op("w", i))}}}}, {Key: "$db", Value: "shop"}})
			_, noWriteErrors := body.LookupErr("writeErrors")
			if ok := okOf(body) == 1 && noWriteErrors != nil; ok != tc.ok {
				t.Fatalf("answered %s", body)
			}
			if tc.ok && body.Lookup("n").Int32() != tc.n {
				t.Fatalf("answered %s", body)
			}
			insertNow(t, client, "shop", i)
		})
	}
}

// A write sent with moreToCome (w: 0) gets no answer; the next command on the connection gets its
// own answer (FerretDB 1.24 answers every message, and that answer must not take its place), and
// w: 0 writes are as atomic as the others.
func TestUnacknowledgedWrites(t *testing.T) {
	l := startLauncher(t)
	c := dialRaw(t, l.addr)
	w0 := bson.E{Key: "writeConcern", Value: op("w", 0)}
	c.send(bson.D{{Key: "insert", Value: "c"}, {Key: "documents", Value: bson.A{bson.D{{Key: "_id", Value: "u"}, {Key: "n", Value: int32(0)}}}}, w0, {Key: "$db", Value: "shop"}}, flagMoreToCome)
	if body := c.run(bson.D{{Key: "ping", Value: 1}, {Key: "$db", Value: "admin"}}); okOf(body) != 1 {
		t.Fatalf("ping: %s", body)
	}
	// A duplicate, unacknowledged: its error is nobody's answer.
	c.send(bson.D{{Key: "insert", Value: "c"}, {Key: "documents", Value: bson.A{byID("u")}}, w0, {Key: "$db", Value: "shop"}}, flagMoreToCome)
	if body := c.run(bson.D{{Key: "count", Value: "c"}, {Key: "$db", Value: "shop"}}); body.Lookup("n").Int32() != 1 {
		t.Fatalf("count: %s", body)
	}

	var wg sync.WaitGroup
	for w := 0; w < 10; w++ {
		conn := dialRaw(t, l.addr)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 20; i++ {
				conn.send(bson.D{{Key: "update", Value: "c"}, {Key: "updates", Value: bson.A{bson.D{{Key: "q", Value: byID("u")}, {Key: "u", Value: op("$inc", op("n", int32(1)))}}}}, w0, {Key: "$db", Value: "shop"}}, flagMoreToCome)
			}
			if body := conn.run(bson.D{{Key: "ping", Value: 1}, {Key: "$db", Value: "admin"}}); okOf(body) != 1 {
				t.Errorf("ping: %s", body)
			}
		}()
	}
	wg.Wait()
	body := c.run(bson.D{{Key: "find", Value: "c"}, {Key: "filter", Value: byID("u")}, {Key: "$db", Value: "shop"}})
	if n := body.Lookup("cursor", "firstBatch", "0", "n").Int32(); n != 200 {
		t.Fatalf("n = %d after 200 unacknowledged increments", n)
	}
}

// A client that sends a write and does not read its (large) answer keeps its own connection
// waiting, not the next writer of the database.
func TestUnreadAnswerDoesNotHoldTheTurn(t *testing.T) {
	l := startLauncher(t)
	client := driverClient(t, l.addr)
	ctx := testContext(t)
	big := strings.Repeat("x", 12<<20)
	if _, err := client.Database("shop").Collection("big").InsertOne(ctx, bson.D{{Key: "_id", Value: "b"}, {Key: "s", Value: big}}); err != nil {
		t.Fatal(err)
	}
	// A reader that does not read, with a small receive buffer so the answer cannot sit in it.
	d := net.Dialer{Timeout: testWait, Control: func(_, _ string, rc syscall.RawConn) error {
		var err error
		_ = rc.Control(func(fd uintptr) { err = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
		return err
	}}
	conn, err := d.Dial("tcp", l.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	slow := &rawConn{t: t, conn: conn, next: 1}
	slow.send(bson.D{{Key: "findAndModify", Value: "big"}, {Key: "query", Value: byID("b")}, {Key: "update", Value: op("$set", op("t", 1))}, {Key: "new", Value: true}, {Key: "$db", Value: "shop"}}, 0)
	// The findAndModify is done (FerretDB answered) once its change shows.
	for {
		var got bson.M
		if err := client.Database("shop").Collection("big").FindOne(ctx, byID("b"), options.FindOne().SetProjection(op("t", 1))).Decode(&got); err != nil {
			t.Fatal(err)
		}
		if got["t"] != nil {
			break
		}
	}
	insertNow(t, client, "shop", "after")
}

// FerretDB reports an update that breaks a unique index as an internal error; MongoDB (and the
// launcher) as a duplicate key, 11000.
func TestUniqueIndexViolationIsDuplicateKey(t *testing.T) {
	l := startLauncher(t)
	client := driverClient(t, l.addr)
	ctx := testContext(t)
	coll := client.Database("shop").Collection("services")
	if _, err := coll.Indexes().CreateOne(ctx, mongo.IndexModel{Keys: op("slug", 1), Options: options.Index().SetUnique(true)}); err != nil {
		t.Fatal(err)
	}
	if _, err := coll.InsertMany(ctx, []interface{}{bson.D{{Key: "_id", Value: "a"}, {Key: "slug", Value: "fresh"}, {Key: "version", Value: 1}}, bson.D{{Key: "_id", Value: "b"}, {Key: "slug", Value: "other"}, {Key: "version", Value: 1}}}); err != nil {
		t.Fatal(err)
	}
	taken := op("$set", op("slug", "fresh"))
	cases := []struct {
		name string
		run  func() error
	}{
		{"update by _id", func() error { _, err := coll.UpdateOne(ctx, byID("b"), taken); return err }},
		{"update by _id and version (keyed)", func() error {
			_, err := coll.UpdateOne(ctx, bson.D{{Key: "_id", Value: "b"}, {Key: "version", Value: 1}}, taken)
			return err
		}},
		{"findOneAndUpdate", func() error { return coll.FindOneAndUpdate(ctx, byID("b"), taken).Err() }},
		{"findOneAndUpdate by _id and version (keyed)", func() error {
			return coll.FindOneAndUpdate(ctx, bson.D{{Key: "_id", Value: "b"}, {Key: "version", Value: 1}}, taken).Err()
		}},
		{"insert", func() error {
			_, err := coll.InsertOne(ctx, bson.D{{Key: "_id", Value: "c"}, {Key: "slug", Value: "fresh"}})
			return err
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.run()
			if !mongo.IsDuplicateKeyError(err) {
				t.Fatalf("%v", err)
			}
			var se mongo.ServerError
			if !errors.As(err, &se) || !se.HasErrorCode(11000) {
				t.Fatalf("%v", err)
			}
		})
	}
}
