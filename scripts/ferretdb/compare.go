package main

import (
	"bytes"
	"math"
	"strings"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/bson/bsontype"
)

// How MongoDB compares values, for the matcher (match.go). Numbers compare by value whatever
// their BSON type (int32, int64, double), exactly: an int64 above 2^53 is not rounded to the
// nearest double first. An embedded document or an array equals another when they have the same
// field names in the same order and equal values, numbers again by value ({a: 1} equals
// {a: 1.0}). NaN and Decimal128 are left to FerretDB: FerretDB 1.24 can neither store them nor
// take them in a filter (it closes the connection), so the launcher must not answer for them.

// isNaN says whether v is a double NaN.
func isNaN(v bson.RawValue) bool {
	f, ok := v.DoubleOK()
	return ok && math.IsNaN(f)
}

// compareNumbers compares two numbers read by number(), neither of them NaN, exactly.
func compareNumbers(af float64, ai int64, aInt bool, bf float64, bi int64, bInt bool) int {
	switch {
	case aInt && bInt:
		return compareInts(ai, bi)
	case aInt:
		return compareIntDouble(ai, bf)
	case bInt:
		return -compareIntDouble(bi, af)
	case af < bf:
		return -1
	case af > bf:
		return 1
	}
	return 0
}

// compareIntDouble compares an int64 with a double (not NaN) without rounding the int64.
func compareIntDouble(i int64, d float64) int {
	const two63 = 9223372036854775808.0 // 2^63, one above the largest int64
	switch {
	case d >= two63:
		return -1
	case d < -two63:
		return 1
	}
	whole := math.Trunc(d)
	if c := compareInts(i, int64(whole)); c != 0 {
		return c
	}
	switch {
	case d > whole:
		return -1
	case d < whole:
		return 1
	}
	return 0
}

// valueClass groups the BSON types the matcher compares itself as MongoDB orders them: values
// of different classes are never equal. 0 for a type left to FerretDB.
func valueClass(t bsontype.Type) int {
	switch t {
	case bsontype.Int32, bsontype.Int64, bsontype.Double:
		return 1
	case bsontype.String:
		return 2
	case bsontype.EmbeddedDocument:
		return 3
	case bsontype.Array:
		return 4
	case bsontype.Boolean:
		return 5
	case bsontype.DateTime:
		return 6
	case bsontype.ObjectID:
		return 7
	case bsontype.Null:
		return 8
	}
	return 0
}

// plainFilterValue says whether a value of a filter, compared whole, is one the matcher decides:
// of the classes above, no NaN, and in documents no field name starting with "$" (an operator
// where none belongs, which MongoDB and FerretDB refuse or read differently).
func plainFilterValue(v bson.RawValue) bool {
	if valueClass(v.Type) == 0 || isNaN(v) {
		return false
	}
	if v.Type != bsontype.EmbeddedDocument && v.Type != bsontype.Array {
		return true
	}
	elements, err := bson.Raw(v.Value).Elements()
	if err != nil {
		return false
	}
	for _, e := range elements {
		if (v.Type == bsontype.EmbeddedDocument && strings.HasPrefix(e.Key(), "$")) || !plainFilterValue(e.Value()) {
			return false
		}
	}
	return true
}

// sameValue is MongoDB's equality of two values compared whole.
func sameValue(a, b bson.RawValue) outcome {
	ca, cb := valueClass(a.Type), valueClass(b.Type)
	if ca == 0 || cb == 0 || isNaN(a) || isNaN(b) {
		return unsupported
	}
	if ca != cb {
		return noMatch
	}
	switch ca {
	case 1:
		af, ai, aInt, _ := number(a)
		bf, bi, bInt, _ := number(b)
		return fromBool(compareNumbers(af, ai, aInt, bf, bi, bInt) == 0)
	case 3, 4:
		return sameElements(bson.Raw(a.Value), bson.Raw(b.Value))
	}
	// Strings, booleans, dates, ObjectIds, null: equal when their bytes are.
	return fromBool(bytes.Equal(a.Value, b.Value))
}

// sameElements compares two documents (or arrays) field by field, in order.
func sameElements(a, b bson.Raw) outcome {
	ae, err := a.Elements()
	if err != nil {
		return unsupported
	}
	be, err := b.Elements()
	if err != nil {
		return unsupported
	}
	if len(ae) != len(be) {
		return noMatch
	}
	out := matched
	for i := range ae {
		if ae[i].Key() != be[i].Key() {
			return noMatch
		}
		switch sameValue(ae[i].Value(), be[i].Value()) {
		case noMatch:
			return noMatch
		case unsupported:
			out = unsupported
		}
	}
	return out
}
