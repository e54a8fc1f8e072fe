package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
)

// The parts of the MongoDB wire protocol the launcher needs to route a message: its frame, and
// for a command (OP_MSG) its name and database. Messages are forwarded byte for byte.

const (
	opQuery = 2004
	opMsg   = 2013

	// OP_MSG flag bits.
	flagChecksumPresent = 1 << 0
	flagMoreToCome      = 1 << 1

	maxMessageSize = 48 * 1000 * 1000
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
	length := int32(binary.LittleEndian.Uint32(header[0:4]))
	if length < 16 || length > maxMessageSize {
		return nil, fmt.Errorf("wire message of %d bytes", length)
	}
	raw := make([]byte, length)
	copy(raw, header[:])
	if _, err := io.ReadFull(r, raw[16:]); err != nil {
		return nil, err
	}
	return &message{raw: raw, opCode: int32(binary.LittleEndian.Uint32(header[12:16]))}, nil
}

// flags of an OP_MSG (0 for other messages).
func (m *message) flags() uint32 {
	if m.opCode != opMsg || len(m.raw) < 20 {
		return 0
	}
	return binary.LittleEndian.Uint32(m.raw[16:20])
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

var errNotCommand = errors.New("not an OP_MSG command")

// command reads the name and database of an OP_MSG request from its section 0 document.
func (m *message) command() (command, error) {
	if m.opCode != opMsg || len(m.raw) < 21 {
		return command{}, errNotCommand
	}
	end := len(m.raw)
	if m.flags()&flagChecksumPresent != 0 {
		end -= 4
	}
	for pos := 20; pos < end; {
		kind := m.raw[pos]
		pos++
		if pos+4 > end {
			break
		}
		size := int(int32(binary.LittleEndian.Uint32(m.raw[pos : pos+4])))
		if size < 5 || pos+size > end {
			break
		}
		if kind == 0 {
			return parseCommand(m.raw[pos : pos+size])
		}
		pos += size
	}
	return command{}, errNotCommand
}

// parseCommand walks the top level of a BSON document: its first key is the command, `$db` its database.
func parseCommand(doc []byte) (command, error) {
	c := command{body: doc}
	for pos := 4; pos < len(doc)-1; {
		kind := doc[pos]
		pos++
		nul := bytes.IndexByte(doc[pos:], 0)
		if nul < 0 {
			return c, errNotCommand
		}
		key := string(doc[pos : pos+nul])
		pos += nul + 1
		size, err := bsonValueSize(kind, doc[pos:])
		if err != nil {
			return c, err
		}
		if c.name == "" {
			c.name = strings.ToLower(key)
			if kind == 0x02 && size > 5 {
				c.collection = string(doc[pos+4 : pos+size-1])
			}
		}
		if key == "$db" && kind == 0x02 && size > 5 {
			c.db = string(doc[pos+4 : pos+size-1])
		}
		pos += size
	}
	if c.name == "" {
		return c, errNotCommand
	}
	return c, nil
}

// bsonValueSize is the length in bytes of a BSON value of the given type at the start of b.
func bsonValueSize(kind byte, b []byte) (int, error) {
	i32 := func(at int) (int, error) {
		if len(b) < at+4 {
			return 0, errNotCommand
		}
		return int(int32(binary.LittleEndian.Uint32(b[at : at+4]))), nil
	}
	cstring := func(at int) (int, error) {
		if at > len(b) {
			return 0, errNotCommand
		}
		nul := bytes.IndexByte(b[at:], 0)
		if nul < 0 {
			return 0, errNotCommand
		}
		return nul + 1, nil
	}
	var size int
	var err error
	switch kind {
	case 0x01, 0x09, 0x11, 0x12: // double, UTC datetime, timestamp, int64
		size = 8
	case 0x02, 0x0D, 0x0E: // string, JavaScript code, symbol
		size, err = i32(0)
		size += 4
	case 0x03, 0x04, 0x0F: // document, array, code with scope
		size, err = i32(0)
	case 0x05: // binary
		size, err = i32(0)
		size += 5
	case 0x06, 0x0A, 0x7F, 0xFF: // undefined, null, max key, min key
		size = 0
	case 0x07: // ObjectId
		size = 12
	case 0x08: // boolean
		size = 1
	case 0x0B: // regex: two cstrings
		var first, second int
		if first, err = cstring(0); err == nil {
			second, err = cstring(first)
		}
		size = first + second
	case 0x0C: // DBPointer
		size, err = i32(0)
		size += 4 + 12
	case 0x10: // int32
		size = 4
	case 0x13: // decimal128
		size = 16
	default:
		return 0, fmt.Errorf("unknown BSON type 0x%02x", kind)
	}
	if err != nil {
		return 0, err
	}
	if size < 0 || size > len(b) {
		return 0, errNotCommand
	}
	return size, nil
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
	if m.opCode != opMsg || len(m.raw) < 21 {
		return false
	}
	end := len(m.raw)
	if m.flags()&flagChecksumPresent != 0 {
		end -= 4
	}
	for pos := 20; pos < end; {
		kind := m.raw[pos]
		pos++
		if pos+4 > end {
			return false
		}
		size := int(int32(binary.LittleEndian.Uint32(m.raw[pos : pos+4])))
		if size < 5 || pos+size > end {
			return false
		}
		section := m.raw[pos : pos+size]
		pos += size
		switch kind {
		case 0:
			if nestsDeeper(section, maxBSONDepth) {
				return true
			}
		case 1:
			nul := bytes.IndexByte(section[4:], 0)
			if nul < 0 {
				return false
			}
			for docs := section[4+nul+1:]; len(docs) >= 5; {
				n := int(int32(binary.LittleEndian.Uint32(docs[:4])))
				if n < 5 || n > len(docs) {
					return false
				}
				if nestsDeeper(docs[:n], maxBSONDepth) {
					return true
				}
				docs = docs[n:]
			}
		default:
			return false
		}
	}
	return false
}

// nestsDeeper says whether a BSON document holds documents or arrays more than max levels below
// it (the document's own fields are at level 1). It reads the bytes once, without recursion, and
// stops at the first level too deep; malformed BSON before that is not too deep here.
func nestsDeeper(doc []byte, max int) bool {
	if len(doc) < 5 {
		return false
	}
	size := int(int32(binary.LittleEndian.Uint32(doc[:4])))
	if size < 5 || size > len(doc) {
		return false
	}
	ends := []int{size} // where each open document ends, the innermost last
	pos := 4
	for len(ends) > 0 {
		end := ends[len(ends)-1]
		if pos >= end-1 {
			if pos != end-1 || doc[pos] != 0 {
				return false
			}
			pos = end
			ends = ends[:len(ends)-1]
			continue
		}
		kind := doc[pos]
		pos++
		nul := bytes.IndexByte(doc[pos:end], 0)
		if nul < 0 {
			return false
		}
		pos += nul + 1
		if kind == 0x03 || kind == 0x04 { // document, array
			if pos+4 > end {
				return false
			}
			n := int(int32(binary.LittleEndian.Uint32(doc[pos : pos+4])))
			if n < 5 || pos+n > end-1 {
				return false
			}
			if len(ends) > max {
				return true
			}
			ends = append(ends, pos+n)
			pos += 4
			continue
		}
		n, err := bsonValueSize(kind, doc[pos:end])
		if err != nil {
			return false
		}
		pos += n
	}
	return false
}
