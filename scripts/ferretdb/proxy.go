package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"io"
	"log/slog"
	"net"
	"sync"
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
	// afterWrite runs after a write command was answered, still within the database's write turn.
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

// exchange sends one request to FerretDB and its answer (all its parts) back to the client,
// inside the database's write turn when the request may write.
func (p *proxy) exchange(request *message, toServer *bufio.Writer, fromServer *bufio.Reader, toClient *bufio.Writer) error {
	c, err := request.command()
	writing := err == nil && writes(c)
	if err != nil && request.opCode != opQuery {
		// Neither a command nor the legacy handshake: treat it as a write, to be safe.
		writing = true
	}
	if writing {
		turn := p.turns.of(c.db)
		turn.Lock()
		defer turn.Unlock()
		if request.flags()&flagMoreToCome == 0 {
			reply, err := keyedWrite(c, request, backend{w: toServer, r: fromServer})
			if err != nil {
				return err
			}
			if reply != nil {
				reply = translateUniqueViolation(c, requestIDOf(request), reply)
				if _, err := toClient.Write(reply); err != nil {
					return err
				}
				if err := toClient.Flush(); err != nil {
					return err
				}
				if p.afterWrite != nil {
					p.afterWrite(c)
				}
				return nil
			}
		}
	}
	if _, err := toServer.Write(request.raw); err != nil {
		return err
	}
	if err := toServer.Flush(); err != nil {
		return err
	}
	// A request sent with moreToCome gets no answer.
	if request.flags()&flagMoreToCome != 0 {
		return nil
	}
	for {
		reply, err := readMessage(fromServer)
		if err != nil {
			return err
		}
		raw := reply.raw
		if writing {
			raw = translateUniqueViolation(c, requestIDOf(request), raw)
		}
		if _, err := toClient.Write(raw); err != nil {
			return err
		}
		if reply.flags()&flagMoreToCome == 0 {
			break
		}
	}
	if err := toClient.Flush(); err != nil {
		return err
	}
	if writing && p.afterWrite != nil {
		p.afterWrite(c)
	}
	return nil
}

func requestIDOf(m *message) int32 {
	return int32(binary.LittleEndian.Uint32(m.raw[4:8]))
}
