package main

import (
	"bufio"
	"fmt"
	"strings"
	"sync/atomic"

	"go.mongodb.org/mongo-driver/bson"
)

// The launcher's connection to FerretDB for one client, and the answers it gives of its own: a
// command nested too deep (proxy.go), and a duplicate key said as MongoDB says it.

var ourRequestIDs atomic.Int32

func init() { ourRequestIDs.Store(1 << 30) }

// ourReply is an answer of the launcher's own to the request responseTo.
func ourReply(responseTo int32, d bson.D) []byte {
	raw, err := bson.Marshal(d)
	if err != nil {
		panic(err)
	}
	return buildOpMsg(ourRequestIDs.Add(1), responseTo, raw)
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

// FerretDB reports a write that breaks a unique index other than _id's, on update, as an internal
// error ("UNIQUE constraint failed", code 1). MongoDB reports a duplicate key (11000), which the
// services answer as a clear 409 (a slug someone else has). The launcher says it as MongoDB does.
const uniqueViolation = "UNIQUE constraint failed"

func translateUniqueViolation(c command, requestID int32, reply []byte) []byte {
	if (c.name != "update" && c.name != "findandmodify") || !strings.Contains(string(reply), uniqueViolation) {
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
	errmsg = fmt.Sprintf("E11000 duplicate key error collection: %s.%s%s", c.db, c.collection, index)
	if c.name == "findandmodify" {
		return ourReply(requestID, bson.D{{Key: "ok", Value: 0.0}, {Key: "errmsg", Value: errmsg}, {Key: "code", Value: int32(11000)}, {Key: "codeName", Value: "DuplicateKey"}})
	}
	writeError := bson.D{{Key: "index", Value: int32(0)}, {Key: "code", Value: int32(11000)}, {Key: "errmsg", Value: errmsg}}
	return ourReply(requestID, bson.D{{Key: "n", Value: int32(0)}, {Key: "nModified", Value: int32(0)}, {Key: "writeErrors", Value: bson.A{writeError}}, {Key: "ok", Value: 1.0}})
}
