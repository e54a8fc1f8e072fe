package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"sync"

	"go.mongodb.org/mongo-driver/bson"
)

// FerretDB 1.24 applies an update by reading the document, applying the operators and writing the
// whole document back, with nothing to stop two commands doing so at once: of 200 concurrent $inc
// on one document, 10 to 25 survived. MongoDB applies every single-document write atomically, and
// the services rely on it. The launcher therefore stands in front of FerretDB and lets only one
// command that may write run at a time in each database (every client, every instance of every
// service goes through it); reads run alongside. SQLite admits one writer at a time anyway, so the
// cost is small.

// readCommands are the commands that never write. Anything else (insert, update, delete,
// findAndModify, index and collection changes, and any command not known here) takes the
// database's write turn.
var readCommands = map[string]bool{
	"find": true, "getmore": true, "count": true, "distinct": true, "aggregate": true,
	"listcollections": true, "listindexes": true, "listdatabases": true, "killcursors": true,
	"hello": true, "ismaster": true, "ping": true, "buildinfo": true, "getparameter": true,
	"serverstatus": true, "dbstats": true, "collstats": true, "datasize": true, "explain": true,
	"endsessions": true, "saslstart": true, "saslcontinue": true, "connectionstatus": true,
	"whatsmyuri": true, "getlog": true, "hostinfo": true, "getcmdlineopts": true, "listcommands": true,
	"getfreemonitoringstatus": true, "currentop": true, "usersinfo": true, "validate": true,
}

// writes says whether a command may change data: aggregate only with an $out or $merge stage.
func writes(c command) bool {
	if c.name == "aggregate" {
		return bytes.Contains(c.body, []byte("$out\x00")) || bytes.Contains(c.body, []byte("$merge\x00"))
	}
	return !readCommands[c.name]
}

// writeTurns hands out one write turn per database at a time.
type writeTurns struct {
	mu    sync.Mutex
	locks map[string]*sync.Mutex
}

func (t *writeTurns) of(db string) *sync.Mutex {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.locks == nil {
		t.locks = map[string]*sync.Mutex{}
	}
	l, ok := t.locks[db]
	if !ok {
		l = &sync.Mutex{}
		t.locks[db] = l
	}
	return l
}

type proxy struct {
	backend string
	turns   writeTurns
	// afterWrite runs after FerretDB answered a write command, still within the database's write
	// turn (before the client gets the answer).
	afterWrite func(c command)
	logger     *slog.Logger
}

// serve accepts clients until the context ends; each gets its own connection to FerretDB.
func (p *proxy) serve(ctx context.Context, l net.Listener) error {
	go func() {
		<-ctx.Done()
		_ = l.Close()
	}()
	for {
		client, err := l.Accept()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				continue
			}
			return err
		}
		go p.handle(ctx, client)
	}
}

func (p *proxy) handle(ctx context.Context, client net.Conn) {
	defer client.Close()
	var d net.Dialer
	server, err := d.DialContext(ctx, "tcp", p.backend)
	if err != nil {
		p.logger.Error("cannot reach FerretDB", "err", err)
		return
	}
	defer server.Close()
	go func() {
		<-ctx.Done()
		_ = client.Close()
		_ = server.Close()
	}()

	fromClient := bufio.NewReaderSize(client, 64<<10)
	toClient := bufio.NewWriterSize(client, 64<<10)
	fromServer := bufio.NewReaderSize(server, 64<<10)
	toServer := bufio.NewWriterSize(server, 64<<10)

	for {
		request, err := readMessage(fromClient)
		if err != nil {
			if !errors.Is(err, io.EOF) && ctx.Err() == nil {
				p.logger.Debug("client connection ended", "err", err)
			}
			return
		}
		if err := p.exchange(request, toServer, fromServer, toClient); err != nil {
			if ctx.Err() == nil {
				p.logger.Debug("connection ended", "err", err)
			}
			return
		}
	}
}

// exchange sends one request to FerretDB and its answer (all its parts) back to the client. A
// request that may write runs inside its database's write turn; its answer is read whole within
// the turn and sent to the client after it, so that a client slow to read (or not reading) its
// answer never keeps the next writer waiting.
func (p *proxy) exchange(request *message, toServer *bufio.Writer, fromServer *bufio.Reader, toClient *bufio.Writer) error {
	if request.tooDeep() {
		// Refused as MongoDB refuses it (wire.go, maxBSONDepth), before any write turn; nothing of
		// it reaches FerretDB. The message was read whole: the connection goes on.
		p.logger.Warn("refused a command nested too deep", "bytes", len(request.raw))
		if request.flags()&flagMoreToCome != 0 {
			return nil
		}
		if _, err := toClient.Write(tooDeepReply(requestIDOf(request))); err != nil {
			return err
		}
		return toClient.Flush()
	}
	c, err := request.command()
	writing := err == nil && writes(c)
	if err != nil && request.opCode != opQuery {
		// Neither a command nor the legacy handshake: treat it as a write, to be safe.
		writing = true
	}
	if !writing {
		// A find by many _id values is read key by key (FerretDB's SQLite backend scans for $in).
		if err == nil {
			reply, err := keyedFind(c, request, backend{w: toServer, r: fromServer})
			if err != nil {
				return err
			}
			if reply != nil {
				if _, err := toClient.Write(reply); err != nil {
					return err
				}
				return toClient.Flush()
			}
		}
		if err := send(toServer, request.raw); err != nil {
			return err
		}
		return relay(fromServer, toClient, request)
	}
	replies, err := p.write(c, request, backend{w: toServer, r: fromServer})
	if err != nil {
		return err
	}
	for _, reply := range replies {
		if _, err := toClient.Write(reply); err != nil {
			return err
		}
	}
	return toClient.Flush()
}

// write runs a request that may write within its database's write turn and returns its answer.
func (p *proxy) write(c command, request *message, b backend) ([][]byte, error) {
	turn := p.turns.of(c.db)
	turn.Lock()
	defer turn.Unlock()
	if request.flags()&flagMoreToCome == 0 {
		reply, err := keyedWrite(c, request, b)
		if err != nil {
			return nil, err
		}
		if reply != nil {
			if p.afterWrite != nil {
				p.afterWrite(c)
			}
			return [][]byte{translateUniqueViolation(c, requestIDOf(request), reply)}, nil
		}
	}
	if err := send(b.w, request.raw); err != nil {
		return nil, err
	}
	var replies [][]byte
	for {
		reply, err := readMessage(b.r)
		if err != nil {
			return nil, err
		}
		replies = append(replies, translateUniqueViolation(c, requestIDOf(request), reply.raw))
		if reply.flags()&flagMoreToCome == 0 {
			break
		}
	}
	if p.afterWrite != nil {
		p.afterWrite(c)
	}
	if request.flags()&flagMoreToCome != 0 {
		// Sent with moreToCome (a write with w: 0): the client waits for no answer. FerretDB 1.24
		// answers anyway; that answer, read within the turn (the write is done), is dropped.
		return nil, nil
	}
	return replies, nil
}

func send(w *bufio.Writer, raw []byte) error {
	if _, err := w.Write(raw); err != nil {
		return err
	}
	return w.Flush()
}

// relay passes FerretDB's answer to a request (all its parts) to the client as it comes.
func relay(fromServer *bufio.Reader, toClient *bufio.Writer, request *message) error {
	if request.flags()&flagMoreToCome != 0 {
		// The client waits for no answer; FerretDB 1.24 sends one anyway, which is dropped.
		_, err := readMessage(fromServer)
		return err
	}
	for {
		reply, err := readMessage(fromServer)
		if err != nil {
			return err
		}
		if _, err := toClient.Write(reply.raw); err != nil {
			return err
		}
		if reply.flags()&flagMoreToCome == 0 {
			break
		}
	}
	return toClient.Flush()
}

// tooDeepReply is MongoDB's answer to a command nested deeper than maxBSONDepth.
func tooDeepReply(responseTo int32) []byte {
	return buildOpMsg(ourRequestIDs.Add(1), responseTo, marshal(bson.D{
		{Key: "ok", Value: 0.0},
		{Key: "errmsg", Value: fmt.Sprintf("BSONObj exceeded maximum nested object depth: %d", maxBSONDepth)},
		{Key: "code", Value: int32(15)},
		{Key: "codeName", Value: "Overflow"},
	}))
}

func requestIDOf(m *message) int32 {
	return int32(binary.LittleEndian.Uint32(m.raw[4:8]))
}
