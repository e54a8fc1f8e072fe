package main

import (
	"strings"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/bson/bsontype"
	"go.mongodb.org/mongo-driver/x/bsonx/bsoncore"
)

// A small query matcher for one document, with MongoDB's meaning for the filters the services use
// on top of an _id: equality, $eq, $ne, $gt, $gte, $lt, $lte, $in, $nin, $exists, $and, $or, $nor
// over scalar fields (numbers, strings, booleans, null, ObjectIds, dates) and embedded documents
// by dotted path; embedded documents and arrays in the filter are compared whole (compare.go:
// numbers by value across int32, int64 and double, exactly). Anything else (arrays in the
// document, regular expressions, NaN, Decimal128, other operators, "a..b" paths) is
// "unsupported": the launcher then leaves the command to FerretDB as it came. Every condition of a
// filter is looked at, so one left to FerretDB wins over one that fails.

type outcome int

const (
	noMatch outcome = iota
	matched
	unsupported
)

func fromBool(b bool) outcome {
	if b {
		return matched
	}
	return noMatch
}

// both combines two conditions that must both hold. Every condition is looked at: one the matcher
// leaves to FerretDB (perhaps one MongoDB refuses, as an unknown operator) wins over one that
// fails, so that a filter MongoDB would refuse is never answered "nothing matched".
func both(a, b outcome) outcome {
	if a == unsupported || b == unsupported {
		return unsupported
	}
	return fromBool(a == matched && b == matched)
}

func negate(o outcome) outcome {
	if o == unsupported {
		return o
	}
	return fromBool(o == noMatch)
}

// matchFilter tells whether doc (nil when there is no document) matches filter.
func matchFilter(doc bson.Raw, filter bson.Raw) outcome {
	elements, err := filter.Elements()
	if err != nil {
		return unsupported
	}
	out := matched
	for _, e := range elements {
		switch key := e.Key(); {
		case key == "$and" || key == "$or" || key == "$nor":
			out = both(out, matchLogical(doc, key, e.Value()))
		case strings.HasPrefix(key, "$"):
			return unsupported
		default:
			out = both(out, matchField(doc, key, e.Value()))
		}
	}
	return out
}

func matchLogical(doc bson.Raw, op string, list bson.RawValue) outcome {
	arr, _ := list.ArrayOK()
	values, err := arr.Values()
	if err != nil || len(values) == 0 {
		return unsupported
	}
	some, all := false, true
	for _, v := range values {
		sub, isDoc := v.DocumentOK()
		o := matchFilter(doc, sub)
		if !isDoc || o == unsupported {
			return unsupported
		}
		some, all = some || o == matched, all && o == matched
	}
	return fromBool(map[string]bool{"$and": all, "$or": some, "$nor": !some}[op])
}

// plainPath says whether a dotted field path has no empty part and no part starting with "$".
func plainPath(path string) bool {
	for _, part := range strings.Split(path, ".") {
		if part == "" || strings.HasPrefix(part, "$") {
			return false
		}
	}
	return true
}

// lookup finds a dotted path in doc; ok is false when the path goes through something that is
// not a document (an array, where MongoDB would look into every element).
func lookup(doc bson.Raw, path string) (value bson.RawValue, found bool, ok bool) {
	if !plainPath(path) {
		// "a..b", "a.", "a.$": MongoDB and FerretDB refuse or read these their own way (also
		// where there is no document: an upsert).
		return bson.RawValue{}, false, false
	}
	parts := strings.Split(path, ".")
	current := doc
	for i, part := range parts {
		v, err := current.LookupErr(part)
		switch {
		case err != nil: // no such field, or the path went through something else than a document
			return bson.RawValue{}, false, true
		case v.Type == bsontype.Array:
			return v, true, false
		case i == len(parts)-1:
			return v, true, true
		}
		current, _ = v.DocumentOK()
	}
	return bson.RawValue{}, false, true
}

func isOperatorDoc(v bson.RawValue) (bson.Raw, bool) {
	d, _ := v.DocumentOK()
	first, err := d.IndexErr(0)
	return d, err == nil && strings.HasPrefix(first.Key(), "$")
}

func matchField(doc bson.Raw, path string, condition bson.RawValue) outcome {
	value, found, ok := lookup(doc, path)
	if !ok {
		return unsupported
	}
	ops, isOps := isOperatorDoc(condition)
	if !isOps {
		return equals(value, found, condition)
	}
	elements, err := ops.Elements()
	if err != nil {
		return unsupported
	}
	out := matched
	for i, e := range elements {
		op, arg := e.Key(), e.Value()
		var o outcome
		switch op {
		case "$eq", "$ne":
			if arg.Type == bsontype.EmbeddedDocument && i < len(elements)-1 {
				// FerretDB 1.24 answers {$ne: {...}, $lt: 5} (or $eq) by the document alone and skips
				// the operators after it; MongoDB takes them all. Left to FerretDB, as without the launcher.
				return unsupported
			}
			if o = equals(value, found, arg); op == "$ne" {
				o = negate(o)
			}
		case "$in", "$nin":
			if o = inList(value, found, arg); op == "$nin" {
				o = negate(o)
			}
		case "$exists":
			want, isBool := arg.BooleanOK()
			if !isBool {
				return unsupported
			}
			o = fromBool(want == found)
		case "$gt", "$gte", "$lt", "$lte":
			o = compareOp(op, value, found, arg)
		default:
			return unsupported
		}
		out = both(out, o)
	}
	return out
}

func inList(value bson.RawValue, found bool, list bson.RawValue) outcome {
	arr, _ := list.ArrayOK()
	values, err := arr.Values()
	if err != nil {
		return unsupported
	}
	out := noMatch
	for _, want := range values {
		switch equals(value, found, want) {
		case matched:
			out = matched
		case unsupported:
			return unsupported
		}
	}
	return out
}

func equals(value bson.RawValue, found bool, want bson.RawValue) outcome {
	switch {
	case want.Type == bsontype.Null && found && value.Type == bsontype.Undefined:
		// null matches undefined before MongoDB 8.0, not since.
		return unsupported
	case want.Type == bsontype.Null:
		return fromBool(!found || value.Type == bsontype.Null)
	case !plainFilterValue(want):
		return unsupported
	case !found:
		return noMatch
	}
	// Compared whole (compare.go); a stored Decimal128 or NaN is left to FerretDB.
	return sameValue(value, want)
}

// compareOp is $gt, $gte, $lt or $lte: MongoDB's comparison operators match nothing across classes
// of values.
func compareOp(op string, value bson.RawValue, found bool, want bson.RawValue) outcome {
	switch {
	case want.Type == bsontype.Null || !isScalar(want):
		return unsupported
	case !found:
		return noMatch
	case !isScalar(value):
		return unsupported
	case valueClass[value.Type] != valueClass[want.Type]:
		return noMatch
	}
	c := compareScalars(value, want)
	return fromBool(map[string]bool{"$gt": c > 0, "$gte": c >= 0, "$lt": c < 0, "$lte": c <= 0}[op])
}

// Conditions an upsert that inserts does not copy into its document.
var notCopied = fieldSet("$gt", "$gte", "$lt", "$lte", "$ne", "$nin", "$exists")

// copiesOnUpsert says whether MongoDB would copy a condition of the filter into a document an
// upsert inserts (an equality); only filters whose other conditions are all comparisons can be
// narrowed to their _id for an upsert that inserts.
func copiesOnUpsert(residual bson.Raw) bool {
	elements, err := residual.Elements()
	if err != nil {
		return true
	}
	for _, e := range elements {
		ops, isOps := isOperatorDoc(e.Value())
		opElements, err := ops.Elements()
		if strings.HasPrefix(e.Key(), "$") || !isOps || err != nil {
			return true
		}
		for _, op := range opElements {
			if !notCopied[op.Key()] {
				return true
			}
		}
	}
	return false
}

// splitID splits a filter into its one _id condition and the others (nil when there are none).
func splitID(filter bson.Raw) (id bson.RawValue, rest bson.Raw, ok bool) {
	elements, err := filter.Elements()
	if err != nil {
		return id, nil, false
	}
	var others [][]byte
	for _, e := range elements {
		if e.Key() != "_id" {
			others = append(others, e)
		} else if ok {
			return bson.RawValue{}, nil, false // {_id: a, _id: b} asks for both
		} else {
			id, ok = e.Value(), true
		}
	}
	if len(others) > 0 {
		rest = bsoncore.BuildDocument(nil, others...)
	}
	return id, rest, ok
}

// keyOf splits a filter into its _id (a string or an ObjectId) and the rest; ok is false when it
// has no such _id or nothing else.
func keyOf(filter bson.Raw) (id bson.RawValue, residual bson.Raw, ok bool) {
	id, residual, ok = splitID(filter)
	if !ok || residual == nil || (id.Type != bsontype.String && id.Type != bsontype.ObjectID) {
		return bson.RawValue{}, nil, false
	}
	return id, residual, true
}

// idFilter is the filter {_id: id}.
func idFilter(id bson.RawValue) bson.Raw {
	raw, _ := bson.Marshal(bson.D{{Key: "_id", Value: id}})
	return raw
}
