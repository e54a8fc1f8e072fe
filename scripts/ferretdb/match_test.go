package main

import (
	"math"
	"testing"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/bson/primitive"
)

// The matcher (match.go, compare.go) against MongoDB's documented query semantics. Each case is a
// stored document (nil: no document), a filter's conditions beside the _id, and what MongoDB
// answers; "unsupported" where the launcher must not answer itself and hands the command to
// FerretDB as it came (arrays in the document, NaN and Decimal128, which FerretDB 1.24 cannot
// store or take in a filter, operators and paths it does not decide, filters MongoDB refuses).

var outcomeNames = map[outcome]string{noMatch: "no match", matched: "match", unsupported: "unsupported"}

type matchCase struct {
	name   string
	doc    bson.D // nil: there is no document
	filter bson.D
	want   outcome
}

func runMatchCases(t *testing.T, cases []matchCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var doc bson.Raw
			if tc.doc != nil {
				doc = marshal(tc.doc)
			}
			if got := matchFilter(doc, marshal(tc.filter)); got != tc.want {
				t.Errorf("document %v, filter %v: %s, MongoDB: %s", tc.doc, tc.filter, outcomeNames[got], outcomeNames[tc.want])
			}
		})
	}
}

func x(v interface{}) bson.D               { return bson.D{{Key: "x", Value: v}} }
func op(name string, v interface{}) bson.D { return bson.D{{Key: name, Value: v}} }
func xOp(name string, v interface{}) bson.D {
	return x(op(name, v))
}

var (
	oid1     = primitive.ObjectID{0x5f, 1}
	oid2     = primitive.ObjectID{0x5f, 2}
	two53    = int64(1) << 53
	dec1, _  = primitive.ParseDecimal128("1")
	negZero  = math.Copysign(0, -1)
	two63    = math.Ldexp(1, 63)
	noDoc    bson.D
	emptyDoc = bson.D{}
)

func TestMatchScalarEquality(t *testing.T) {
	runMatchCases(t, []matchCase{
		{"string equal", x("a"), x("a"), matched},
		{"string differs", x("a"), x("b"), noMatch},
		{"string is not a number", x("5"), x(int32(5)), noMatch},
		{"int32 equals double", x(int32(5)), x(5.0), matched},
		{"int64 equals int32", x(int64(5)), x(int32(5)), matched},
		{"double equals int64", x(5.0), x(int64(5)), matched},
		{"2.5 is not 2", x(2.5), x(int64(2)), noMatch},
		{"-0.0 equals 0", x(negZero), x(int32(0)), matched},
		{"bool equal", x(true), x(true), matched},
		{"bool is not a number", x(true), x(int32(1)), noMatch},
		{"date equal", x(primitive.DateTime(1700000000000)), x(primitive.DateTime(1700000000000)), matched},
		{"date differs", x(primitive.DateTime(1700000000000)), x(primitive.DateTime(1700000000001)), noMatch},
		{"date is not its milliseconds", x(primitive.DateTime(5)), x(int64(5)), noMatch},
		{"ObjectId equal", x(oid1), x(oid1), matched},
		{"ObjectId differs", x(oid1), x(oid2), noMatch},
		{"ObjectId is not its hex", x(oid1), x(oid1.Hex()), noMatch},
		{"$eq as equality", x(int32(3)), xOp("$eq", 3.0), matched},
		{"$ne of an equal value", x(int32(3)), xOp("$ne", 3.0), noMatch},
		{"$ne of another value", x(int32(3)), xOp("$ne", int32(4)), matched},
		{"$ne matches a missing field", emptyDoc, xOp("$ne", int32(4)), matched},
		{"missing field equals nothing", emptyDoc, x(int32(3)), noMatch},
		{"no document equals nothing", noDoc, x(int32(3)), noMatch},
		{"several fields all hold", bson.D{{Key: "x", Value: 1}, {Key: "y", Value: "b"}}, bson.D{{Key: "x", Value: 1.0}, {Key: "y", Value: "b"}}, matched},
		{"several fields, one fails", bson.D{{Key: "x", Value: 1}, {Key: "y", Value: "b"}}, bson.D{{Key: "x", Value: 1.0}, {Key: "y", Value: "c"}}, noMatch},
		{"regular expression left to FerretDB", x("abc"), x(primitive.Regex{Pattern: "^a"}), unsupported},
		{"$regex left to FerretDB", x("abc"), xOp("$regex", "^a"), unsupported},
		{"timestamp left to FerretDB", x(primitive.Timestamp{T: 1}), x(primitive.Timestamp{T: 1}), unsupported},
		{"Decimal128 in the filter left to FerretDB", x(int32(1)), x(dec1), unsupported},
		{"Decimal128 stored left to FerretDB", x(dec1), x(int32(1)), unsupported},
		{"undefined in the filter left to FerretDB", x(int32(1)), x(primitive.Undefined{}), unsupported},
		{"MinKey left to FerretDB", x(int32(1)), xOp("$gt", primitive.MinKey{}), unsupported},
	})
}

func TestMatchComparisons(t *testing.T) {
	runMatchCases(t, []matchCase{
		{"$gt across int32 and double", x(int32(5)), xOp("$gt", 4.5), matched},
		{"$gt equal is false", x(int32(5)), xOp("$gt", int64(5)), noMatch},
		{"$gte equal is true", x(int32(5)), xOp("$gte", 5.0), matched},
		{"$lt", x(-1.5), xOp("$lt", int32(-1)), matched},
		{"$lte", x(int64(7)), xOp("$lte", int32(6)), noMatch},
		{"$lt and $gt together", x(int32(5)), x(bson.D{{Key: "$gt", Value: 1}, {Key: "$lt", Value: 10}}), matched},
		{"$lt and $gt together, one fails", x(int32(50)), x(bson.D{{Key: "$gt", Value: 1}, {Key: "$lt", Value: 10}}), noMatch},
		{"strings by bytes", x("b"), xOp("$gt", "a"), matched},
		{"uppercase sorts before lowercase", x("B"), xOp("$gt", "a"), noMatch},
		{"a prefix sorts first", x("ab"), xOp("$gt", "a"), matched},
		{"UTF-8 by bytes", x("é"), xOp("$gt", "z"), matched},
		{"string against number never compares", x("5"), xOp("$lt", int32(10)), noMatch},
		{"number against string never compares", x(int32(5)), xOp("$gte", "0"), noMatch},
		{"booleans: true above false", x(true), xOp("$gt", false), matched},
		{"dates", x(primitive.DateTime(2000)), xOp("$lt", primitive.DateTime(3000)), matched},
		{"ObjectIds by bytes", x(oid2), xOp("$gt", oid1), matched},
		{"missing field compares to nothing", emptyDoc, xOp("$lt", int32(10)), noMatch},
		{"null compares to no number", x(nil), xOp("$lt", int32(10)), noMatch},
		{"$gt null left to FerretDB", x(nil), xOp("$gte", nil), unsupported},
		{"$gt a document left to FerretDB", x(int32(1)), xOp("$gt", bson.D{}), unsupported},
		{"$gt on a stored document left to FerretDB", x(bson.D{{Key: "a", Value: 1}}), xOp("$gt", int32(1)), unsupported},
	})
}

// Integers above 2^53 have no exact double: MongoDB compares an int64 with a double exactly.
func TestMatchLargeIntegers(t *testing.T) {
	runMatchCases(t, []matchCase{
		{"2^53+1 is not the double 2^53", x(two53 + 1), x(float64(two53)), noMatch},
		{"2^53+1 is above the double 2^53", x(two53 + 1), xOp("$gt", float64(two53)), matched},
		{"2^53+1 is not at most the double 2^53", x(two53 + 1), xOp("$lte", float64(two53)), noMatch},
		{"the double 2^53 is below 2^53+1", x(float64(two53)), xOp("$lt", two53+1), matched},
		{"the double 2^53 equals the int64 2^53", x(float64(two53)), x(two53), matched},
		{"int64s exactly", x(two53 + 1), x(two53 + 2), noMatch},
		{"int64s ordered exactly", x(two53 + 1), xOp("$lt", two53+2), matched},
		{"the largest int64 is below the double 2^63", x(int64(math.MaxInt64)), xOp("$lt", two63), matched},
		{"the largest int64 is not the double 2^63", x(int64(math.MaxInt64)), x(two63), noMatch},
		{"the smallest int64 is the double -2^63", x(int64(math.MinInt64)), x(-two63), matched},
		{"2^62+1 is above the double 2^62", x(int64(1)<<62 + 1), xOp("$gt", math.Ldexp(1, 62)), matched},
		{"-(2^53+1) is below the double -2^53", x(-(two53 + 1)), xOp("$lt", -float64(two53)), matched},
		{"in $in", x(two53 + 1), xOp("$in", bson.A{float64(two53)}), noMatch},
		{"in $nin", x(two53 + 1), xOp("$nin", bson.A{float64(two53)}), matched},
		{"in an embedded document", x(bson.D{{Key: "a", Value: two53 + 1}}), x(bson.D{{Key: "a", Value: float64(two53)}}), noMatch},
		{"in an array in an embedded document", x(bson.D{{Key: "a", Value: bson.A{two53 + 1}}}), x(bson.D{{Key: "a", Value: bson.A{float64(two53)}}}), noMatch},
		{"infinity above every int64", x(int64(math.MaxInt64)), xOp("$lt", math.Inf(1)), matched},
		{"minus infinity below every int64", x(int64(math.MinInt64)), xOp("$gt", math.Inf(-1)), matched},
	})
}

// MongoDB: NaN equals NaN and compares to nothing else. FerretDB 1.24 stores no NaN and closes the
// connection on a filter with one: the launcher leaves them all to FerretDB.
func TestMatchNaN(t *testing.T) {
	nan := math.NaN()
	runMatchCases(t, []matchCase{
		{"stored NaN against a number", x(nan), x(int32(5)), unsupported},
		{"stored NaN against NaN", x(nan), x(nan), unsupported},
		{"stored NaN $gt", x(nan), xOp("$gt", int32(1)), unsupported},
		{"stored NaN $ne", x(nan), xOp("$ne", int32(5)), unsupported},
		{"stored NaN $lte", x(nan), xOp("$lte", math.Inf(1)), unsupported},
		{"NaN in the filter, a number stored", x(int32(5)), x(nan), unsupported},
		{"NaN in the filter, field missing", emptyDoc, x(nan), unsupported},
		{"NaN in the filter, no document", noDoc, xOp("$gte", nan), unsupported},
		{"NaN in $in", x(int32(5)), xOp("$in", bson.A{int32(5), nan}), unsupported},
		{"NaN in a filter's document", x(bson.D{{Key: "a", Value: 1}}), x(bson.D{{Key: "a", Value: nan}}), unsupported},
		{"NaN stored in a document", x(bson.D{{Key: "a", Value: nan}}), x(bson.D{{Key: "a", Value: 1}}), unsupported},
	})
}

func TestMatchNullAndMissing(t *testing.T) {
	runMatchCases(t, []matchCase{
		{"null matches null", x(nil), x(nil), matched},
		{"null matches a missing field", emptyDoc, x(nil), matched},
		{"null matches with no document", noDoc, x(nil), matched},
		{"null is not 0", x(int32(0)), x(nil), noMatch},
		{"null is not the empty string", x(""), x(nil), noMatch},
		{"null is not false", x(false), x(nil), noMatch},
		{"$eq null", emptyDoc, xOp("$eq", nil), matched},
		{"$ne null with the field missing", emptyDoc, xOp("$ne", nil), noMatch},
		{"$ne null with a value", x(int32(1)), xOp("$ne", nil), matched},
		{"$in with null, field missing", emptyDoc, xOp("$in", bson.A{int32(1), nil}), matched},
		{"$nin with null, field missing", emptyDoc, xOp("$nin", bson.A{nil}), noMatch},
		{"$nin without null, field missing", emptyDoc, xOp("$nin", bson.A{int32(1)}), matched},
		{"$exists: true with null", x(nil), xOp("$exists", true), matched},
		{"$exists: true with the field missing", emptyDoc, xOp("$exists", true), noMatch},
		{"$exists: false with the field missing", emptyDoc, xOp("$exists", false), matched},
		{"$exists: false with no document", noDoc, xOp("$exists", false), matched},
		{"$exists: false with null", x(nil), xOp("$exists", false), noMatch},
		{"$exists with a number left to FerretDB", x(int32(1)), xOp("$exists", int32(1)), unsupported},
		{"undefined stored against null left to FerretDB", x(primitive.Undefined{}), x(nil), unsupported},
		{"null in a document is not a missing field", x(bson.D{}), x(bson.D{{Key: "a", Value: nil}}), noMatch},
	})
}

func TestMatchEmbeddedDocuments(t *testing.T) {
	ab := bson.D{{Key: "a", Value: int32(1)}, {Key: "b", Value: "two"}}
	runMatchCases(t, []matchCase{
		{"dotted path", x(ab), bson.D{{Key: "x.a", Value: 1.0}}, matched},
		{"dotted path, other value", x(ab), bson.D{{Key: "x.b", Value: "three"}}, noMatch},
		{"dotted path, missing inside", x(ab), bson.D{{Key: "x.c", Value: nil}}, matched},
		{"dotted path through a number is missing", x(int32(5)), bson.D{{Key: "x.a", Value: nil}}, matched},
		{"dotted path through a number: $exists", x(int32(5)), bson.D{{Key: "x.a", Value: op("$exists", true)}}, noMatch},
		{"deep path", x(bson.D{{Key: "a", Value: bson.D{{Key: "b", Value: int64(3)}}}}), bson.D{{Key: "x.a.b", Value: op("$gte", 3.0)}}, matched},
		{"whole document, same", x(ab), x(ab), matched},
		{"whole document, numbers of other types", x(ab), x(bson.D{{Key: "a", Value: 1.0}, {Key: "b", Value: "two"}}), matched},
		{"whole document, int64 against int32", x(bson.D{{Key: "a", Value: int64(1)}}), x(bson.D{{Key: "a", Value: int32(1)}}), matched},
		{"whole document, -0.0 against 0", x(bson.D{{Key: "a", Value: negZero}}), x(bson.D{{Key: "a", Value: 0.0}}), matched},
		{"whole document, fields in another order", x(ab), x(bson.D{{Key: "b", Value: "two"}, {Key: "a", Value: int32(1)}}), noMatch},
		{"whole document, a field more", x(ab), x(bson.D{{Key: "a", Value: int32(1)}}), noMatch},
		{"whole document, another name", x(bson.D{{Key: "a", Value: 1}}), x(bson.D{{Key: "c", Value: 1}}), noMatch},
		{"whole document, nested with other number types", x(bson.D{{Key: "a", Value: bson.D{{Key: "b", Value: int64(3)}}}}), x(bson.D{{Key: "a", Value: bson.D{{Key: "b", Value: 3.0}}}}), matched},
		{"whole document, nested differs", x(bson.D{{Key: "a", Value: bson.D{{Key: "b", Value: int64(3)}}}}), x(bson.D{{Key: "a", Value: bson.D{{Key: "b", Value: 4.0}}}}), noMatch},
		{"whole document, number against string", x(bson.D{{Key: "a", Value: 1}}), x(bson.D{{Key: "a", Value: "1"}}), noMatch},
		{"empty document equals empty document", x(bson.D{}), x(bson.D{}), matched},
		{"empty document against a number", x(int32(0)), x(bson.D{}), noMatch},
		{"document against a missing field", emptyDoc, x(ab), noMatch},
		{"document with $eq", x(ab), xOp("$eq", bson.D{{Key: "a", Value: 1.0}, {Key: "b", Value: "two"}}), matched},
		{"document with $ne", x(ab), xOp("$ne", bson.D{{Key: "a", Value: 1.0}, {Key: "b", Value: "two"}}), noMatch},
		{"document in $in", x(ab), xOp("$in", bson.A{int32(1), bson.D{{Key: "a", Value: int64(1)}, {Key: "b", Value: "two"}}}), matched},
		{"an operator inside $in left to FerretDB", x(int32(5)), xOp("$in", bson.A{op("$gt", 1)}), unsupported},
		{"a $ field in a filter's document left to FerretDB", x(ab), x(bson.D{{Key: "a", Value: 1}, {Key: "$gt", Value: 5}}), unsupported},
		{"a binary value stored in the document left to FerretDB", x(bson.D{{Key: "a", Value: primitive.Binary{Data: []byte{1}}}}), x(bson.D{{Key: "a", Value: 1}}), unsupported},
		{"a stored binary value with another field differing", x(bson.D{{Key: "a", Value: primitive.Binary{Data: []byte{1}}}, {Key: "b", Value: 2}}), x(bson.D{{Key: "a", Value: 1}, {Key: "c", Value: 2}}), noMatch},
		{"an operator document after a field is a document", x(ab), x(bson.D{{Key: "$gt", Value: 1}, {Key: "a", Value: 5}}), unsupported},
	})
}

// MongoDB matches a condition on an array field against each element (and the array whole);
// the launcher leaves every array in the document to FerretDB, and compares arrays in a filter
// whole.
func TestMatchArrays(t *testing.T) {
	arr := bson.A{int32(1), int32(2)}
	runMatchCases(t, []matchCase{
		{"equality on an array field", x(arr), x(int32(1)), unsupported},
		{"equality with a whole array on an array field", x(arr), x(bson.A{1.0, 2.0}), unsupported},
		{"$gt on an array field", x(arr), xOp("$gt", int32(1)), unsupported},
		{"$in on an array field", x(arr), xOp("$in", bson.A{int32(2)}), unsupported},
		{"$ne on an array field", x(arr), xOp("$ne", int32(3)), unsupported},
		{"$exists on an array field", x(arr), xOp("$exists", true), unsupported},
		{"a path through an array", x(bson.A{bson.D{{Key: "a", Value: 1}}}), bson.D{{Key: "x.a", Value: 1}}, unsupported},
		{"a numeric path into an array", x(arr), bson.D{{Key: "x.0", Value: 1}}, unsupported},
		{"an array in the filter, a number stored", x(int32(1)), x(bson.A{int32(1)}), noMatch},
		{"an array in the filter, the field missing", emptyDoc, x(bson.A{int32(1)}), noMatch},
		{"an array in an embedded document, other number types", x(bson.D{{Key: "a", Value: arr}}), x(bson.D{{Key: "a", Value: bson.A{1.0, int64(2)}}}), matched},
		{"an array in an embedded document, another order", x(bson.D{{Key: "a", Value: arr}}), x(bson.D{{Key: "a", Value: bson.A{2, 1}}}), noMatch},
		{"an array in an embedded document, longer", x(bson.D{{Key: "a", Value: arr}}), x(bson.D{{Key: "a", Value: bson.A{1, 2, 3}}}), noMatch},
		{"documents in arrays in documents", x(bson.D{{Key: "a", Value: bson.A{bson.D{{Key: "b", Value: int32(1)}}}}}), x(bson.D{{Key: "a", Value: bson.A{bson.D{{Key: "b", Value: 1.0}}}}}), matched},
		{"a numeric key in a document is not an index", x(bson.D{{Key: "0", Value: int32(1)}}), bson.D{{Key: "x.0", Value: 1.0}}, matched},
	})
}

func TestMatchInAndNin(t *testing.T) {
	runMatchCases(t, []matchCase{
		{"$in, numbers of other types", x(int64(2)), xOp("$in", bson.A{"2", 2.0}), matched},
		{"$in, none", x("c"), xOp("$in", bson.A{"a", "b"}), noMatch},
		{"$in empty", x("c"), xOp("$in", bson.A{}), noMatch},
		{"$nin empty", x("c"), xOp("$nin", bson.A{}), matched},
		{"$nin, one equal", x(int32(1)), xOp("$nin", bson.A{int32(3), 1.0}), noMatch},
		{"$in of a regular expression left to FerretDB", x("a"), xOp("$in", bson.A{"a", primitive.Regex{Pattern: "^b"}}), unsupported},
		{"$in of a number (MongoDB refuses)", x(int32(1)), xOp("$in", int32(1)), unsupported},
	})
}

func TestMatchLogicalOperators(t *testing.T) {
	one := bson.D{{Key: "x", Value: 1}, {Key: "y", Value: "b"}}
	runMatchCases(t, []matchCase{
		{"$and, all hold", one, op("$and", bson.A{x(1), op("y", "b")}), matched},
		{"$and, one fails", one, op("$and", bson.A{x(1), op("y", "c")}), noMatch},
		{"$or, one holds", one, op("$or", bson.A{x(2), op("y", "b")}), matched},
		{"$or, none holds", one, op("$or", bson.A{x(2), op("y", "c")}), noMatch},
		{"$nor, none holds", one, op("$nor", bson.A{x(2), op("y", "c")}), matched},
		{"$nor, one holds", one, op("$nor", bson.A{x(2), op("y", "b")}), noMatch},
		{"nested", one, op("$or", bson.A{op("$and", bson.A{x(1), op("y", "b")}), x(5)}), matched},
		{"$and empty (MongoDB refuses)", one, op("$and", bson.A{}), unsupported},
		{"$or of a non-document (MongoDB refuses)", one, op("$or", bson.A{int32(1)}), unsupported},
		{"$or not an array (MongoDB refuses)", one, op("$or", x(1)), unsupported},
		{"$or with an undecided branch", one, op("$or", bson.A{x(1), op("y", op("$regex", "b"))}), unsupported},
		{"$and: one fails, one unknown operator (MongoDB refuses)", one, op("$and", bson.A{x(2), op("y", op("$foo", 1))}), unsupported},
	})
}

// A filter MongoDB refuses, or one the matcher does not read, must not be answered "nothing
// matched" because some other condition failed first.
func TestMatchLeavesTheRestToFerretDB(t *testing.T) {
	one := bson.D{{Key: "x", Value: 1}}
	runMatchCases(t, []matchCase{
		{"unknown operator after a failing condition", one, bson.D{{Key: "x", Value: 2}, {Key: "y", Value: op("$foo", 1)}}, unsupported},
		{"unknown operator before a failing condition", one, bson.D{{Key: "y", Value: op("$foo", 1)}, {Key: "x", Value: 2}}, unsupported},
		{"unknown operator beside a failing one on the field", one, x(bson.D{{Key: "$gt", Value: 5}, {Key: "$foo", Value: 1}}), unsupported},
		{"$in of a number after a failing $in", one, x(bson.D{{Key: "$in", Value: bson.A{}}, {Key: "$nin", Value: 5}}), unsupported},
		{"$in with an operator after a match", one, xOp("$in", bson.A{1, op("$gt", 0)}), unsupported},
		{"$expr", one, op("$expr", op("$eq", bson.A{"$x", 1})), unsupported},
		{"$where", one, op("$where", "true"), unsupported},
		{"$comment", one, op("$comment", "hi"), unsupported},
		{"$not", one, xOp("$not", op("$gt", 5)), unsupported},
		{"$type", one, xOp("$type", "int"), unsupported},
		{"$size", one, xOp("$size", 1), unsupported},
		{"$elemMatch", one, xOp("$elemMatch", op("$gt", 0)), unsupported},
		{"$all", one, xOp("$all", bson.A{1}), unsupported},
		{"$mod", one, xOp("$mod", bson.A{2, 1}), unsupported},
		{"empty path part", one, bson.D{{Key: "x..a", Value: 1}}, unsupported},
		{"path ending in a dot", one, bson.D{{Key: "x.", Value: 1}}, unsupported},
		{"empty field name", one, bson.D{{Key: "", Value: 1}}, unsupported},
		{"positional path", one, bson.D{{Key: "x.$", Value: 1}}, unsupported},
		{"$-prefixed path part", one, bson.D{{Key: "x.$a", Value: 1}}, unsupported},
	})
}

// The exact comparison of an int64 with a double, at its edges.
func TestCompareIntDouble(t *testing.T) {
	cases := []struct {
		i    int64
		d    float64
		want int
	}{
		{two53 + 1, float64(two53), 1},
		{two53 - 1, float64(two53), -1},
		{two53, float64(two53), 0},
		{math.MaxInt64, two63, -1},
		{math.MinInt64, -two63, 0},
		{math.MinInt64 + 1, -two63, 1},
		{2, 2.5, -1},
		{3, 2.5, 1},
		{-2, -2.5, 1},
		{-3, -2.5, -1},
		{0, negZero, 0},
		{math.MaxInt64, math.Inf(1), -1},
		{math.MinInt64, math.Inf(-1), 1},
		{1<<63 - 1024, 9223372036854774784, 0},
		{1<<63 - 1023, 9223372036854774784, 1},
		{0, 5e-324, -1},
		{0, -5e-324, 1},
	}
	for _, tc := range cases {
		if got := compareIntDouble(tc.i, tc.d); got != tc.want {
			t.Errorf("compareIntDouble(%d, %v) = %d, want %d", tc.i, tc.d, got, tc.want)
		}
	}
}

func TestKeyOf(t *testing.T) {
	cases := []struct {
		name   string
		filter bson.D
		ok     bool
	}{
		{"string _id and a condition", bson.D{{Key: "_id", Value: "a"}, {Key: "v", Value: 1}}, true},
		{"ObjectId _id and a condition", bson.D{{Key: "v", Value: 1}, {Key: "_id", Value: oid1}}, true},
		{"_id alone (FerretDB finds it by key itself)", bson.D{{Key: "_id", Value: "a"}}, false},
		{"no _id", bson.D{{Key: "v", Value: 1}}, false},
		{"number _id", bson.D{{Key: "_id", Value: int32(1)}, {Key: "v", Value: 1}}, false},
		{"_id with an operator", bson.D{{Key: "_id", Value: op("$eq", "a")}, {Key: "v", Value: 1}}, false},
		{"two _id conditions (both apply)", bson.D{{Key: "_id", Value: "a"}, {Key: "_id", Value: "b"}, {Key: "v", Value: 1}}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			id, residual, ok := keyOf(marshal(tc.filter))
			if ok != tc.ok {
				t.Fatalf("keyOf(%v): ok %v, want %v", tc.filter, ok, tc.ok)
			}
			if !ok {
				return
			}
			if _, err := residual.LookupErr("_id"); err == nil {
				t.Errorf("the rest of %v still has the _id: %s", tc.filter, residual)
			}
			if want := bson.Raw(marshal(tc.filter)).Lookup("_id"); !id.Equal(want) {
				t.Errorf("keyOf(%v) = %s", tc.filter, id)
			}
		})
	}
}

// An upsert that inserts copies the filter's equalities into the new document: such filters
// cannot be narrowed to their _id.
func TestCopiesOnUpsert(t *testing.T) {
	cases := []struct {
		name   string
		filter bson.D
		copies bool
	}{
		{"equality", op("v", 1), true},
		{"equality to null", op("v", nil), true},
		{"$eq", op("v", op("$eq", 1)), true},
		{"$in", op("v", op("$in", bson.A{1})), true},
		{"$lt", op("v", op("$lt", 3)), false},
		{"$exists: false", op("v", op("$exists", false)), false},
		{"$ne and $nin", bson.D{{Key: "v", Value: op("$ne", 1)}, {Key: "w", Value: op("$nin", bson.A{1})}}, false},
		{"$or", op("$or", bson.A{op("v", 1)}), true},
		{"a comparison and an equality", bson.D{{Key: "v", Value: op("$lt", 3)}, {Key: "w", Value: 1}}, true},
	}
	for _, tc := range cases {
		if got := copiesOnUpsert(marshal(tc.filter)); got != tc.copies {
			t.Errorf("%s: copiesOnUpsert(%v) = %v", tc.name, tc.filter, got)
		}
	}
}
