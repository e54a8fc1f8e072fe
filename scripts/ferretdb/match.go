package main

import (
	"bytes"
	"strings"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/bson/bsontype"
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

// matchFilter tells whether doc (nil when there is no document) matches filter.
func matchFilter(doc bson.Raw, filter bson.Raw) outcome {
	elements, err := filter.Elements()
	if err != nil {
		return unsupported
	}
	out := matched
	for _, e := range elements {
		key := e.Key()
		var o outcome
		switch {
		case key == "$and" || key == "$or" || key == "$nor":
			o = matchLogical(doc, key, e.Value())
		case strings.HasPrefix(key, "$"):
			return unsupported
		default:
			o = matchField(doc, key, e.Value())
		}
		out = both(out, o)
	}
	return out
}

// both combines two conditions that must both hold. Every condition is looked at: one the matcher
// leaves to FerretDB (perhaps one MongoDB refuses, as an unknown operator) wins over one that
// fails, so that a filter MongoDB would refuse is never answered "nothing matched".
func both(a, b outcome) outcome {
	switch {
	case a == unsupported || b == unsupported:
		return unsupported
	case a == noMatch || b == noMatch:
		return noMatch
	}
	return matched
}

func matchLogical(doc bson.Raw, op string, list bson.RawValue) outcome {
	arr, ok := list.ArrayOK()
	if !ok {
		return unsupported
	}
	values, err := arr.Values()
	if err != nil || len(values) == 0 {
		return unsupported
	}
	any, all := false, true
	for _, v := range values {
		sub, ok := v.DocumentOK()
		if !ok {
			return unsupported
		}
		o := matchFilter(doc, sub)
		if o == unsupported {
			return unsupported
		}
		any = any || o == matched
		all = all && o == matched
	}
	switch op {
	case "$and":
		return fromBool(all)
	case "$or":
		return fromBool(any)
	default:
		return fromBool(!any)
	}
}

// lookup finds a dotted path in doc; ok is false when the path goes through something that is
// not a document (an array, where MongoDB would look into every element).
func lookup(doc bson.Raw, path string) (value bson.RawValue, found bool, ok bool) {
	parts := strings.Split(path, ".")
	for _, part := range parts {
		if part == "" || strings.HasPrefix(part, "$") {
			// "a..b", "a.", "a.$": MongoDB and FerretDB refuse or read these their own way (also
			// where there is no document: an upsert).
			return bson.RawValue{}, false, false
		}
	}
	if doc == nil {
		return bson.RawValue{}, false, true
	}
	current := doc
	for i, part := range parts {
		v, err := current.LookupErr(part)
		if err != nil {
			return bson.RawValue{}, false, true
		}
		if i == len(parts)-1 {
			if v.Type == bsontype.Array {
				return v, true, false
			}
			return v, true, true
		}
		next, isDoc := v.DocumentOK()
		if !isDoc {
			if v.Type == bsontype.Array {
				return bson.RawValue{}, false, false
			}
			return bson.RawValue{}, false, true
		}
		current = next
	}
	return bson.RawValue{}, false, true
}

func isOperatorDoc(v bson.RawValue) (bson.Raw, bool) {
	d, ok := v.DocumentOK()
	if !ok {
		return nil, false
	}
	first, err := d.IndexErr(0)
	if err != nil {
		return nil, false
	}
	return d, strings.HasPrefix(first.Key(), "$")
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
		if (e.Key() == "$eq" || e.Key() == "$ne") && e.Value().Type == bsontype.EmbeddedDocument && i < len(elements)-1 {
			// FerretDB 1.24 answers {$ne: {...}, $lt: 5} (or $eq) by the document alone and skips
			// the operators after it; MongoDB takes them all. Left to FerretDB, as without the launcher.
			return unsupported
		}
		var o outcome
		switch e.Key() {
		case "$eq":
			o = equals(value, found, e.Value())
		case "$ne":
			o = negate(equals(value, found, e.Value()))
		case "$in", "$nin":
			o = inList(value, found, e.Value())
			if e.Key() == "$nin" {
				o = negate(o)
			}
		case "$exists":
			want, isBool := e.Value().BooleanOK()
			if !isBool {
				return unsupported
			}
			o = fromBool(want == found)
		case "$gt", "$gte", "$lt", "$lte":
			o = compareOp(e.Key(), value, found, e.Value())
		default:
			return unsupported
		}
		out = both(out, o)
	}
	return out
}

func negate(o outcome) outcome {
	switch o {
	case matched:
		return noMatch
	case noMatch:
		return matched
	}
	return unsupported
}

func inList(value bson.RawValue, found bool, list bson.RawValue) outcome {
	arr, ok := list.ArrayOK()
	if !ok {
		return unsupported
	}
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

// number reads a numeric BSON value.
func number(v bson.RawValue) (float64, int64, bool, bool) {
	switch v.Type {
	case bsontype.Int32:
		i := int64(v.Int32())
		return float64(i), i, true, true
	case bsontype.Int64:
		i := v.Int64()
		return float64(i), i, true, true
	case bsontype.Double:
		return v.Double(), 0, false, true
	}
	return 0, 0, false, false
}

// order compares two scalars of one type class: -1, 0, 1; ok is false for values of different
// classes (MongoDB's comparison operators match nothing across classes) or unsupported types.
func order(a, b bson.RawValue) (cmp int, sameClass bool, supported bool) {
	if isNaN(a) || isNaN(b) {
		return 0, false, false
	}
	if af, ai, aInt, aNum := number(a); aNum {
		bf, bi, bInt, bNum := number(b)
		if !bNum {
			return 0, false, isScalar(b)
		}
		return compareNumbers(af, ai, aInt, bf, bi, bInt), true, true
	}
	if !isScalar(a) || !isScalar(b) {
		return 0, false, false
	}
	if a.Type != b.Type {
		return 0, false, true
	}
	switch a.Type {
	case bsontype.String:
		return strings.Compare(a.StringValue(), b.StringValue()), true, true
	case bsontype.Boolean:
		x, y := a.Boolean(), b.Boolean()
		switch {
		case x == y:
			return 0, true, true
		case !x:
			return -1, true, true
		}
		return 1, true, true
	case bsontype.DateTime:
		return compareInts(a.DateTime(), b.DateTime()), true, true
	case bsontype.ObjectID:
		x, y := a.ObjectID(), b.ObjectID()
		return bytes.Compare(x[:], y[:]), true, true
	case bsontype.Null:
		return 0, true, true
	}
	return 0, false, false
}

func compareInts(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func isScalar(v bson.RawValue) bool {
	switch v.Type {
	case bsontype.Int32, bsontype.Int64, bsontype.Double, bsontype.String, bsontype.Boolean, bsontype.DateTime, bsontype.ObjectID, bsontype.Null:
		return true
	}
	return false
}

func equals(value bson.RawValue, found bool, want bson.RawValue) outcome {
	if want.Type == bsontype.Null {
		if found && value.Type == bsontype.Undefined {
			// null matches undefined before MongoDB 8.0, not since.
			return unsupported
		}
		return fromBool(!found || value.Type == bsontype.Null)
	}
	if want.Type == bsontype.EmbeddedDocument || want.Type == bsontype.Array {
		// Compared whole (compare.go): field for field in order, numbers by value.
		if !plainFilterValue(want) {
			return unsupported
		}
		if !found {
			return noMatch
		}
		return sameValue(value, want)
	}
	if !isScalar(want) || isNaN(want) {
		return unsupported
	}
	if !found {
		return noMatch
	}
	// A stored document is no scalar; a stored Decimal128 or NaN is left to FerretDB.
	return sameValue(value, want)
}

func compareOp(op string, value bson.RawValue, found bool, want bson.RawValue) outcome {
	if want.Type == bsontype.Null || !isScalar(want) || isNaN(want) {
		return unsupported
	}
	if !found {
		return noMatch
	}
	cmp, same, supported := order(value, want)
	if !supported {
		return unsupported
	}
	if !same {
		return noMatch
	}
	switch op {
	case "$gt":
		return fromBool(cmp > 0)
	case "$gte":
		return fromBool(cmp >= 0)
	case "$lt":
		return fromBool(cmp < 0)
	}
	return fromBool(cmp <= 0)
}

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
		if strings.HasPrefix(e.Key(), "$") || !isOps {
			return true
		}
		opElements, err := ops.Elements()
		if err != nil {
			return true
		}
		for _, op := range opElements {
			switch op.Key() {
			case "$gt", "$gte", "$lt", "$lte", "$ne", "$nin", "$exists":
			default:
				return true
			}
		}
	}
	return false
}

// keyOf splits a filter into its _id (a string or an ObjectId) and the rest; ok is false when it
// has no such _id or nothing else.
func keyOf(filter bson.Raw) (id bson.RawValue, residual bson.Raw, ok bool) {
	elements, err := filter.Elements()
	if err != nil {
		return bson.RawValue{}, nil, false
	}
	rest := bson.D{}
	found := false
	for _, e := range elements {
		if e.Key() == "_id" {
			v := e.Value()
			if found || (v.Type != bsontype.String && v.Type != bsontype.ObjectID) {
				// {_id: a, _id: b} asks for both.
				return bson.RawValue{}, nil, false
			}
			id, found = v, true
			continue
		}
		rest = append(rest, bson.E{Key: e.Key(), Value: e.Value()})
	}
	if !found || len(rest) == 0 {
		return bson.RawValue{}, nil, false
	}
	raw, err := bson.Marshal(rest)
	if err != nil {
		return bson.RawValue{}, nil, false
	}
	return id, raw, true
}

// idFilter is the filter {_id: id}.
func idFilter(id bson.RawValue) bson.Raw {
	raw, _ := bson.Marshal(bson.D{{Key: "_id", Value: id}})
	return raw
}
