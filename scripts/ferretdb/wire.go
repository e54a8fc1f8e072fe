package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/bson/bsontype"
	"go.mongodb.org/mongo-driver/x/bsonx/bsoncore"
	"go.mongodb.org/mongo-driver/x/mongo/driver/wiremessage"
)

// The parts of the MongoDB wire protocol the launcher needs to route a message: its frame, and
// for a command (OP_MSG) its name, database and documents, read with the driver's wiremessage and
// bsoncore packages. Messages are forwarded byte for byte.

const (
	opQuery             = int32(wiremessage.OpQuery)
	opMsg               = int32(wiremessage.OpMsg)
	flagChecksumPresent = uint32(wiremessage.ChecksumPresent)
	flagMoreToCome      = uint32(wiremessage.MoreToCome)
	maxMessageSize      = 48 * 1000 * 1000
)

// message is one whole wire message: its 16-byte header and its body.
type message struct {
	raw    []byte
	opCode int32
}

func readMessage(r *bufio.Reader) (*message, error) {
	var header [16]byte
	if _, err := io.ReadFull(r, header[:]); err != nil {
		return nil, err
	}
	length, _, _, opCode, _, _ := wiremessage.ReadHeader(header[:])
	if length < 16 || length > maxMessageSize {
		return nil, fmt.Errorf("wire message of %d bytes", length)
	}
	raw := make([]byte, length)
	copy(raw, header[:])
	if _, err := io.ReadFull(r, raw[16:]); err != nil {
		return nil, err
	}
	return &message{raw: raw, opCode: int32(opCode)}, nil
}

// flags of an OP_MSG (0 for other messages).
func (m *message) flags() uint32 {
	if m.opCode != opMsg {
		return 0
	}
	flags, _, _ := wiremessage.ReadMsgFlags(m.raw[16:])
	return uint32(flags)
}

func (m *message) requestID() int32 {
	_, id, _, _, _, _ := wiremessage.ReadHeader(m.raw)
	return id
}

// section is one section of an OP_MSG: its kind and its bytes from its size on.
type section struct {
	kind wiremessage.SectionType
	data []byte
}

// sections reads the sections of an OP_MSG up to the first that does not fit in it; whole says
// none was left out.
func (m *message) sections() (out []section, whole bool) {
	if m.opCode != opMsg || len(m.raw) < 21 {
		return nil, false
	}
	rest := m.raw[20:]
	if m.flags()&flagChecksumPresent != 0 {
		rest = rest[:max(len(rest)-4, 0)]
	}
	for len(rest) > 0 {
		kind, r, _ := wiremessage.ReadMsgSectionType(rest)
		size, _, ok := bsoncore.ReadLength(r)
		if !ok || size < 5 || int(size) > len(r) {
			return out, false
		}
		out = append(out, section{kind, r[:size]})
		rest = r[size:]
	}
	return out, true
}

// documents reads a document sequence (a kind 1 section): its name, its documents up to the first
// that is not one, and the bytes after them (fewer than 5 when ok).
func documents(data []byte) (name string, docs []bson.Raw, rest []byte, ok bool) {
	name, rest, ok = bsoncore.ReadKey(data[4:])
	for ok && len(rest) >= 5 {
		var doc bsoncore.Document
		doc, rest, ok = bsoncore.ReadDocument(rest)
		if ok = ok && len(doc) >= 5; ok {
			docs = append(docs, bson.Raw(doc))
		}
	}
	return name, docs, rest, ok
}

// parsedMsg is a parsed OP_MSG: its command document and its document sequences.
type parsedMsg struct {
	requestID int32
	body      bson.Raw
	sequences map[string][]bson.Raw
}

var errNotCommand = errors.New("not an OP_MSG command")

func parseOpMsg(m *message) (*parsedMsg, error) {
	sections, whole := m.sections()
	out := &parsedMsg{requestID: m.requestID(), sequences: map[string][]bson.Raw{}}
	for _, s := range sections {
		switch s.kind {
		case wiremessage.SingleDocument:
			out.body = bson.Raw(s.data)
		case wiremessage.DocumentSequence:
			name, docs, rest, ok := documents(s.data)
			if !ok || len(rest) > 0 {
				return nil, errNotCommand
			}
			if len(docs) > 0 {
				out.sequences[name] = append(out.sequences[name], docs...)
			}
		default:
			return nil, errNotCommand
		}
	}
	if !whole || out.body == nil {
		return nil, errNotCommand
	}
	return out, nil
}

// buildOpMsg makes an OP_MSG with one command document.
func buildOpMsg(requestID, responseTo int32, body []byte) []byte {
	start, raw := wiremessage.AppendHeaderStart(make([]byte, 0, 21+len(body)), requestID, responseTo, wiremessage.OpMsg)
	raw = wiremessage.AppendMsgFlags(raw, 0)
	raw = append(wiremessage.AppendMsgSectionType(raw, wiremessage.SingleDocument), body...)
	return bsoncore.UpdateLength(raw, start, int32(len(raw)))
}

// command is what a request asks: the command's name (lowercased) and the database it names.
type command struct {
	name string
	db   string
	// The value of the first key when it is a string: the collection, for most commands.
	collection string
	// The command's own document (section 0), to look into when the name is not enough.
	body []byte
}

// command reads the name and database of an OP_MSG request from its section 0 document: its
// first key is the command, `$db` its database.
func (m *message) command() (command, error) {
	sections, _ := m.sections()
	for _, s := range sections {
		if s.kind != wiremessage.SingleDocument {
			continue
		}
		elements, err := bsoncore.Document(s.data).Elements()
		if err != nil {
			return command{}, errNotCommand
		}
		c := command{body: s.data}
		for _, e := range elements {
			if c.name == "" {
				c.name = strings.ToLower(e.Key())
				c.collection, _ = e.Value().StringValueOK()
			}
			if db, isString := e.Value().StringValueOK(); isString && e.Key() == "$db" {
				c.db = db
			}
		}
		if c.name == "" {
			return c, errNotCommand
		}
		return c, nil
	}
	return command{}, errNotCommand
}

// bsonValueSize is the length in bytes of a BSON value of the given type at the start of b.
func bsonValueSize(kind byte, b []byte) (int, error) {
	v, _, ok := bsoncore.ReadValue(b, bsontype.Type(kind))
	if !ok {
		return 0, fmt.Errorf("no BSON value of type 0x%02x", kind)
	}
	return len(v.Data), nil
}

// maxBSONDepth is MongoDB's limit on how deep documents and arrays nest in what a client sends (its
// maxBSONDepth parameter, 200 by default): a command nested deeper is refused, its connection kept,
// with code 15 (Overflow). FerretDB 1.24 has no limit, and decodes and matches recursively: a
// document 100,000 levels deep kept it busy 6 s, 1,000,000 levels (19 MB) overflowed its stack,
// which ends the process, the launcher with it; the launcher's matcher took 7 s over such a filter,
// within the database's write turn. The launcher refuses what MongoDB refuses, before any turn.
const maxBSONDepth = 200

// tooDeep says whether a document of an OP_MSG (its command, or one of its document sequences)
// nests documents or arrays more than maxBSONDepth levels down. A message it cannot read as
// sections of documents is not too deep here: it goes its way (to FerretDB, which refuses it).
func (m *message) tooDeep() bool {
	sections, _ := m.sections()
	for _, s := range sections {
		docs, ok := []bson.Raw{s.data}, true
		if s.kind == wiremessage.DocumentSequence {
			_, docs, _, ok = documents(s.data)
		} else if s.kind != wiremessage.SingleDocument {
			return false
		}
		for _, doc := range docs {
			if nestsDeeper(doc, maxBSONDepth) {
				return true
			}
		}
		if !ok {
			return false
		}
	}
	return false
}

// nestsDeeper says whether a BSON document holds documents or arrays more than max levels below
// it (the document's own fields are at level 1). It reads the bytes once, without recursion, and
// stops at the first level too deep; malformed BSON before that is not too deep here.
func nestsDeeper(doc []byte, max int) bool {
	open := [][]byte{doc[4:]} // what is left of each open document (then its end), the innermost last
	for len(open) > 0 {
		rest := open[len(open)-1]
		if len(rest) <= 1 {
			if len(rest) == 0 || rest[0] != 0 {
				return false
			}
			open = open[:len(open)-1]
			continue
		}
		e, _, ok := bsoncore.ReadElement(rest[:len(rest)-1])
		if !ok {
			return false
		}
		open[len(open)-1] = rest[len(e):]
		if v := e.Value(); v.Type == bsontype.EmbeddedDocument || v.Type == bsontype.Array {
			if len(v.Data) < 5 {
				return false
			}
			if len(open) > max {
				return true
			}
			open = append(open, v.Data[4:])
		}
	}
	return false
}
