package main

import (
	"bufio"
	"bytes"
	"context"
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

type proxy struct {
	backend string
	turns   sync.Map // a database's name: its write turn (*sync.Mutex)
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
	b := backend{w: bufio.NewWriterSize(server, 64<<10), r: bufio.NewReaderSize(server, 64<<10)}
	for {
		request, err := readMessage(fromClient)
		if err == nil {
			err = p.exchange(request, b, toClient)
		}
		if err != nil {
			if !errors.Is(err, io.EOF) && ctx.Err() == nil {
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
func (p *proxy) exchange(request *message, b backend, toClient *bufio.Writer) error {
	if request.tooDeep() {
		// Refused as MongoDB refuses it (wire.go, maxBSONDepth), before any write turn; nothing of
		// it reaches FerretDB. The message was read whole: the connection goes on.
		p.logger.Warn("refused a command nested too deep", "bytes", len(request.raw))
		return answer(toClient, request, ourReply(request.requestID(), bson.D{
			{Key: "ok", Value: 0.0},
			{Key: "errmsg", Value: fmt.Sprintf("BSONObj exceeded maximum nested object depth: %d", maxBSONDepth)},
			{Key: "code", Value: int32(15)},
			{Key: "codeName", Value: "Overflow"},
		}))
	}
	c, err := request.command()
	// Neither a command nor the legacy handshake: treated as a write, to be safe.
	if (err == nil && writes(c)) || (err != nil && request.opCode != opQuery) {
		replies, err := p.write(c, request, b)
		if err != nil {
			return err
		}
		return answer(toClient, request, replies...)
	}
	// Anything else is passed on, and FerretDB's answer (all its parts) to the client as it comes.
	if err := b.send(request.raw); err != nil {
		return err
	}
	for {
		reply, err := readMessage(b.r)
		if err != nil || request.flags()&flagMoreToCome != 0 {
			// With moreToCome the client waits for no answer; FerretDB 1.24 sends one anyway, dropped.
			return err
		}
		if _, err := toClient.Write(reply.raw); err != nil {
			return err
		}
		if reply.flags()&flagMoreToCome == 0 {
			return toClient.Flush()
		}
	}
}

// answer sends replies to the client, unless it asked for none (moreToCome).
func answer(toClient *bufio.Writer, request *message, replies ...[]byte) error {
	if request.flags()&flagMoreToCome != 0 {
		return nil
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
	turn, _ := p.turns.LoadOrStore(c.db, &sync.Mutex{})
	turn.(*sync.Mutex).Lock()
	defer turn.(*sync.Mutex).Unlock()
	// Sent with moreToCome (a write with w: 0), the request waits for no answer: FerretDB 1.24
	// answers anyway, within the turn (the write is done), and answer() drops it.
	replies, err := b.answers(request.raw)
	if err != nil {
		return nil, err
	}
	p.afterWrite(c)
	for i, reply := range replies {
		replies[i] = translateUniqueViolation(c, request.requestID(), reply)
	}
	return replies, nil
}
