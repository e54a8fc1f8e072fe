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
