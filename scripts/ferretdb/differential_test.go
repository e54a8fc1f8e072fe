package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"net"
	"os"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/bson/primitive"
)

// The differential tests: FerretDB reading by key (the launcher's keyClause, compiled into its
// SQLite backend: scripts/ferretdb/_pushdown/keys.go) must answer as FerretDB reading the whole
// collection. Random documents and random filters of every shape: for each filter, which documents
// match as FerretDB decides by reading them all (the filter alone names no key, so it is not read
// by key; a filter FerretDB fails on, with an error or a panic that closes the connection, is asked
// again for halves of the documents until each document has its own answer), against
//   - a find by every key ({_id: {$in: keys}, ...filter}) through the launcher: the same documents,
//     or an error where FerretDB fails on one of them;
//   - finds by one key ({_id: key, ...filter}) for a few documents: the same answer each;
//   - a keyed write (an update or a findAndModify whose filter is {_id, ...filter}, the shape of
//     every guarded write of the services): it matches the document as the find did.
// TestDifferentialKeyedFind does the same for random finds by many keys with projections, sorts and
// limits, against the same find with its filter inside an $and (which FerretDB does not read by key).
//
// Documents have nested documents, arrays, int32, int64 (above 2^53 too), doubles (-0, huge,
// subnormal), null, missing fields, strings, booleans, dates, ObjectIds, a little binary data and
// timestamps; FerretDB 1.24 stores no NaN, infinity or Decimal128, so only filters have those.
//
// Reproduce a run: FERRETDB_DIFF_SEED=<seed> go test -run TestDifferential -v
// (or -args -diff.seed=<seed>); FERRETDB_DIFF_FILTERS and FERRETDB_DIFF_DOCS change the sizes
// (1500 filters or finds, 300 documents by default).

var (
	diffSeed    = flag.Uint64("diff.seed", 0, "seed of the differential test (0: FERRETDB_DIFF_SEED, else random)")
	diffFilters = flag.Int("diff.filters", 0, "filters of the differential test (0: FERRETDB_DIFF_FILTERS, else 1500)")
	diffDocs    = flag.Int("diff.docs", 0, "documents of the differential test (0: FERRETDB_DIFF_DOCS, else 300)")
)

const (
	diffDB         = "differential"
	diffCollection = "docs"
	// Every stored document has touch: 1, which no filter names: the keyed writes set it to 1.
	diffTouch = "touch"
)

func diffSetting(flagValue uint64, name string, fallback uint64) uint64 {
	if flagValue != 0 {
		return flagValue
	}
	if s := os.Getenv(name); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			panic(fmt.Sprintf("%s=%q: %v", name, s, err))
		}
		return v
	}
	return fallback
}

// ---- FerretDB and the launcher's proxy, for the test ----

// The server is the tests' own (harness_test.go's startLauncher): FerretDB itself at .ferret, the
// launcher's proxy in front of it at .addr.

// diffClient sends OP_MSG commands over one connection, dialled again after one breaks.
type diffClient struct {
	addr string
	conn net.Conn
	r    *bufio.Reader
	w    *bufio.Writer
	id   int32
}

// errDiffConnection is a command whose connection broke (FerretDB closes it on a panic).
var errDiffConnection = errors.New("connection closed")

func (c *diffClient) close() {
	if c.conn != nil {
		_ = c.conn.Close()
		c.conn = nil
	}
}

// run sends one command; the reply's body when ok is 1, else an error.
func (c *diffClient) run(cmd bson.D) (bson.Raw, error) {
	if c.conn == nil {
		conn, err := net.DialTimeout("tcp", c.addr, 10*time.Second)
		if err != nil {
			return nil, err
		}
		c.conn, c.r, c.w = conn, bufio.NewReaderSize(conn, 64<<10), bufio.NewWriterSize(conn, 64<<10)
	}
	body, err := bson.Marshal(cmd)
	if err != nil {
		return nil, err
	}
	c.id++
	_ = c.conn.SetDeadline(time.Now().Add(60 * time.Second))
	_, err = c.w.Write(buildOpMsg(c.id, 0, body))
	if err == nil {
		err = c.w.Flush()
	}
	if err != nil {
		c.close()
		return nil, fmt.Errorf("%w: %v", errDiffConnection, err)
	}
	reply, err := readMessage(c.r)
	if err != nil {
		c.close()
		return nil, fmt.Errorf("%w: %v", errDiffConnection, err)
	}
	parsed, err := parseOpMsg(reply)
	if err != nil {
		c.close()
		return nil, fmt.Errorf("%w: %v", errDiffConnection, err)
	}
	if ok, isNumber := numberValue(parsed.body.Lookup("ok")); !isNumber || ok != 1 {
		return parsed.body, fmt.Errorf("command failed: %s", parsed.body.Lookup("errmsg").String())
	}
	return parsed.body, nil
}

// ids runs a find and returns the _ids (strings) it found.
func (c *diffClient) ids(collection string, filter interface{}) (map[string]bool, error) {
	reply, err := c.run(bson.D{
		{Key: "find", Value: collection}, {Key: "filter", Value: filter},
		{Key: "projection", Value: bson.D{{Key: "_id", Value: int32(1)}}},
		{Key: "batchSize", Value: int32(100000)}, {Key: "singleBatch", Value: true}, {Key: "$db", Value: diffDB},
	})
	if err != nil {
		return nil, err
	}
	if id, _ := reply.Lookup("cursor", "id").AsInt64OK(); id != 0 {
		return nil, fmt.Errorf("find left a cursor open: %s", reply)
	}
	values, err := reply.Lookup("cursor", "firstBatch").Array().Values()
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, v := range values {
		out[v.Document().Lookup("_id").StringValue()] = true
	}
	return out, nil
}

func (c *diffClient) insert(collection string, docs []bson.D) error {
	list := bson.A{}
	for _, d := range docs {
		list = append(list, d)
	}
	reply, err := c.run(bson.D{{Key: "insert", Value: collection}, {Key: "documents", Value: list}, {Key: "$db", Value: diffDB}})
	if err != nil {
		return err
	}
	if _, has := reply.LookupErr("writeErrors"); has == nil {
		return fmt.Errorf("insert: %s", reply)
	}
	return nil
}

// ---- FerretDB's answer per document ----

type diffVerdict int

const (
	diffNoMatch diffVerdict = iota
	diffMatch
	diffError
)

func (v diffVerdict) String() string {
	return [...]string{"no match", "match", "error"}[v]
}

// diffFerretVerdicts asks FerretDB which of the documents (by _id) match filter: one find, and when
// that fails, finds for halves of the documents in ask until each of them has its answer (an
// error for one document alone: FerretDB fails on it).
func diffFerretVerdicts(c *diffClient, collection string, filter bson.Raw, ids, ask []string, out map[string]diffVerdict) {
	found, err := c.ids(collection, filter)
	if err != nil {
		if len(ask) > 0 {
			diffBisect(c, collection, filter, ask, out)
		}
		return
	}
	for _, id := range ids {
		out[id] = diffNoMatch
		if found[id] {
			out[id] = diffMatch
		}
	}
}

func diffBisect(c *diffClient, collection string, filter bson.Raw, ids []string, out map[string]diffVerdict) {
	in := bson.A{}
	for _, id := range ids {
		in = append(in, id)
	}
	// FerretDB decides $and's conditions in order and stops at the first that fails: the filter
	// is looked at only for these documents.
	narrowed := bson.D{{Key: "$and", Value: bson.A{bson.D{{Key: "_id", Value: bson.D{{Key: "$in", Value: in}}}}, filter}}}
	found, err := c.ids(collection, narrowed)
	if err == nil {
		for _, id := range ids {
			out[id] = diffNoMatch
			if found[id] {
				out[id] = diffMatch
			}
		}
		return
	}
	if len(ids) == 1 {
		out[ids[0]] = diffError
		return
	}
	diffBisect(c, collection, filter, ids[:len(ids)/2], out)
	diffBisect(c, collection, filter, ids[len(ids)/2:], out)
}

// ---- random documents and filters ----

var (
	diffInt32s  = []int32{0, 1, -1, 2, 3, 7, 100, math.MaxInt32, math.MinInt32}
	diffInt64s  = []int64{0, 1, -1, 2, 3, 7, 100, math.MaxInt32, math.MaxInt32 + 1, 1<<53 - 1, 1 << 53, 1<<53 + 1, 1<<53 + 2, -(1<<53 + 1), 1<<62 + 1, 1<<63 - 1024, 1<<63 - 1023, math.MaxInt64, math.MinInt64, math.MinInt64 + 1}
	diffDoubles = []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 1.5, -0.5, 2, 3, 7, 100, 2147483647, 2147483648, 1<<52 - 0.5, 1 << 53, 1<<53 + 2, 1 << 62, 9223372036854774784, 9223372036854775808, -9223372036854775808, 1e300, -1e300, 5e-324, -5e-324, math.MaxFloat64}
	// Only in filters: FerretDB stores no infinity (and, it turns out, no NaN: see docNaN).
	diffFilterDoubles = []float64{math.NaN(), math.Inf(1), math.Inf(-1)}
	diffStrings       = []string{"", "a", "ab", "abc", "b", "B", "z", "é", "ß", "日本", "1", "10", "2", "null", "true"}
	diffDates         = []int64{0, 1, -1, -86400000, 1700000000000, 1700000000001, 253402300799999}
	diffObjectIDs     = []string{"000000000000000000000001", "5f0000000000000000000000", "ffffffffffffffffffffffff"}
	diffTopKeys       = []string{"a", "b", "c", "n", "s"}
	diffNestedKeys    = []string{"a", "b", "c", "x", "0"}
	diffPaths         = []string{"a.b", "a.c", "a.x", "b.a", "c.b", "n.a", "a.b.c", "a.b.a", "a.a.b", "s.a", "a.0", "n.0", "b.0.a", "a.z", "z.a"}
	diffBadPaths      = []string{"a..b", "a.", ".a", "", "a.$b"}
)

type diffGen struct {
	r        *rand.Rand
	storeNaN bool // FerretDB can store a NaN (else documents have none)
	docs     []bson.D
}

func (g *diffGen) pick(n int) int { return g.r.IntN(n) }

func (g *diffGen) chance(percent int) bool { return g.r.IntN(100) < percent }

func (g *diffGen) number(inFilter bool) interface{} {
	switch g.pick(3) {
	case 0:
		return diffInt32s[g.pick(len(diffInt32s))]
	case 1:
		return diffInt64s[g.pick(len(diffInt64s))]
	}
	if (inFilter && g.chance(15)) || (!inFilter && g.storeNaN && g.chance(5)) {
		if inFilter {
			return diffFilterDoubles[g.pick(len(diffFilterDoubles))]
		}
		return math.NaN()
	}
	return diffDoubles[g.pick(len(diffDoubles))]
}

func (g *diffGen) scalar(inFilter bool) interface{} {
	if inFilter && g.chance(1) {
		// Decimal128: the matcher leaves it to FerretDB, which takes none (it closes the connection).
		return primitive.NewDecimal128(0, uint64(g.pick(3)))
	}
	switch x := g.pick(100); {
	case x < 55:
		return g.number(inFilter)
	case x < 72:
		return diffStrings[g.pick(len(diffStrings))]
	case x < 79:
		return g.chance(50)
	case x < 86:
		return nil
	case x < 93:
		return primitive.DateTime(diffDates[g.pick(len(diffDates))])
	case x < 97:
		id, _ := primitive.ObjectIDFromHex(diffObjectIDs[g.pick(len(diffObjectIDs))])
		return id
	case x < 99:
		return primitive.Binary{Subtype: 0, Data: []byte{byte(g.pick(3))}}
	}
	return primitive.Timestamp{T: uint32(g.pick(3)), I: 1}
}

func (g *diffGen) value(depth int, inFilter bool) interface{} {
	switch x := g.pick(100); {
	case x < 18 && depth < 3:
		return g.subdoc(depth+1, inFilter)
	case x < 28 && depth < 3:
		return g.array(depth+1, inFilter)
	}
	return g.scalar(inFilter)
}

func (g *diffGen) subdoc(depth int, inFilter bool) bson.D {
	d := bson.D{}
	for _, i := range g.r.Perm(len(diffNestedKeys))[:g.pick(4)] {
		d = append(d, bson.E{Key: diffNestedKeys[i], Value: g.value(depth, inFilter)})
	}
	return d
}

// array: FerretDB stores no arrays in arrays.
func (g *diffGen) array(depth int, inFilter bool) bson.A {
	a := bson.A{}
	for n := g.pick(4); n > 0; n-- {
		if g.chance(25) && depth < 3 {
			a = append(a, g.subdoc(depth+1, inFilter))
		} else {
			a = append(a, g.scalar(inFilter))
		}
	}
	return a
}

func (g *diffGen) document(i int) bson.D {
	d := bson.D{{Key: "_id", Value: fmt.Sprintf("d%04d", i)}}
	if i == 0 {
		return append(d, bson.E{Key: diffTouch, Value: int32(1)}) // nothing else: like a document that is not there
	}
	for _, k := range g.r.Perm(len(diffTopKeys)) {
		if g.chance(75) {
			d = append(d, bson.E{Key: diffTopKeys[k], Value: g.value(0, false)})
		}
	}
	return append(d, bson.E{Key: diffTouch, Value: int32(1)})
}

// variant is a value equal to v with other number types (which may not be equal, above 2^53).
func (g *diffGen) variant(v interface{}) interface{} {
	switch v := v.(type) {
	case int32:
		if g.chance(50) {
			return int64(v)
		}
		return float64(v)
	case int64:
		if v == int64(int32(v)) && g.chance(50) {
			return int32(v)
		}
		return float64(v)
	case float64:
		if v == math.Trunc(v) && math.Abs(v) < 1<<63 {
			if v == float64(int32(v)) && g.chance(50) {
				return int32(v)
			}
			return int64(v)
		}
		return v
	case bson.D:
		out := bson.D{}
		for _, e := range v {
			out = append(out, bson.E{Key: e.Key, Value: g.variant(e.Value)})
		}
		return out
	case bson.A:
		out := bson.A{}
		for _, e := range v {
			out = append(out, g.variant(e))
		}
		return out
	}
	return v
}

// storedAt is a value some document has at path (a dotted path through documents and arrays),
// maybe a variant; ok is false when the few documents looked at have none.
func (g *diffGen) storedAt(path string) (interface{}, bool) {
	for try := 0; try < 8; try++ {
		var v interface{} = g.docs[g.pick(len(g.docs))]
		for _, part := range strings.Split(path, ".") {
			switch d := v.(type) {
			case bson.D:
				v = nil
				for _, e := range d {
					if e.Key == part {
						v = e.Value
					}
				}
			case bson.A:
				i, err := strconv.Atoi(part)
				if err != nil || i < 0 || i >= len(d) {
					v = nil
					break
				}
				v = d[i]
			default:
				v = nil
			}
		}
		if v == nil {
			continue
		}
		if a, isArray := v.(bson.A); isArray && len(a) > 0 && g.chance(50) {
			v = a[g.pick(len(a))] // an element, as MongoDB matches arrays by element
		}
		if g.chance(50) {
			return g.variant(v), true
		}
		return v, true
	}
	return nil, false
}

// operand is a value a filter compares the value at path with.
func (g *diffGen) operand(path string) interface{} {
	switch x := g.pick(100); {
	case x < 40:
		if v, ok := g.storedAt(path); ok {
			return v
		}
		return g.scalar(true)
	case x < 88:
		return g.scalar(true)
	case x < 94:
		return g.subdoc(1, true)
	case x < 98:
		return g.array(1, true)
	}
	return primitive.Regex{Pattern: "^a", Options: ""}
}

func (g *diffGen) path() string {
	switch x := g.pick(100); {
	case x < 55:
		return diffTopKeys[g.pick(len(diffTopKeys))]
	case x < 58:
		return "z"
	case x < 61:
		return "_id"
	case x < 98:
		return diffPaths[g.pick(len(diffPaths))]
	}
	return diffBadPaths[g.pick(len(diffBadPaths))]
}

var (
	diffOps     = []string{"$eq", "$ne", "$gt", "$gte", "$lt", "$lte", "$in", "$nin", "$exists"}
	diffRareOps = []string{"$not", "$size", "$type", "$regex", "$all", "$mod", "$elemMatch", "$foo"}
)

func (g *diffGen) list(path string) bson.A {
	a := bson.A{}
	for n := g.pick(5); n > 0; n-- {
		switch {
		case g.chance(3):
			a = append(a, bson.D{{Key: "$gt", Value: int32(1)}}) // MongoDB: cannot nest $ under $in
		default:
			a = append(a, g.operand(path))
		}
	}
	return a
}

func (g *diffGen) condition(path string) interface{} {
	if g.chance(30) {
		return g.operand(path)
	}
	ops := bson.D{}
	for _, i := range g.r.Perm(len(diffOps))[:1+g.pick(2)] {
		op := diffOps[i]
		var v interface{}
		switch op {
		case "$in", "$nin":
			v = g.list(path)
			if g.chance(2) {
				v = g.operand(path) // not an array
			}
		case "$exists":
			v = g.chance(50)
			if g.chance(10) {
				v = g.scalar(true)
			}
		default:
			v = g.operand(path)
		}
		ops = append(ops, bson.E{Key: op, Value: v})
	}
	switch x := g.pick(100); {
	case x < 2:
		ops = append(ops, bson.E{Key: diffRareOps[g.pick(len(diffRareOps))], Value: g.operand(path)})
	case x < 5:
		ops = append(ops, bson.E{Key: "b", Value: g.scalar(true)}) // an operator beside a field
	case x < 7:
		ops = append(bson.D{{Key: "b", Value: g.scalar(true)}}, ops...) // a field, then an operator
	case x < 8:
		ops = bson.D{}
	}
	return ops
}

func (g *diffGen) filter(depth int) bson.D {
	f := bson.D{}
	used := map[string]bool{}
	for n := 1 + g.pick(3); n > 0; n-- {
		var key string
		var value interface{}
		switch x := g.pick(100); {
		case x < 20 && depth < 2:
			key = []string{"$and", "$or", "$nor"}[g.pick(3)]
			list := bson.A{}
			for m := 1 + g.pick(3); m > 0; m-- {
				list = append(list, g.filter(depth+1))
			}
			switch y := g.pick(100); {
			case y < 2:
				list = bson.A{}
			case y < 4:
				list = append(list, g.scalar(true))
			}
			value = list
			if g.chance(2) {
				value = g.filter(depth + 1)
			}
		case x < 21:
			key = []string{"$comment", "$where", "$foo", "$expr"}[g.pick(4)]
			value = "x"
		default:
			key = g.path()
			value = g.condition(key)
		}
		if used[key] {
			continue
		}
		used[key] = true
		f = append(f, bson.E{Key: key, Value: value})
	}
	return f
}

// ---- the test ----

// diffShapes adds to into the operators and shapes a filter has.
func diffShapes(f bson.D, into map[string]bool) map[string]bool {
	for _, e := range f {
		switch {
		case e.Key == "$and" || e.Key == "$or" || e.Key == "$nor":
			into[e.Key] = true
			if list, ok := e.Value.(bson.A); ok {
				for _, sub := range list {
					if d, ok := sub.(bson.D); ok {
						diffShapes(d, into)
					}
				}
			}
			continue
		case strings.HasPrefix(e.Key, "$"):
			into[e.Key] = true
			continue
		case strings.Contains(e.Key, "."):
			into["dotted path"] = true
		}
		if d, ok := e.Value.(bson.D); ok && len(d) > 0 && strings.HasPrefix(d[0].Key, "$") {
			for _, op := range d {
				into[op.Key] = true
				switch op.Value.(type) {
				case bson.D:
					into[op.Key+" document"] = true
				case bson.A:
					if op.Key != "$in" && op.Key != "$nin" {
						into[op.Key+" array"] = true
					}
				}
			}
			continue
		}
		into["equality"] = true
		switch e.Value.(type) {
		case bson.D:
			into["equality document"] = true
		case bson.A:
			into["equality array"] = true
		}
	}
	return into
}

type diffPair struct {
	doc    bson.D
	filter bson.D
}

type diffDisagreement struct {
	diffPair
	keyed diffVerdict // read or written by key, through the launcher
	whole diffVerdict // FerretDB reading every document
	via   string      // "find by one key", "find by every key" or the keyed write
}

func (d diffDisagreement) String() string {
	docRaw, _ := bson.Marshal(d.doc)
	filterRaw, _ := bson.Marshal(d.filter)
	return fmt.Sprintf("%s: filter %s, document %s: by key %s, reading every document %s", d.via, bson.Raw(filterRaw), bson.Raw(docRaw), d.keyed, d.whole)
}

// TestDifferentialKeyedReads: FerretDB reading by key against FerretDB reading every document, per
// document, for finds and keyed writes (see the top of the file).
func TestDifferentialKeyedReads(t *testing.T) {
	// Each against a launcher and FerretDB of its own: the two run side by side, after the other tests.
	t.Parallel()
	seed := diffSetting(*diffSeed, "FERRETDB_DIFF_SEED", rand.Uint64()>>1)
	filters := int(diffSetting(uint64(*diffFilters), "FERRETDB_DIFF_FILTERS", 1500))
	docCount := int(diffSetting(uint64(*diffDocs), "FERRETDB_DIFF_DOCS", 300))
	t.Logf("seed %d (to run it again: FERRETDB_DIFF_SEED=%d go test -run TestDifferentialKeyedReads)", seed, seed)
	started := time.Now()

	srv := startLauncher(t)
	ferret := &diffClient{addr: srv.ferret}
	defer ferret.close()
	launcher := &diffClient{addr: srv.addr}
	defer launcher.close()

	g := &diffGen{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
	// Can FerretDB store a NaN? (1.24's SQLite backend cannot: its JSON has no NaN.)
	if err := ferret.insert("probe", []bson.D{{{Key: "_id", Value: "nan"}, {Key: "a", Value: math.NaN()}}}); err == nil {
		g.storeNaN = true
	}
	t.Logf("FerretDB stores a NaN: %v", g.storeNaN)

	var ids []string
	every := bson.A{}
	for i := 0; i < docCount; i++ {
		d := g.document(i)
		g.docs = append(g.docs, d)
		ids = append(ids, d[0].Value.(string))
		every = append(every, d[0].Value)
	}
	if err := ferret.insert(diffCollection, g.docs); err != nil {
		t.Fatal(err)
	}

	var (
		compared, byOneKey, ferretErrors, keyed, disagreements int
		found                                                  []diffDisagreement
	)
	report := func(d diffDisagreement) {
		disagreements++
		if len(found) < 200 {
			found = append(found, d)
		}
	}
	verdicts := map[string]diffVerdict{}
	shapes := map[string]int{} // compared cases by the operators and shapes their filter has
	for i := 0; i < filters; i++ {
		filter := g.filter(0)
		filterBytes, err := bson.Marshal(filter)
		if err != nil {
			t.Fatal(err)
		}
		filterRaw := bson.Raw(filterBytes)
		if _, hasID := filterRaw.LookupErr("_id"); hasID == nil {
			continue // the reference would be read by key too
		}
		// FerretDB reading every document: which match, or an error (it fails on one of them at least).
		clear(verdicts)
		whole, wholeErr := ferret.ids(diffCollection, filterRaw)
		// Every key at once: the same documents, or an error.
		byKeys, err := launcher.ids(diffCollection, append(bson.D{{Key: "_id", Value: bson.D{{Key: "$in", Value: every}}}}, filter...))
		if wholeErr != nil {
			ferretErrors++
			if err == nil {
				report(diffDisagreement{diffPair{g.docs[0], filter}, diffMatch, diffError, "find by every key (answered; reading every document failed)"})
			}
		} else {
			compared += len(ids)
			for shape := range diffShapes(filter, map[string]bool{}) {
				shapes[shape] += len(ids)
			}
			for j, id := range ids {
				verdicts[id] = diffNoMatch
				if whole[id] {
					verdicts[id] = diffMatch
				}
				got := diffNoMatch
				switch {
				case err != nil:
					got = diffError
				case byKeys[id]:
					got = diffMatch
				}
				if got != verdicts[id] {
					report(diffDisagreement{diffPair{g.docs[j], filter}, got, verdicts[id], "find by every key"})
					break
				}
			}
		}
		// One key at a time, for three documents (when FerretDB failed reading every document,
		// each is asked of FerretDB alone: an $and of its key and the filter, which it reads whole).
		sample := []int{g.pick(len(ids)), g.pick(len(ids)), g.pick(len(ids))}
		for _, j := range sample {
			if wholeErr != nil {
				diffBisect(ferret, diffCollection, filterRaw, []string{ids[j]}, verdicts)
			}
			byOneKey++
			if got, want := diffKeyedRead(launcher, diffCollection, ids[j], filter), verdicts[ids[j]]; got != want {
				report(diffDisagreement{diffPair{g.docs[j], filter}, got, want, "find by one key"})
			}
		}
		// The keyed write path, end to end, for one document.
		j := sample[0]
		got, err := diffKeyedWrite(launcher, ids[j], filter, i%2 == 0)
		if err != nil {
			t.Fatal(err)
		}
		keyed++
		if want := verdicts[ids[j]]; got != want {
			report(diffDisagreement{diffPair{g.docs[j], filter}, got, want, "keyed write"})
		}
	}
	var usage syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &usage)
	cpu := time.Duration(usage.Utime.Nano() + usage.Stime.Nano())
	t.Logf("%d filters x %d documents: %d cases read by every key and compared with FerretDB reading every document (%d filters it failed on, read by every key with an error too), %d by one key, %d keyed writes; %d disagreements; %s (CPU %s)",
		filters, docCount, compared, ferretErrors, byOneKey, keyed, disagreements, time.Since(started).Round(time.Millisecond), cpu.Round(time.Millisecond))
	var names []string
	for name := range shapes {
		names = append(names, name)
	}
	sort.Strings(names)
	var line []string
	for _, name := range names {
		line = append(line, fmt.Sprintf("%s %d", name, shapes[name]))
	}
	t.Logf("compared cases by what their filter has: %s", strings.Join(line, ", "))
	if len(found) > 0 {
		shrunk := map[string]bool{}
		for _, d := range found {
			s := diffShrink(t, ferret, d)
			if shrunk[s.String()] {
				continue
			}
			shrunk[s.String()] = true
			t.Errorf("disagreement (seed %d): %s", seed, s)
			if len(shrunk) >= 40 {
				break
			}
		}
	}
	if compared < 100000 && filters >= 1500 && docCount >= 300 {
		t.Errorf("only %d cases compared (want at least 100,000)", compared)
	}
}

// diffKeyedRead asks, through c, whether the document id matches filter with a find by its key
// ({_id: id, ...filter}): matched, not matched, or an error.
func diffKeyedRead(c *diffClient, collection, id string, filter bson.D) diffVerdict {
	found, err := c.ids(collection, append(bson.D{{Key: "_id", Value: id}}, filter...))
	switch {
	case err != nil:
		return diffError
	case found[id]:
		return diffMatch
	}
	return diffNoMatch
}

// diffKeyedWrite sends, through the launcher's proxy, a write whose filter is {_id: id, ...filter}
// that sets touch to 1 (as it is): matched, not matched, or an error.
func diffKeyedWrite(c *diffClient, id string, filter bson.D, update bool) (diffVerdict, error) {
	q := append(bson.D{{Key: "_id", Value: id}}, filter...)
	set := bson.D{{Key: "$set", Value: bson.D{{Key: diffTouch, Value: int32(1)}}}}
	if update {
		reply, err := c.run(bson.D{{Key: "update", Value: diffCollection}, {Key: "updates", Value: bson.A{bson.D{{Key: "q", Value: q}, {Key: "u", Value: set}}}}, {Key: "$db", Value: diffDB}})
		if err != nil {
			return diffError, nil
		}
		if _, err := reply.LookupErr("writeErrors"); err == nil {
			return diffError, nil
		}
		n, _ := reply.Lookup("n").AsInt64OK()
		switch n {
		case 0:
			return diffNoMatch, nil
		case 1:
			return diffMatch, nil
		}
		return diffError, fmt.Errorf("update matched %d documents: %s", n, reply)
	}
	reply, err := c.run(bson.D{{Key: "findAndModify", Value: diffCollection}, {Key: "query", Value: q}, {Key: "update", Value: set}, {Key: "$db", Value: diffDB}})
	if err != nil {
		return diffError, nil
	}
	v, err := reply.LookupErr("value")
	if err != nil {
		return diffError, fmt.Errorf("findAndModify without a value: %s", reply)
	}
	if v.Type == bson.TypeNull {
		return diffNoMatch, nil
	}
	return diffMatch, nil
}

// ---- smaller examples of a disagreement ----

// diffStillDisagrees stores the document alone (in a collection of its own) and asks again, by its
// key and by reading every document.
func diffStillDisagrees(t *testing.T, c *diffClient, d diffPair) (diffVerdict, diffVerdict, bool) {
	t.Helper()
	filterRaw, err := bson.Marshal(d.filter)
	if err != nil {
		return diffError, diffError, false
	}
	if _, err := c.run(bson.D{{Key: "delete", Value: "shrink"}, {Key: "deletes", Value: bson.A{bson.D{{Key: "q", Value: bson.D{}}, {Key: "limit", Value: int32(0)}}}}, {Key: "$db", Value: diffDB}}); err != nil {
		t.Fatal(err)
	}
	if err := c.insert("shrink", []bson.D{d.doc}); err != nil {
		return diffError, diffError, false
	}
	id := d.doc[0].Value.(string)
	out := map[string]diffVerdict{}
	diffFerretVerdicts(c, "shrink", filterRaw, []string{id}, []string{id}, out)
	keyed := diffKeyedRead(c, "shrink", id, d.filter)
	return keyed, out[id], keyed != out[id]
}

// diffShrink drops fields of the document and conditions of the filter while reading by key and
// reading every document still disagree.
func diffShrink(t *testing.T, c *diffClient, d diffDisagreement) diffDisagreement {
	cur := d.diffPair
	for changed := true; changed; {
		changed = false
		for _, next := range diffShrinkCandidates(cur) {
			if keyed, whole, bad := diffStillDisagrees(t, c, next); bad {
				cur, d.keyed, d.whole, changed = next, keyed, whole, true
				break
			}
		}
	}
	d.diffPair = cur
	return d
}

func diffShrinkCandidates(c diffPair) []diffPair {
	var out []diffPair
	for i := 1; i < len(c.doc); i++ { // never the _id
		if c.doc[i].Key == diffTouch {
			continue
		}
		out = append(out, diffPair{doc: diffWithout(c.doc, i), filter: c.filter})
		if sub, ok := c.doc[i].Value.(bson.D); ok {
			for j := range sub {
				doc := append(bson.D{}, c.doc...)
				doc[i] = bson.E{Key: c.doc[i].Key, Value: diffWithout(sub, j)}
				out = append(out, diffPair{doc: doc, filter: c.filter})
			}
		}
	}
	for _, f := range diffShrinkFilter(c.filter) {
		out = append(out, diffPair{doc: c.doc, filter: f})
	}
	return out
}

func diffShrinkFilter(f bson.D) []bson.D {
	var out []bson.D
	for i, e := range f {
		if len(f) > 1 {
			out = append(out, diffWithout(f, i))
		}
		replace := func(v interface{}) {
			g := append(bson.D{}, f...)
			g[i] = bson.E{Key: e.Key, Value: v}
			out = append(out, g)
		}
		switch v := e.Value.(type) {
		case bson.D:
			if len(v) > 1 {
				for j := range v {
					replace(diffWithout(v, j))
				}
			}
		case bson.A:
			for j := range v {
				if len(v) > 1 {
					a := append(append(bson.A{}, v[:j]...), v[j+1:]...)
					replace(a)
				}
				if sub, ok := v[j].(bson.D); ok && strings.HasPrefix(e.Key, "$") {
					for _, s := range diffShrinkFilter(sub) {
						a := append(bson.A{}, v...)
						a[j] = s
						replace(a)
					}
				}
			}
		}
	}
	return out
}

func diffWithout(d bson.D, i int) bson.D {
	return append(append(bson.D{}, d[:i]...), d[i+1:]...)
}

// ---- finds by many keys ----

// TestDifferentialKeyedFind: random finds {_id: {$in: [keys]}, ...conditions} with or without a
// projection, a sort or a limit, each sent through the launcher (FerretDB reads them by key) and
// sent straight to FerretDB as an $and of the key and the other conditions (which it answers by
// reading the whole collection); the documents must be the same, byte for byte (with a limit and no sort, any of the
// documents the find names). Keys: stored ones, missing ones, repeated ones, strings and ObjectIds,
// sometimes another type (not read by key).
func TestDifferentialKeyedFind(t *testing.T) {
	// Each against a launcher and FerretDB of its own: the two run side by side, after the other tests.
	t.Parallel()
	seed := diffSetting(*diffSeed, "FERRETDB_DIFF_SEED", rand.Uint64()>>1)
	finds := int(diffSetting(uint64(*diffFilters), "FERRETDB_DIFF_FILTERS", 1500))
	docCount := int(diffSetting(uint64(*diffDocs), "FERRETDB_DIFF_DOCS", 300))
	t.Logf("seed %d (to run it again: FERRETDB_DIFF_SEED=%d go test -run TestDifferentialKeyedFind)", seed, seed)
	started := time.Now()

	srv := startLauncher(t)
	ferret := &diffClient{addr: srv.ferret}
	defer ferret.close()
	launcher := &diffClient{addr: srv.addr}
	defer launcher.close()
	g := &diffGen{r: rand.New(rand.NewPCG(seed^0x5bd1e995, seed))}
	var keys []interface{}
	for i := 0; i < docCount; i++ {
		d := g.document(i)
		if i%10 == 5 {
			id := primitive.NewObjectIDFromTimestamp(time.Unix(int64(1700000000+i), 0))
			d[0].Value = id
		}
		g.docs = append(g.docs, d)
		keys = append(keys, d[0].Value)
	}
	if err := ferret.insert(diffCollection, g.docs); err != nil {
		t.Fatal(err)
	}

	// All in one batch, both ways.
	oneBatch := func(cmd bson.D) bson.D {
		cmd = diffWithoutKey(diffWithoutKey(diffWithoutKey(cmd, "batchSize"), "singleBatch"), "$db")
		return append(cmd, bson.E{Key: "batchSize", Value: int32(100000)}, bson.E{Key: "singleBatch", Value: true}, bson.E{Key: "$db", Value: diffDB})
	}
	answered, refused, docsCompared, disagreements, countedOnly := 0, 0, 0, 0, 0
	for i := 0; i < finds; i++ {
		cmd, filter := g.keyedFind(keys)
		cmd = oneBatch(cmd)
		// FerretDB decides a filter's conditions in order and stops at the first that fails: with
		// the key first in an $and, it decides the others for the documents with those keys alone,
		// as a read by key does (a condition it fails on is met only there). Keys it does not read
		// by are decided where the filter has them, as before.
		whole := append(bson.D{}, cmd...)
		whole[1] = bson.E{Key: "filter", Value: bson.D{{Key: "$and", Value: bson.A{filter}}}}
		if at := diffKeyAt(filter); diffReadByKey(filter[at].Value) {
			whole[1] = bson.E{Key: "filter", Value: bson.D{{Key: "$and", Value: bson.A{bson.D{filter[at]}, diffWithout(filter, at)}}}}
		}
		got, gotErr := launcher.run(cmd)
		want, wantErr := ferret.run(whole)
		if gotErr != nil || wantErr != nil {
			// Refused (or the connection closed on a panic) both ways, or it is a disagreement.
			refused++
			if (gotErr == nil) != (wantErr == nil) || errors.Is(gotErr, errDiffConnection) != errors.Is(wantErr, errDiffConnection) {
				disagreements++
				t.Errorf("find %s: by key %v, reading every document %v", bson.Raw(marshal(cmd)), gotErr, wantErr)
			}
			continue
		}
		answered++
		gotDocs, wantDocs := diffBatch(t, got), diffBatch(t, want)
		docsCompared += len(gotDocs)
		same := strings.Join(gotDocs, "\x00") == strings.Join(wantDocs, "\x00")
		if diffHasKey(cmd, "limit") && !diffHasKey(cmd, "sort") {
			// Which documents a limit keeps without a sort is FerretDB's choice: as many, each one named.
			// Without the limit FerretDB may reach a document it fails on that the limit stopped
			// before (an error, or the connection closed): then only as many is checked.
			same = len(gotDocs) == len(wantDocs)
			if all, err := ferret.run(diffWithoutKey(whole, "limit")); err == nil {
				named := map[string]bool{}
				for _, doc := range diffBatch(t, all) {
					named[doc] = true
				}
				for _, doc := range gotDocs {
					same = same && named[doc]
				}
			} else {
				countedOnly++
			}
		}
		if !same {
			disagreements++
			if disagreements <= 20 {
				t.Errorf("find %s: by key %d documents %v, reading every document %d %v", bson.Raw(marshal(cmd)), len(gotDocs), gotDocs, len(wantDocs), wantDocs)
			}
		}
	}
	t.Logf("%d finds by keys: %d answered (%d documents, each compared with FerretDB reading every document; %d limited finds by their count alone), %d refused both ways; %d disagreements; %s",
		finds, answered, docsCompared, countedOnly, refused, disagreements, time.Since(started).Round(time.Millisecond))
	if finds >= 1500 && answered < finds/3 {
		t.Errorf("only %d of %d finds by keys were answered", answered, finds)
	}
}

// diffReadByKey says whether FerretDB reads the documents an _id names by key (keyClause): a string
// or an ObjectId, or {$in: [...]} of 1 to 1,000 of them.
func diffReadByKey(id interface{}) bool {
	key := func(v interface{}) bool {
		switch v.(type) {
		case string, primitive.ObjectID:
			return true
		}
		return false
	}
	in, isDoc := id.(bson.D)
	if !isDoc {
		return key(id)
	}
	if len(in) != 1 || in[0].Key != "$in" {
		return false
	}
	keys, isArray := in[0].Value.(bson.A)
	if !isArray || len(keys) == 0 || len(keys) > 1000 {
		return false
	}
	for _, k := range keys {
		if !key(k) {
			return false
		}
	}
	return true
}

// diffKeyAt is where a filter's _id is.
func diffKeyAt(filter bson.D) int {
	for i, e := range filter {
		if e.Key == "_id" {
			return i
		}
	}
	panic("a find by keys without an _id")
}

func diffHasKey(d bson.D, key string) bool {
	for _, e := range d {
		if e.Key == key {
			return true
		}
	}
	return false
}

// diffBatch is a find reply's documents as extended JSON, sorted.
func diffBatch(t *testing.T, reply bson.Raw) []string {
	t.Helper()
	batch, ok := reply.Lookup("cursor", "firstBatch").ArrayOK()
	if !ok {
		t.Fatalf("a reply without a batch: %s", reply)
	}
	values, err := batch.Values()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, v := range values {
		out = append(out, v.Document().String())
	}
	sort.Strings(out)
	return out
}

func diffWithoutKey(d bson.D, key string) bson.D {
	for i, e := range d {
		if e.Key == key {
			return diffWithout(d, i)
		}
	}
	return d
}

// keyedFind is a random find by keys: the command and its filter.
func (g *diffGen) keyedFind(keys []interface{}) (bson.D, bson.D) {
	in := bson.A{}
	for n := 1 + g.pick(8); n > 0; n-- {
		switch x := g.pick(100); {
		case x < 70:
			in = append(in, keys[g.pick(len(keys))])
		case x < 80:
			in = append(in, fmt.Sprintf("nope%d", g.pick(5)))
		case x < 88:
			in = append(in, primitive.NewObjectIDFromTimestamp(time.Unix(int64(1700000000+g.pick(len(keys))), 0)))
		case x < 95 && len(in) > 0:
			in = append(in, in[g.pick(len(in))]) // twice
		case x < 97:
			in = append(in, g.scalar(true)) // a key of another type: left to FerretDB
		}
	}
	if g.chance(2) {
		in = bson.A{}
	}
	var idCondition interface{} = bson.D{{Key: "$in", Value: in}}
	switch x := g.pick(100); {
	case x < 2:
		idCondition = bson.D{{Key: "$in", Value: in}, {Key: "$ne", Value: "d0001"}}
	case x < 4:
		idCondition = bson.D{{Key: "$nin", Value: in}}
	}
	filter := bson.D{{Key: "_id", Value: idCondition}}
	if g.chance(40) {
		for _, e := range g.filter(1) {
			if e.Key != "_id" {
				filter = append(filter, e)
			}
		}
		if g.chance(50) {
			g.r.Shuffle(len(filter), func(i, j int) { filter[i], filter[j] = filter[j], filter[i] })
		}
	}
	cmd := bson.D{{Key: "find", Value: diffCollection}, {Key: "filter", Value: filter}}
	if g.chance(50) {
		projection := bson.D{}
		paths := append([]string{"_id"}, append(diffTopKeys, diffPaths...)...)
		include := g.chance(50)
		for _, k := range g.r.Perm(len(paths))[:1+g.pick(3)] {
			var on interface{} = include
			if g.chance(30) {
				on = int32(0)
				if include {
					on = int32(1)
				}
			}
			if paths[k] == "_id" || g.chance(3) {
				on = g.chance(50) // _id either way; now and then a mix FerretDB refuses
			}
			projection = append(projection, bson.E{Key: paths[k], Value: on})
		}
		if g.chance(3) {
			projection = append(projection, bson.E{Key: "a", Value: bson.D{{Key: "$slice", Value: int32(1)}}})
		}
		cmd = append(cmd, bson.E{Key: "projection", Value: projection})
	}
	switch x := g.pick(100); {
	case x < 10:
		cmd = append(cmd, bson.E{Key: "batchSize", Value: int32(g.pick(12))})
	case x < 13:
		cmd = append(cmd, bson.E{Key: "sort", Value: bson.D{{Key: "a", Value: int32(1)}}})
	case x < 16:
		cmd = append(cmd, bson.E{Key: "limit", Value: int32(2)})
	case x < 20:
		cmd = append(cmd, bson.E{Key: "singleBatch", Value: true})
	}
	return append(cmd, bson.E{Key: "$db", Value: diffDB}), filter
}

// Filters whose _id is not a key FerretDB reads by, or not alone: through the launcher and
// straight to FerretDB inside an $and (never read by key), the same answer (documents or error),
// and the connection goes on.
func TestKeyedReadOddKeys(t *testing.T) {
	srv := startLauncher(t)
	ferret := &diffClient{addr: srv.ferret}
	defer ferret.close()
	launcher := &diffClient{addr: srv.addr}
	defer launcher.close()
	docs := []bson.D{byID("a"), byID("b"), byID(int32(7)), byID(primitive.ObjectID{0x5f, 1}), byID(nil), {{Key: "_id", Value: "c"}, {Key: "v", Value: int32(1)}}}
	if err := ferret.insert(diffCollection, docs); err != nil {
		t.Fatal(err)
	}
	many := bson.A{}
	for i := 0; i < 1001; i++ {
		many = append(many, fmt.Sprintf("k%d", i))
	}
	many[500] = "b"
	for _, filter := range []bson.D{
		{{Key: "_id", Value: "a"}, {Key: "_id", Value: "b"}},
		{{Key: "_id", Value: "a"}, {Key: "v", Value: 1}, {Key: "_id", Value: "a"}},
		{{Key: "_id", Value: op("$in", many)}},
		{{Key: "_id", Value: op("$in", many[:1000])}, {Key: "v", Value: op("$exists", false)}},
		{{Key: "_id", Value: op("$in", bson.A{})}},
		{{Key: "_id", Value: op("$in", bson.A{"a", int32(7)})}},
		{{Key: "_id", Value: op("$in", bson.A{"a", nil})}},
		{{Key: "_id", Value: op("$in", "a")}},
		{{Key: "_id", Value: op("$in", bson.A{primitive.Regex{Pattern: "^a"}})}},
		{{Key: "_id", Value: bson.D{{Key: "$in", Value: bson.A{"a", "b"}}, {Key: "$nin", Value: bson.A{"b"}}}}},
		{{Key: "_id", Value: op("$eq", "a")}},
		{{Key: "_id", Value: int32(7)}, {Key: "v", Value: nil}},
		{{Key: "_id", Value: nil}, {Key: "v", Value: nil}},
		{{Key: "_id", Value: primitive.ObjectID{0x5f, 1}}, {Key: "v", Value: op("$exists", false)}},
		{{Key: "_id", Value: bson.D{{Key: "x", Value: 1}}}, {Key: "v", Value: 1}},
		{{Key: "v", Value: 1}, {Key: "_id", Value: "c"}},
	} {
		cmd := bson.D{{Key: "find", Value: diffCollection}, {Key: "filter", Value: filter}, {Key: "batchSize", Value: int32(100000)}, {Key: "singleBatch", Value: true}, {Key: "$db", Value: diffDB}}
		whole := append(bson.D{}, cmd...)
		whole[1] = bson.E{Key: "filter", Value: bson.D{{Key: "$and", Value: bson.A{filter}}}}
		got, gotErr := launcher.run(cmd)
		want, wantErr := ferret.run(whole)
		if gotErr != nil || wantErr != nil {
			if gotErr == nil || wantErr == nil || errors.Is(gotErr, errDiffConnection) {
				t.Errorf("find %s: by key %v, reading every document %v", bson.Raw(marshal(cmd)), gotErr, wantErr)
			}
			continue
		}
		if g, w := strings.Join(diffBatch(t, got), " "), strings.Join(diffBatch(t, want), " "); g != w {
			t.Errorf("find %s: by key %s, reading every document %s", bson.Raw(marshal(cmd)), g, w)
		}
	}
	if _, err := launcher.run(bson.D{{Key: "ping", Value: 1}, {Key: "$db", Value: diffDB}}); err != nil {
		t.Fatalf("the connection did not go on: %v", err)
	}
}
