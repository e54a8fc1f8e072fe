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
// by dotted path. Anything else (arrays in the document, regular expressions, other operators) is
// "unsupported": the launcher then leaves the command to FerretDB as it came.

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
		if o != matched {
			return o
		}
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
	any := false
	for _, v := range values {
		sub, ok := v.DocumentOK()
		if !ok {
			return unsupported
		}
		o := matchFilter(doc, sub)
		if o == unsupported {
			return unsupported
		}
		if op == "$and" && o == noMatch {
			return noMatch
		}
		any = any || o == matched
	}
	switch op {
	case "$and":
		return matched
	case "$or":
		return fromBool(any)
	default:
		return fromBool(!any)
	}
}

// lookup finds a dotted path in doc; ok is false when the path goes through something that is
// not a document (an array, where MongoDB would look into every element).
func lookup(doc bson.Raw, path string) (value bson.RawValue, found bool, ok bool) {
	if doc == nil {
		return bson.RawValue{}, false, true
	}
	current := doc
	parts := strings.Split(path, ".")
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
	for _, e := range elements {
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
		if o != matched {
			return o
		}
	}
	return matched
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
	for _, want := range values {
		switch equals(value, found, want) {
		case matched:
			return matched
		case unsupported:
			return unsupported
		}
	}
	return noMatch
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
	if af, ai, aInt, aNum := number(a); aNum {
		bf, bi, bInt, bNum := number(b)
		if !bNum {
			return 0, false, isScalar(b)
		}
		if aInt && bInt {
			return compareInts(ai, bi), true, true
		}
		switch {
		case af < bf:
			return -1, true, true
		case af > bf:
			return 1, true, true
		}
		return 0, true, true
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
		return fromBool(!found || value.Type == bsontype.Null)
	}
	if !found {
		if isScalar(want) || want.Type == bsontype.EmbeddedDocument {
			return noMatch
		}
		return unsupported
	}
	if want.Type == bsontype.EmbeddedDocument {
		if value.Type != bsontype.EmbeddedDocument {
			return fromBool(false)
		}
		// Documents are equal when they are the same, field for field in order.
		return fromBool(bytes.Equal(value.Value, want.Value))
	}
	cmp, same, supported := order(value, want)
	if !supported {
		return unsupported
	}
	return fromBool(same && cmp == 0)
}

func compareOp(op string, value bson.RawValue, found bool, want bson.RawValue) outcome {
	if want.Type == bsontype.Null || !isScalar(want) {
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
			if v.Type != bsontype.String && v.Type != bsontype.ObjectID {
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
