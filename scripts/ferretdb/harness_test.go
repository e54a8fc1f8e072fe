package main

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/url"
	"testing"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
)

// What the tests of the launcher share: FerretDB started as main.go starts it (embedded, SQLite in
// a temp dir, a free loopback port) with the launcher's proxy in front of it, a raw wire client,
// and the MongoDB Go driver as the services' stand-in. Everything stops when the test ends.

// testWait bounds every wait of these tests: reaching it is a failure, never a pause.
const testWait = 30 * time.Second

type launcherUnderTest struct {
	dir     string // FerretDB's SQLite files
	ferret  string // FerretDB's own address (behind the launcher)
	addr    string // the launcher's address, which clients use
	indexes *idIndexes
}

func startLauncher(t *testing.T) *launcherUnderTest {
	t.Helper()
	return startLauncherOn(t, t.TempDir())
}

// runFerretDB runs an embedded FerretDB on the SQLite files in dir, on a free loopback port; stop
// ends it and waits until it has.
func runFerretDB(t *testing.T, dir string, logger *slog.Logger) (f *ferretdb.FerretDB, stop func()) {
	t.Helper()
	f, err := ferretdb.New(&ferretdb.Config{
		Logger:    logger,
		Listener:  ferretdb.ListenerConfig{TCP: "127.0.0.1:0"},
		Handler:   "sqlite",
		SQLiteURL: "file:" + dir + "/",
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- f.Run(ctx) }()
	return f, func() {
		cancel()
		<-done
	}
}

// startLauncherOn starts it on FerretDB's files in dir, as main.go does (the launcher's repairs and
// indexes first).
func startLauncherOn(t *testing.T, dir string) *launcherUnderTest {
	t.Helper()
	logger := slog.New(slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelError}))
	indexes := newIDIndexes(dir, logger)
	if err := indexes.ensureAll(); err != nil {
		t.Fatal(err)
	}
	f, stopF := runFerretDB(t, dir, logger)
	stopFerret := func() {
		stopF()
		indexes.close()
	}
	inner, err := url.Parse(f.MongoDBURI())
	if err != nil {
		stopFerret()
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		stopFerret()
		t.Fatal(err)
	}
	p := &proxy{backend: inner.Host, afterWrite: indexes.afterWrite, logger: logger}
	ctx, cancel := context.WithCancel(context.Background())
	proxyDone := make(chan error, 1)
	go func() { proxyDone <- p.serve(ctx, l) }()
	t.Cleanup(func() {
		cancel()
		if err := <-proxyDone; err != nil {
			t.Errorf("proxy: %v", err)
		}
		stopFerret()
	})
	return &launcherUnderTest{dir: dir, ferret: inner.Host, addr: l.Addr().String(), indexes: indexes}
}

// driverClient connects the MongoDB Go driver to addr; disconnected when the test ends.
func driverClient(t *testing.T, addr string) *mongo.Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	client, err := mongo.Connect(ctx, options.Client().ApplyURI("mongodb://"+addr+"/?directConnection=true").SetServerSelectionTimeout(testWait))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), testWait)
		defer cancel()
		_ = client.Disconnect(ctx)
	})
	return client
}

func testContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	t.Cleanup(cancel)
	return ctx
}

// rawConn speaks the wire protocol byte for byte, for what the driver never sends.
type rawConn struct {
	t    *testing.T
	conn net.Conn
	r    *bufio.Reader
	next int32
}

func dialRaw(t *testing.T, addr string) *rawConn {
	t.Helper()
	conn, err := net.DialTimeout("tcp", addr, testWait)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	_ = conn.SetDeadline(time.Now().Add(testWait))
	return &rawConn{t: t, conn: conn, r: bufio.NewReader(conn), next: 1}
}

func (c *rawConn) write(raw []byte) {
	c.t.Helper()
	if _, err := c.conn.Write(raw); err != nil {
		c.t.Fatal(err)
	}
}

// send sends a command as an OP_MSG with the given flags and returns its request ID.
func (c *rawConn) send(cmd bson.D, flags uint32) int32 {
	c.t.Helper()
	id := c.next
	c.next++
	raw := buildOpMsg(id, 0, marshal(cmd))
	binary.LittleEndian.PutUint32(raw[16:20], flags)
	c.write(raw)
	return id
}

// reply reads one answer: its responseTo and its body.
func (c *rawConn) reply() (int32, bson.Raw) {
	c.t.Helper()
	m, err := readMessage(c.r)
	if err != nil {
		c.t.Fatalf("reading an answer: %v", err)
	}
	parsed, err := parseOpMsg(m)
	if err != nil {
		c.t.Fatalf("answer is not an OP_MSG: %v", err)
	}
	return int32(binary.LittleEndian.Uint32(m.raw[8:12])), parsed.body
}

// run sends a command and returns its answer, checking it answers this request.
func (c *rawConn) run(cmd bson.D) bson.Raw {
	c.t.Helper()
	id := c.send(cmd, 0)
	to, body := c.reply()
	if to != id {
		c.t.Fatalf("answer to request %d came for request %d: %s", to, id, body)
	}
	return body
}

// closedByPeer waits until the other side closes the connection (within testWait).
func (c *rawConn) closedByPeer() bool {
	_, err := c.r.ReadByte()
	var ne net.Error
	return err != nil && !(errors.As(err, &ne) && ne.Timeout())
}

// opMsgWith builds an OP_MSG from raw sections (each: kind byte then payload).
func opMsgWith(requestID int32, flags uint32, sections ...[]byte) []byte {
	raw := make([]byte, 20)
	binary.LittleEndian.PutUint32(raw[4:8], uint32(requestID))
	binary.LittleEndian.PutUint32(raw[12:16], uint32(opMsg))
	binary.LittleEndian.PutUint32(raw[16:20], flags)
	for _, s := range sections {
		raw = append(raw, s...)
	}
	binary.LittleEndian.PutUint32(raw[0:4], uint32(len(raw)))
	return raw
}

// bodySection is a kind-0 section holding doc.
func bodySection(doc []byte) []byte { return append([]byte{0}, doc...) }

// sequenceSection is a kind-1 section: a named sequence of documents.
func sequenceSection(name string, docs ...[]byte) []byte {
	payload := append([]byte(name), 0)
	for _, d := range docs {
		payload = append(payload, d...)
	}
	out := make([]byte, 5, 5+len(payload))
	out[0] = 1
	binary.LittleEndian.PutUint32(out[1:5], uint32(4+len(payload)))
	return append(out, payload...)
}

func okOf(body bson.Raw) float64 {
	v, _ := numberValue(body.Lookup("ok"))
	return v
}

func marshal(d bson.D) []byte {
	raw, err := bson.Marshal(d)
	if err != nil {
		panic(err)
	}
	return raw
}

func byID(id interface{}) bson.D { return bson.D{{Key: "_id", Value: id}} }

// numberValue is a BSON number as a float64 (false for anything else).
func numberValue(v bson.RawValue) (float64, bool) {
	switch v.Type {
	case bson.TypeInt32:
		return float64(v.Int32()), true
	case bson.TypeInt64:
		return float64(v.Int64()), true
	case bson.TypeDouble:
		return v.Double(), true
	}
	return 0, false
}

func op(name string, v interface{}) bson.D { return bson.D{{Key: name, Value: v}} }

func x(v interface{}) bson.D { return bson.D{{Key: "x", Value: v}} }
