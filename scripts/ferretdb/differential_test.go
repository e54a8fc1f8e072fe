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

// The differential test (issue 34): random documents and random filters of every shape the
// launcher's matcher (match.go, compare.go) decides itself, each answered by that matcher,
// in-process, per document, and by FerretDB's own query engine (a find with the whole filter,
// which FerretDB's SQLite backend does not push down, so its Go filter decides every document).
// The matcher may hand a filter to FerretDB ("unsupported"); whenever it decides, it must say what
// FerretDB says, for every document. A filter FerretDB fails on (an error, or a panic that closes
// the connection) is asked again for halves of the documents until each document has its own
// answer: a document FerretDB fails on must be one the matcher hands over.
//
// Where FerretDB 1.24 and MongoDB part ways, the launcher hands the filter to FerretDB: it answers
// as FerretDB would without it, never differently (match.go, fastpath.go say which shapes).
//
// The same filters then go through the launcher's keyed write path end to end (the proxy in front
// of FerretDB; an update or a findAndModify whose filter is {_id, ...the filter}), which must
// report the document matched (n, value) as FerretDB's find did, and as upserts, for a stored _id
// and for one there is not, which must answer and store what FerretDB does with the same upsert.
// TestDifferentialKeyedFind does the same for finds by many keys ({_id: {$in: [...]}}, keyedFind).
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

func diffAgrees(o outcome, v diffVerdict) bool {
	return o == unsupported || (o == matched && v == diffMatch) || (o == noMatch && v == diffNoMatch)
}

func diffOutcomeName(o outcome) string {
	return [...]string{"no match", "match", "unsupported"}[o]
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
	matcher outcome
	ferret  diffVerdict
	via     string // "matcher" or the keyed write
}

func (d diffDisagreement) String() string {
	docRaw, _ := bson.Marshal(d.doc)
	filterRaw, _ := bson.Marshal(d.filter)
	return fmt.Sprintf("%s: filter %s, document %s: launcher %s, FerretDB %s", d.via, bson.Raw(filterRaw), bson.Raw(docRaw), diffOutcomeName(d.matcher), d.ferret)
}

// TestDifferentialMatcher: the launcher's matcher against FerretDB's query engine, per document,
// then the keyed writes and upserts through the proxy against FerretDB (see the top of the file).
func TestDifferentialMatcher(t *testing.T) {
	// Each against a launcher and FerretDB of its own: the two run side by side, after the other tests.
	t.Parallel()
	seed := diffSetting(*diffSeed, "FERRETDB_DIFF_SEED", rand.Uint64()>>1)
	filters := int(diffSetting(uint64(*diffFilters), "FERRETDB_DIFF_FILTERS", 1500))
	docCount := int(diffSetting(uint64(*diffDocs), "FERRETDB_DIFF_DOCS", 300))
	t.Logf("seed %d (to run it again: FERRETDB_DIFF_SEED=%d go test -run TestDifferentialMatcher)", seed, seed)
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
	for i := 0; i < docCount; i++ {
		d := g.document(i)
		g.docs = append(g.docs, d)
		ids = append(ids, d[0].Value.(string))
	}
	if err := ferret.insert(diffCollection, g.docs); err != nil {
		t.Fatal(err)
	}
	raws := make([]bson.Raw, len(g.docs))
	for i, d := range g.docs {
		raws[i], _ = bson.Marshal(d)
	}

	var (
		pairs, decided, handed, ferretErrors, keyed, upserts, disagreements int
		found                                                               []diffDisagreement
	)
	report := func(d diffDisagreement) {
		if len(found) < 200 {
			found = append(found, d)
		}
	}
	verdicts := map[string]diffVerdict{}
	shapes := map[string]int{} // decided cases by the operators and shapes their filter has
	queries := 0
	for i := 0; i < filters; i++ {
		filter := g.filter(0)
		filterBytes, err := bson.Marshal(filter)
		if err != nil {
			t.Fatal(err)
		}
		filterRaw := bson.Raw(filterBytes)
		outcomes := make([]outcome, len(raws))
		var ask []int // the documents the matcher decides: FerretDB's answer for each is needed
		for j, raw := range raws {
			outcomes[j] = matchFilter(raw, filterRaw)
			pairs++
			if outcomes[j] == unsupported {
				handed++
				continue
			}
			ask = append(ask, j)
		}
		clear(verdicts)
		if len(ask) > 0 {
			askIDs := make([]string, len(ask))
			for k, j := range ask {
				askIDs[k] = ids[j]
			}
			t0 := time.Now()
			diffFerretVerdicts(ferret, diffCollection, filterRaw, ids, askIDs, verdicts)
			queries++
			if os.Getenv("FERRETDB_DIFF_TRACE") != "" {
				t.Logf("filter %d: %s in %s", i, filterRaw, time.Since(t0))
			}
			decided += len(ask)
			for shape := range diffShapes(filter, map[string]bool{}) {
				shapes[shape] += len(ask)
			}
		}
		reported := false
		for _, j := range ask {
			v := verdicts[ids[j]]
			if v == diffError {
				ferretErrors++
			}
			if !diffAgrees(outcomes[j], v) {
				disagreements++
				if !reported { // one example per filter
					report(diffDisagreement{diffPair{g.docs[j], filter}, outcomes[j], v, "matcher"})
					reported = true
				}
			}
		}
		// The keyed write path, end to end: one document the matcher decides per filter (the
		// launcher answers or narrows the write itself), and for every fourth filter it hands over
		// entirely, one document (the write goes to FerretDB as it came).
		if _, hasID := filterRaw.LookupErr("_id"); hasID == nil || (len(ask) == 0 && i%4 != 0) {
			continue
		}
		var j int
		if len(ask) > 0 {
			j = ask[g.pick(len(ask))]
		} else {
			j = g.pick(len(raws))
			diffFerretVerdicts(ferret, diffCollection, filterRaw, ids, []string{ids[j]}, verdicts)
			queries++
		}
		got, err := diffKeyedWrite(launcher, ids[j], filter, i%2 == 0)
		if err != nil {
			t.Fatal(err)
		}
		keyed++
		if want := verdicts[ids[j]]; got != want {
			disagreements++
			report(diffDisagreement{diffPair{g.docs[j], filter}, outcomes[j], want, fmt.Sprintf("keyed write (%s)", got)})
		}
		// Upserts by key, for every third filter: for the stored document and for an _id there is
		// not, through the launcher and straight to FerretDB. The answers (n, upserted, error code)
		// and what is stored after must be the same.
		if i%3 != 0 {
			continue
		}
		for _, id := range []string{ids[j], fmt.Sprintf("up%d", i)} {
			before := diffStored(t, ferret, id)
			viaLauncher := diffUpsert(t, launcher, ferret, id, filter, i%2 == 0)
			direct := diffUpsert(t, ferret, ferret, id, filter, i%2 == 0)
			upserts++
			if viaLauncher != direct || (id == ids[j] && !strings.HasSuffix(viaLauncher, "stored after: "+before)) {
				disagreements++
				report(diffDisagreement{diffPair{g.docs[j], filter}, outcomes[j], verdicts[ids[j]], fmt.Sprintf("upsert of %s: launcher %s; FerretDB %s", id, viaLauncher, direct)})
			}
		}
	}
	var usage syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &usage)
	cpu := time.Duration(usage.Utime.Nano() + usage.Stime.Nano())
	t.Logf("%d filters x %d documents: the launcher's matcher decided %d cases, each compared with FerretDB's answer (%d finds; FerretDB failed on %d of them), and handed %d to FerretDB; %d keyed writes and %d upserts through the proxy; %d disagreements; %s (CPU %s)",
		filters, docCount, decided, queries, ferretErrors, handed, keyed, upserts, disagreements, time.Since(started).Round(time.Millisecond), cpu.Round(time.Millisecond))
	var names []string
	for name := range shapes {
		names = append(names, name)
	}
	sort.Strings(names)
	var line []string
	for _, name := range names {
		line = append(line, fmt.Sprintf("%s %d", name, shapes[name]))
	}
	t.Logf("decided cases by what their filter has: %s", strings.Join(line, ", "))
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
	if decided < 100000 && filters >= 1500 && docCount >= 300 {
		t.Errorf("only %d cases decided by the matcher (want at least 100,000)", decided)
	}
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

// diffUpsert sends an upsert whose filter is {_id: id, ...filter} setting touch to 1, through c,
// and says what it answered and what is stored under id after (read through reader), which it
// then removes when id is not a stored document's.
func diffUpsert(t *testing.T, c, reader *diffClient, id string, filter bson.D, update bool) string {
	t.Helper()
	q := append(bson.D{{Key: "_id", Value: id}}, filter...)
	set := bson.D{{Key: "$set", Value: bson.D{{Key: diffTouch, Value: int32(1)}}}}
	var answer string
	if update {
		reply, err := c.run(bson.D{{Key: "update", Value: diffCollection}, {Key: "updates", Value: bson.A{bson.D{{Key: "q", Value: q}, {Key: "u", Value: set}, {Key: "upsert", Value: true}}}}, {Key: "$db", Value: diffDB}})
		switch {
		case errors.Is(err, errDiffConnection):
			answer = "connection closed"
		case err != nil:
			answer = "error " + reply.Lookup("code").String()
		default:
			if we, has := reply.LookupErr("writeErrors"); has == nil {
				answer = "write error " + we.Array().Index(0).Value().Document().Lookup("code").String()
			} else {
				_, upserted := reply.LookupErr("upserted")
				answer = fmt.Sprintf("n %s, nModified %s, upserted %v", reply.Lookup("n"), reply.Lookup("nModified"), upserted == nil)
			}
		}
	} else {
		reply, err := c.run(bson.D{{Key: "findAndModify", Value: diffCollection}, {Key: "query", Value: q}, {Key: "update", Value: set}, {Key: "upsert", Value: true}, {Key: "new", Value: true}, {Key: "$db", Value: diffDB}})
		switch {
		case errors.Is(err, errDiffConnection):
			answer = "connection closed"
		case err != nil:
			answer = "error " + reply.Lookup("code").String()
		default:
			last := reply.Lookup("lastErrorObject").Document()
			_, upserted := last.LookupErr("upserted")
			answer = fmt.Sprintf("n %s, updatedExisting %s, upserted %v, value %s", last.Lookup("n"), last.Lookup("updatedExisting"), upserted == nil, reply.Lookup("value"))
		}
	}
	after := diffStored(t, reader, id)
	if strings.HasPrefix(id, "up") {
		if _, err := reader.run(bson.D{{Key: "delete", Value: diffCollection}, {Key: "deletes", Value: bson.A{bson.D{{Key: "q", Value: bson.D{{Key: "_id", Value: id}}}, {Key: "limit", Value: int32(1)}}}}, {Key: "$db", Value: diffDB}}); err != nil {
			t.Fatal(err)
		}
	}
	return answer + "; stored after: " + after
}

// diffStored is what is stored under id, as extended JSON ("[]" for nothing).
func diffStored(t *testing.T, c *diffClient, id string) string {
	t.Helper()
	stored, err := c.run(bson.D{{Key: "find", Value: diffCollection}, {Key: "filter", Value: bson.D{{Key: "_id", Value: id}}}, {Key: "$db", Value: diffDB}})
	if err != nil {
		t.Fatal(err)
	}
	return stored.Lookup("cursor", "firstBatch").String()
}

// ---- smaller examples of a disagreement ----

// diffPairVerdict asks FerretDB whether one stored document matches filter.
func diffPairVerdict(t *testing.T, c *diffClient, collection, id string, filter bson.Raw) diffVerdict {
	t.Helper()
	out := map[string]diffVerdict{}
	diffFerretVerdicts(c, collection, filter, []string{id}, []string{id}, out)
	return out[id]
}

// diffAloneVerdict asks FerretDB about one document alone (in a collection of its own).
func diffAloneVerdict(t *testing.T, c *diffClient, doc bson.D, filter bson.Raw) diffVerdict {
	t.Helper()
	if _, err := c.run(bson.D{{Key: "delete", Value: "shrink"}, {Key: "deletes", Value: bson.A{bson.D{{Key: "q", Value: bson.D{}}, {Key: "limit", Value: int32(0)}}}}, {Key: "$db", Value: diffDB}}); err != nil {
		t.Fatal(err)
	}
	if err := c.insert("shrink", []bson.D{doc}); err != nil {
		t.Fatal(err)
	}
	return diffPairVerdict(t, c, "shrink", doc[0].Value.(string), filter)
}

func diffStillDisagrees(t *testing.T, c *diffClient, d diffPair) (outcome, diffVerdict, bool) {
	docRaw, err := bson.Marshal(d.doc)
	if err != nil {
		return unsupported, diffError, false
	}
	filterRaw, err := bson.Marshal(d.filter)
	if err != nil {
		return unsupported, diffError, false
	}
	o := matchFilter(docRaw, filterRaw)
	if o == unsupported {
		return o, diffError, false
	}
	v := diffAloneVerdict(t, c, d.doc, filterRaw)
	return o, v, !diffAgrees(o, v)
}

// diffShrink drops fields of the document and conditions of the filter while the
// matcher and FerretDB still disagree (only for the matcher's own disagreements).
func diffShrink(t *testing.T, c *diffClient, d diffDisagreement) diffDisagreement {
	if d.via != "matcher" {
		return d
	}
	cur := d.diffPair
	for changed := true; changed; {
		changed = false
		for _, next := range diffShrinkCandidates(cur) {
			if o, v, bad := diffStillDisagrees(t, c, next); bad {
				cur, d.matcher, d.ferret, changed = next, o, v, true
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

// ---- finds by many keys (keyedFind in fastpath.go) ----

// TestDifferentialKeyedFind: random finds {_id: {$in: [keys]}, ...conditions} with or without a
// projection, each answered by the launcher's keyedFind (reading by key from FerretDB) and by
// FerretDB itself (the same find, which it answers by reading the whole collection); the documents
// must be the same, byte for byte. Keys: stored ones, missing ones, repeated ones, strings and
// ObjectIds, sometimes a type keyedFind leaves to FerretDB.
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

	var conn net.Conn
	dial := func() backend {
		if conn != nil {
			_ = conn.Close()
		}
		var err error
		if conn, err = net.Dial("tcp", srv.ferret); err != nil {
			t.Fatal(err)
		}
		return backend{w: bufio.NewWriter(conn), r: bufio.NewReader(conn)}
	}
	b := dial()
	defer func() { _ = conn.Close() }()

	answered, handed, docsCompared, disagreements := 0, 0, 0, 0
	for i := 0; i < finds; i++ {
		cmd, filter := g.keyedFind(keys)
		request := &message{raw: buildOpMsg(int32(i+1), 0, marshal(cmd)), opCode: opMsg}
		c, err := request.command()
		if err != nil {
			t.Fatal(err)
		}
		reply, err := keyedFind(c, request, b)
		if err != nil {
			// FerretDB closed the connection (a panic): it must do the same with the find as it came.
			b = dial()
			if _, err := ferret.run(cmd); !errors.Is(err, errDiffConnection) {
				disagreements++
				t.Errorf("find %s: the launcher's reads by key broke FerretDB's connection, the find itself did not (%v)", bson.Raw(marshal(cmd)), err)
			}
			handed++
			continue
		}
		if reply == nil {
			handed++
			continue
		}
		answered++
		parsed, err := parseOpMsg(&message{raw: reply, opCode: opMsg})
		if err != nil {
			t.Fatal(err)
		}
		if id, _ := parsed.body.Lookup("cursor", "id").AsInt64OK(); id != 0 || parsed.body.Lookup("cursor", "ns").StringValue() != diffDB+"."+diffCollection {
			t.Fatalf("keyedFind's reply: %s", parsed.body)
		}
		got := diffBatch(t, parsed.body)
		// FerretDB's own answer: the same find, all in one batch.
		direct := append(bson.D{}, cmd...)
		direct = append(diffWithoutKey(diffWithoutKey(direct, "batchSize"), "singleBatch"), bson.E{Key: "batchSize", Value: int32(100000)}, bson.E{Key: "singleBatch", Value: true})
		want, err := ferret.run(direct)
		var wantDocs []string
		if err == nil {
			wantDocs = diffBatch(t, want)
		}
		docsCompared += len(got)
		if err != nil || strings.Join(got, "\x00") != strings.Join(wantDocs, "\x00") {
			disagreements++
			if disagreements <= 20 {
				t.Errorf("find %s (filter %s): launcher %d documents %v, FerretDB %d %v (%v)", bson.Raw(marshal(cmd)), bson.Raw(marshal(filter)), len(got), got, len(wantDocs), wantDocs, err)
			}
		}
	}
	t.Logf("%d finds by keys: the launcher answered %d (%d documents, each compared with FerretDB's), handed %d to FerretDB; %d disagreements; %s",
		finds, answered, docsCompared, handed, disagreements, time.Since(started).Round(time.Millisecond))
	if finds >= 1500 && answered < finds/3 {
		t.Errorf("the launcher answered only %d of %d finds by keys", answered, finds)
	}
}

// diffBatch is a find reply's documents as extended JSON, sorted.
func diffBatch(t *testing.T, reply bson.Raw) []string {
	t.Helper()
	values, err := reply.Lookup("cursor", "firstBatch").Array().Values()
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
