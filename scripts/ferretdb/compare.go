package main

import (
	"bytes"
	"cmp"
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

// valueClass groups the BSON types the matcher compares itself as MongoDB orders them: values
// of different classes are never equal. 0 for a type left to FerretDB.
var valueClass = map[bsontype.Type]int{
	bsontype.Int32: 1, bsontype.Int64: 1, bsontype.Double: 1, bsontype.String: 2, bsontype.EmbeddedDocument: 3,
	bsontype.Array: 4, bsontype.Boolean: 5, bsontype.DateTime: 6, bsontype.ObjectID: 7, bsontype.Null: 8,
}

// isNaN says whether v is a double NaN.
func isNaN(v bson.RawValue) bool {
	f, ok := v.DoubleOK()
	return ok && math.IsNaN(f)
}

// isScalar says whether v is a value the matcher compares itself other than a document or an array.
func isScalar(v bson.RawValue) bool {
	c := valueClass[v.Type]
	return c != 0 && c != 3 && c != 4 && !isNaN(v)
}

// number reads a numeric BSON value.
func number(v bson.RawValue) (f float64, i int64, isInt bool, ok bool) {
	switch v.Type {
	case bsontype.Int32, bsontype.Int64:
		i, _ = v.AsInt64OK()
		return float64(i), i, true, true
	case bsontype.Double:
		return v.Double(), 0, false, true
	}
	return 0, 0, false, false
}

func numberValue(v bson.RawValue) (float64, bool) {
	f, _, _, ok := number(v)
	return f, ok
}

var boolOrder = map[bool]int{true: 1}

// compareScalars orders two scalars of one class (two numbers neither NaN, two strings...).
func compareScalars(a, b bson.RawValue) int {
	if af, ai, aInt, isNumber := number(a); isNumber {
		bf, bi, bInt, _ := number(b)
		switch {
		case aInt && bInt:
			return cmp.Compare(ai, bi)
		case aInt:
			return compareIntDouble(ai, bf)
		case bInt:
			return -compareIntDouble(bi, af)
		}
		return cmp.Compare(af, bf)
	}
	switch a.Type {
	case bsontype.String:
		return strings.Compare(a.StringValue(), b.StringValue())
	case bsontype.Boolean:
		return cmp.Compare(boolOrder[a.Boolean()], boolOrder[b.Boolean()])
	case bsontype.DateTime:
		return cmp.Compare(a.DateTime(), b.DateTime())
	}
	return bytes.Compare(a.Value, b.Value) // ObjectIds by their bytes; null has none
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
	return cmp.Or(cmp.Compare(i, int64(whole)), cmp.Compare(whole, d))
}

// plainFilterValue says whether a value of a filter, compared whole, is one the matcher decides:
// of the classes above, no NaN, and in documents no field name starting with "$" (an operator
// where none belongs, which MongoDB and FerretDB refuse or read differently).
func plainFilterValue(v bson.RawValue) bool {
	if v.Type != bsontype.EmbeddedDocument && v.Type != bsontype.Array {
		return isScalar(v)
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
	ca, cb := valueClass[a.Type], valueClass[b.Type]
	switch {
	case ca == 0 || cb == 0 || isNaN(a) || isNaN(b):
		return unsupported
	case ca != cb:
		return noMatch
	case ca == 1:
		return fromBool(compareScalars(a, b) == 0)
	case ca == 3 || ca == 4:
		return sameElements(bson.Raw(a.Value), bson.Raw(b.Value))
	}
	// Strings, booleans, dates, ObjectIds, null: equal when their bytes are.
	return fromBool(bytes.Equal(a.Value, b.Value))
}

// sameElements compares two documents (or arrays) field by field, in order.
func sameElements(a, b bson.Raw) outcome {
	ae, errA := a.Elements()
	be, errB := b.Elements()
	if errA != nil || errB != nil {
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
