package main

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"hash/fnv"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
)

// Writes under the lock survive a crash (issue 34): the launcher runs as a process of its own (this
// test binary run again as the launcher, through run() as main() calls it; FerretDB and SQLite run
// inside it, so nothing else holds the data), several clients stream writes through it, and at a
// random moment the process gets SIGKILL (no clean shutdown). The launcher then starts again on
// the same folder and every write is checked: one it acknowledged must be there, whole; one it did
// not (in flight at the kill) must be whole or absent (an insert is the whole document or none, an
// update of several fields all of them or none); nothing may appear that nobody wrote; every
// collection and database a write named (the first insert of a new one creates it, in several
// steps in FerretDB) must take a write afterwards and still refuse a duplicate _id. What one
// restart finds becomes what the next must find again, over several rounds on the same folder.
//
// FERRETDB_DURABILITY_ROUNDS sets the rounds (5 by default), FERRETDB_DURABILITY_SEED the seed of
// the kill moments and the writers' choices.

const launcherProcessEnv = "FERRETDB_LAUNCHER_PROCESS_DATA"

// TestMain runs the tests, or, in the process TestDurabilityUnderKill starts (the test binary run
// again with launcherProcessEnv set), the launcher itself, through run() as main() calls it.
func TestMain(m *testing.M) {
	data := os.Getenv(launcherProcessEnv)
	if data == "" {
		os.Exit(m.Run())
	}
	if err := run("127.0.0.1:0", data); err != nil {
		fmt.Fprintln(os.Stderr, "ferretdb:", err)
		os.Exit(1)
	}
	os.Exit(0)
}

// launcherProcess is the launcher running as a process of its own.
type launcherProcess struct {
	cmd    *exec.Cmd
	addr   string
	exited chan struct{}
	stderr *lockedBuffer
}

type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// startLauncherProcess starts the launcher on dir and waits until it listens. It is killed when
// the test ends, if the test has not killed it.
func startLauncherProcess(t *testing.T, dir string) *launcherProcess {
	t.Helper()
	// -test.timeout ends a launcher this test failed to end, should the test itself be killed.
	cmd := exec.Command(os.Args[0], "-test.count=1", "-test.timeout=5m")
	cmd.Env = append(os.Environ(), launcherProcessEnv+"="+dir)
	p := &launcherProcess{cmd: cmd, exited: make(chan struct{}), stderr: &lockedBuffer{}}
	cmd.Stderr = p.stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.kill)
	ready := make(chan string, 1)
	go func() {
		lines := bufio.NewScanner(stdout)
		for lines.Scan() {
			if addr, found := strings.CutPrefix(lines.Text(), "ferretdb listening on "); found {
				ready <- addr
			}
		}
		_ = cmd.Wait()
		close(p.exited)
	}()
	select {
	case p.addr = <-ready:
		return p
	case <-p.exited:
		t.Fatalf("the launcher ended before it listened (%v): %s", cmd.ProcessState, p.stderr)
	case <-time.After(testWait):
		t.Fatalf("the launcher did not listen within %v: %s", testWait, p.stderr)
	}
	return nil
}

// repairs logs what the launcher said as it started (its repairs of writes a kill cut short:
// id_index.go, repairFile) and counts them.
func (p *launcherProcess) repairs(t *testing.T, round int) int {
	t.Helper()
	said := strings.TrimSpace(p.stderr.String())
	if said == "" {
		return 0
	}
	t.Logf("restart %d: the launcher said:\n%s", round, said)
	return strings.Count(said, "\n") + 1
}

// kill ends the launcher with SIGKILL and waits until it is gone.
func (p *launcherProcess) kill() {
	select {
	case <-p.exited:
		return
	default:
	}
	_ = p.cmd.Process.Kill()
	<-p.exited
}

// checkOneProcess checks that the launcher is the one process holding the data: it has no child
// processes (FerretDB and SQLite run inside it) and holds files of the data folder open.
func (p *launcherProcess) checkOneProcess(t *testing.T, dir string) {
	t.Helper()
	pid := p.cmd.Process.Pid
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	if len(stats) == 0 {
		return // no /proc here
	}
	for _, stat := range stats {
		raw, err := os.ReadFile(stat)
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces and parentheses.
		fields := strings.Fields(string(raw[bytes.LastIndexByte(raw, ')')+1:]))
		if len(fields) > 1 && fields[1] == strconv.Itoa(pid) {
			t.Fatalf("the launcher (pid %d) has a child process: %s", pid, raw)
		}
	}
	fds, _ := filepath.Glob(fmt.Sprintf("/proc/%d/fd/*", pid))
	for _, fd := range fds {
		if target, err := os.Readlink(fd); err == nil && strings.HasPrefix(target, dir+string(filepath.Separator)) {
			return
		}
	}
	t.Fatalf("the launcher (pid %d) holds no file of %s open", pid, dir)
}

type nsKey struct{ db, coll string }

func (n nsKey) String() string { return n.db + "." + n.coll }

type docState int

const (
	docAbsent        docState = iota // never written, or deleted (acknowledged, or seen so)
	docPresent                       // inserted (acknowledged, or seen so)
	docInsertPending                 // an insert in flight at the kill
	docDeletePending                 // a delete in flight at the kill
)

// counterState is a document of several fields updated together: v is the value of all its
// fields (-1: no document), pending that an update to v+1 (or the insert of 0) was in flight.
type counterState struct {
	v       int
	pending bool
}

// durabilityModel is what the launcher must keep: what it acknowledged, what was in flight.
type durabilityModel struct {
	mu       sync.Mutex
	docs     map[nsKey]map[string]docState
	counters map[string]*counterState
	indexes  map[nsKey]docState // an index {a: 1} made by createIndexes (absent, present, pending)
	acked    map[string]int     // acknowledged writes by kind, over all rounds
	inFlight map[string]string
}

var counterNS = nsKey{"dur", "counters"}

func newDurabilityModel() *durabilityModel {
	return &durabilityModel{docs: map[nsKey]map[string]docState{}, counters: map[string]*counterState{}, indexes: map[nsKey]docState{}, acked: map[string]int{}, inFlight: map[string]string{}}
}

func (m *durabilityModel) setDoc(ns nsKey, id string, s docState) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.docs[ns] == nil {
		m.docs[ns] = map[string]docState{}
	}
	m.docs[ns][id] = s
}

// wholeDoc is the one document inserted with a given _id; checks compare its bytes.
func wholeDoc(id string) []byte {
	h := fnv.New32a()
	_, _ = h.Write([]byte(id))
	d := bson.D{{Key: "_id", Value: id}}
	for _, k := range []string{"a", "b", "c", "d", "e", "f"} {
		d = append(d, bson.E{Key: k, Value: id})
	}
	d = append(d, bson.E{Key: "n", Value: int32(len(id))}, bson.E{Key: "pad", Value: strings.Repeat(id+".", 10+int(h.Sum32()%200))})
	return marshal(d)
}

// counterDoc is a counter at v: eight fields and a pad whose length follows v, all written by each update.
func counterDoc(id string, v int) []byte {
	d := bson.D{{Key: "_id", Value: id}}
	for i := 0; i < 8; i++ {
		d = append(d, bson.E{Key: "f" + strconv.Itoa(i), Value: int32(v)})
	}
	return marshal(append(d, bson.E{Key: "pad", Value: counterPad(v)}))
}

func counterPad(v int) string { return strings.Repeat("x", 10+(v*37)%900) }

func TestDurabilityUnderKill(t *testing.T) {
	rounds := 5
	if s := os.Getenv("FERRETDB_DURABILITY_ROUNDS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("FERRETDB_DURABILITY_ROUNDS=%q", s)
		}
		rounds = n
	}
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("FERRETDB_DURABILITY_SEED"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("FERRETDB_DURABILITY_SEED=%q", s)
		}
		seed = n
	}
	t.Logf("seed %d (FERRETDB_DURABILITY_SEED=%d reproduces the choices, not the timing)", seed, seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	dir := t.TempDir()
	model := newDurabilityModel()
	started := time.Now()
	repairs := 0
	for round := 1; round <= rounds; round++ {
		p := startLauncherProcess(t, dir)
		repairs += p.repairs(t, round)
		client := durabilityClient(t, p.addr)
		if round > 1 {
			verifyDurability(t, client, model, round)
			p.checkOneProcess(t, dir)
		}
		const writers = 6
		killAfter := time.Duration(300+rng.IntN(1200)) * time.Millisecond
		var killed atomic.Bool
		var wg sync.WaitGroup
		before := model.ackedTotal()
		for w := 0; w < writers; w++ {
			wg.Add(1)
			go func(w int, seed uint64) {
				defer wg.Done()
				runWriter(t, client, model, round, w, rand.New(rand.NewPCG(seed, uint64(w))), &killed)
			}(w, rng.Uint64())
		}
		time.Sleep(killAfter)
		killed.Store(true)
		p.kill()
		wg.Wait()
		_ = client.Disconnect(context.Background())
		model.mu.Lock()
		var flying []string
		for _, what := range model.inFlight {
			flying = append(flying, what)
		}
		model.inFlight = map[string]string{}
		model.mu.Unlock()
		sort.Strings(flying)
		t.Logf("round %d: SIGKILL after %v of writes: %d writes acknowledged in the round, in flight: %s",
			round, killAfter, model.ackedTotal()-before, strings.Join(flying, ", "))
		if t.Failed() {
			return
		}
	}
	p := startLauncherProcess(t, dir)
	repairs += p.repairs(t, rounds+1)
	verifyDurability(t, durabilityClient(t, p.addr), model, rounds+1)
	p.checkOneProcess(t, dir)
	model.mu.Lock()
	defer model.mu.Unlock()
	t.Logf("%d rounds in %v: acknowledged %v; %d repairs of writes cut short", rounds, time.Since(started).Round(time.Millisecond), model.acked, repairs)
}

func (m *durabilityModel) ackedTotal() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for _, k := range m.acked {
		n += k
	}
	return n
}

func durabilityClient(t *testing.T, addr string) *mongo.Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	opts := options.Client().ApplyURI("mongodb://" + addr + "/?directConnection=true").
		SetRetryWrites(false).SetRetryReads(false).SetServerSelectionTimeout(5 * time.Second)
	client, err := mongo.Connect(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = client.Disconnect(context.Background()) })
	return client
}

// runWriter writes until its first error, which must come after the kill.
func runWriter(t *testing.T, client *mongo.Client, m *durabilityModel, round, w int, rng *rand.Rand, killed *atomic.Bool) {
	me := fmt.Sprintf("r%d-w%d", round, w)
	docsNS := nsKey{"dur", "docs"}
	var mine []string // this writer's documents in dur.docs, present
	counter := "ctr-" + me
	m.mu.Lock()
	m.counters[counter] = &counterState{v: -1}
	m.mu.Unlock()

	// do runs one write: begin marks it in flight; a nil error acknowledged it.
	do := func(kind string, write func(ctx context.Context) error) bool {
		m.mu.Lock()
		m.inFlight[me] = kind
		m.mu.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), testWait)
		defer cancel()
		if err := write(ctx); err != nil {
			if !killed.Load() {
				t.Errorf("%s: %s before the kill: %v", me, kind, err)
			}
			return false
		}
		m.mu.Lock()
		delete(m.inFlight, me)
		m.acked[kind]++
		m.mu.Unlock()
		return true
	}
	insert := func(kind string, ns nsKey, ids ...string) bool {
		docs := make([]interface{}, len(ids))
		for i, id := range ids {
			m.setDoc(ns, id, docInsertPending)
			docs[i] = bson.Raw(wholeDoc(id))
		}
		if !do(kind, func(ctx context.Context) error {
			_, err := client.Database(ns.db).Collection(ns.coll).InsertMany(ctx, docs)
			return err
		}) {
			return false
		}
		for _, id := range ids {
			m.setDoc(ns, id, docPresent)
		}
		if ns == docsNS {
			mine = append(mine, ids...)
		}
		return true
	}

	m.setDoc(counterNS, counter, docInsertPending) // known to the model's collections
	m.mu.Lock()
	m.counters[counter].pending = true
	m.mu.Unlock()
	if !do("insert", func(ctx context.Context) error {
		_, err := client.Database(counterNS.db).Collection(counterNS.coll).InsertOne(ctx, bson.Raw(counterDoc(counter, 0)))
		return err
	}) {
		return
	}
	m.mu.Lock()
	m.counters[counter] = &counterState{v: 0}
	m.mu.Unlock()
	v := 0

	for seq := 1; ; seq++ {
		id := fmt.Sprintf("%s-%d", me, seq)
		ok := true
		switch r := rng.IntN(100); {
		case r < 5: // the first write of a new database
			ok = insert("insert creating a database", nsKey{fmt.Sprintf("dur_r%d_w%d_%d", round, w, seq), "c"}, id)
		case r < 15: // the first write of a new collection
			ok = insert("insert creating a collection", nsKey{"dur", fmt.Sprintf("new_r%d_w%d_%d", round, w, seq)}, id)
		case r < 19: // createIndexes on a new collection, as a service does as it starts
			ns := nsKey{"dur", fmt.Sprintf("idx_r%d_w%d_%d", round, w, seq)}
			m.mu.Lock()
			m.docs[ns] = map[string]docState{}
			m.indexes[ns] = docInsertPending
			m.mu.Unlock()
			ok = do("createIndexes on a new collection", func(ctx context.Context) error {
				_, err := client.Database(ns.db).Collection(ns.coll).Indexes().CreateOne(ctx, mongo.IndexModel{Keys: op("a", 1)})
				return err
			})
			if ok {
				m.mu.Lock()
				m.indexes[ns] = docPresent
				m.mu.Unlock()
			}
		case r < 25:
			ok = insert("insert of 3", docsNS, id+"a", id+"b", id+"c")
		case r < 35 && len(mine) > 0:
			i := rng.IntN(len(mine))
			gone := mine[i]
			mine = append(mine[:i], mine[i+1:]...)
			m.setDoc(docsNS, gone, docDeletePending)
			ok = do("delete", func(ctx context.Context) error {
				res, err := client.Database(docsNS.db).Collection(docsNS.coll).DeleteOne(ctx, byID(gone))
				if err == nil && res.DeletedCount != 1 {
					err = fmt.Errorf("deleted %d of %s", res.DeletedCount, gone)
				}
				return err
			})
			if ok {
				m.setDoc(docsNS, gone, docAbsent)
			}
		case r < 70: // an update of all the fields of one document, compare-and-set on the value
			m.mu.Lock()
			m.counters[counter].pending = true
			m.mu.Unlock()
			set := bson.D{{Key: "pad", Value: counterPad(v + 1)}}
			inc := bson.D{}
			for i := 0; i < 8; i++ {
				set = append(set, bson.E{Key: "f" + strconv.Itoa(i), Value: int32(v + 1)})
				inc = append(inc, bson.E{Key: "f" + strconv.Itoa(i), Value: int32(1)})
			}
			filter := bson.D{{Key: "_id", Value: counter}, {Key: "f0", Value: int32(v)}}
			coll := client.Database(counterNS.db).Collection(counterNS.coll)
			if rng.IntN(2) == 0 {
				ok = do("update of 9 fields", func(ctx context.Context) error {
					res, err := coll.UpdateOne(ctx, filter, bson.D{{Key: "$set", Value: set}})
					if err == nil && res.ModifiedCount != 1 {
						err = fmt.Errorf("updated %d of %s at %d", res.ModifiedCount, counter, v)
					}
					return err
				})
			} else {
				ok = do("findAndModify of 9 fields", func(ctx context.Context) error {
					update := bson.D{{Key: "$inc", Value: inc}, {Key: "$set", Value: bson.D{{Key: "pad", Value: counterPad(v + 1)}}}}
					return coll.FindOneAndUpdate(ctx, filter, update).Err()
				})
			}
			if ok {
				v++
				m.mu.Lock()
				m.counters[counter] = &counterState{v: v}
				m.mu.Unlock()
			}
		default:
			ok = insert("insert", docsNS, id)
		}
		if !ok {
			return
		}
	}
}

// verifyDurability checks the data against the model after a restart, then takes what it found
// as what every later restart must find.
func verifyDurability(t *testing.T, client *mongo.Client, m *durabilityModel, round int) {
	t.Helper()
	m.mu.Lock()
	defer m.mu.Unlock()
	ctx := testContext(t)
	var namespaces []nsKey
	for ns := range m.docs {
		namespaces = append(namespaces, ns)
	}
	sort.Slice(namespaces, func(i, j int) bool { return namespaces[i].String() < namespaces[j].String() })
	settled := map[docState]int{}
	var updates [2]int // counter writes in flight: found done whole, found absent
	for _, ns := range namespaces {
		coll := client.Database(ns.db).Collection(ns.coll)
		cursor, err := coll.Find(ctx, bson.D{})
		if err != nil {
			t.Fatalf("after restart %d: reading %s: %v", round, ns, err)
		}
		found := map[string]bson.Raw{}
		for cursor.Next(ctx) {
			id, _ := cursor.Current.Lookup("_id").StringValueOK()
			if strings.HasPrefix(id, "probe-") {
				continue
			}
			found[id] = append(bson.Raw{}, cursor.Current...)
		}
		if err := cursor.Err(); err != nil {
			t.Fatalf("after restart %d: reading %s: %v", round, ns, err)
		}
		_ = cursor.Close(ctx)
		for id, doc := range found {
			if ns == counterNS {
				continue
			}
			if _, known := m.docs[ns][id]; !known {
				t.Errorf("after restart %d: %s holds %s, which no one wrote: %s", round, ns, id, doc)
			} else if !bytes.Equal(doc, wholeDoc(id)) {
				t.Errorf("after restart %d: %s holds %s torn: %s", round, ns, id, doc)
			}
		}
		for id, state := range m.docs[ns] {
			if ns == counterNS {
				break
			}
			_, there := found[id]
			switch {
			case state == docPresent && !there:
				t.Errorf("after restart %d: %s lost %s (its insert was acknowledged)", round, ns, id)
			case state == docAbsent && there:
				t.Errorf("after restart %d: %s holds %s again (deleted, or seen absent, before)", round, ns, id)
			case state == docInsertPending || state == docDeletePending:
				settled[state]++
			}
			if there {
				m.docs[ns][id] = docPresent
			} else {
				m.docs[ns][id] = docAbsent
			}
		}
		if ns == counterNS {
			for id, c := range m.counters {
				doc, there := found[id]
				v := -1
				if there {
					f0, _ := doc.Lookup("f0").Int32OK()
					v = int(f0)
					if !bytes.Equal(doc, counterDoc(id, v)) {
						t.Errorf("after restart %d: counter %s torn: %s", round, id, doc)
					}
				}
				if v != c.v && !(c.pending && v == c.v+1) {
					t.Errorf("after restart %d: counter %s at %d; acknowledged %d, in flight: %v", round, id, v, c.v, c.pending)
				}
				if c.pending && v == c.v+1 {
					updates[0]++
				} else if c.pending {
					updates[1]++
				}
				m.counters[id] = &counterState{v: v}
			}
			for id := range found {
				if _, known := m.counters[id]; !known {
					t.Errorf("after restart %d: %s holds %s, which no one wrote", round, ns, id)
				}
			}
		}
		if state, made := m.indexes[ns]; made {
			specs, err := coll.Indexes().ListSpecifications(ctx)
			if err != nil {
				t.Fatalf("after restart %d: listIndexes of %s: %v", round, ns, err)
			}
			has := false
			for _, spec := range specs {
				has = has || spec.Name == "a_1"
			}
			if state == docPresent && !has {
				t.Errorf("after restart %d: %s lost its index a_1 (acknowledged)", round, ns)
			}
			// Made again (a service starting again): it is there, or made now.
			if _, err := coll.Indexes().CreateOne(ctx, mongo.IndexModel{Keys: op("a", 1)}); err != nil {
				t.Errorf("after restart %d: createIndexes a_1 on %s again: %v", round, ns, err)
			}
			m.indexes[ns] = docPresent
		}
		// The collection takes a write, and its _id stays unique.
		probe := bson.D{{Key: "_id", Value: fmt.Sprintf("probe-%d", round)}}
		if _, err := coll.InsertOne(ctx, probe); err != nil {
			t.Errorf("after restart %d: %s takes no write: %v", round, ns, err)
		} else if _, err := coll.InsertOne(ctx, probe); !mongo.IsDuplicateKeyError(err) {
			t.Errorf("after restart %d: %s took the same _id twice (%v)", round, ns, err)
		}
	}
	if t.Failed() {
		t.FailNow()
	}
	t.Logf("after restart %d: %d collections checked; in flight at the kill and found whole or absent: %d documents inserted, %d deleted; of %d updates of 9 fields (or counter inserts) in flight, %d done whole, %d absent",
		round, len(namespaces), settled[docInsertPending], settled[docDeletePending], updates[0]+updates[1], updates[0], updates[1])
}

// ferretTable is the table FerretDB 1.24 makes for a collection (its registry's collectionCreate).
func ferretTable(collection string) string {
	h := fnv.New32a()
	_, _ = h.Write([]byte(collection))
	return fmt.Sprintf("%s_%08x", strings.ToLower(collection), h.Sum32())
}

func execSQL(t *testing.T, file string, statements ...string) {
	t.Helper()
	conn, err := sql.Open("sqlite", "file:"+file+"?mode=rwc&_pragma=journal_mode(wal)")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if err := conn.Ping(); err != nil {
		t.Fatal(err)
	}
	for _, s := range statements {
		if _, err := conn.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// What a kill leaves between two of the statements by which FerretDB creates or drops a database,
// a collection or an index (id_index.go, repairFile), made here statement by statement as FerretDB
// makes them: the launcher starts on it, the creations cut short are absent, the drops cut short
// done, and everything else as it was. Without the repair, FerretDB does not start at all (a
// database file without its table of collections), or a collection can never be made again, or
// takes an _id twice, or the same createIndexes fails forever.
func TestRepairOfCutWrites(t *testing.T) {
	dir := t.TempDir()
	shopFile := filepath.Join(dir, "shop.sqlite")
	kept := ferretTable("kept")
	t.Run("FerretDB writes", func(t *testing.T) {
		l := startLauncherOn(t, dir)
		client := driverClient(t, l.addr)
		ctx := testContext(t)
		shop := client.Database("shop")
		if _, err := shop.Collection("kept").InsertMany(ctx, []interface{}{bson.D{{Key: "_id", Value: "k1"}, {Key: "a", Value: 1}}, bson.D{{Key: "_id", Value: "k2"}, {Key: "a", Value: 2}}}); err != nil {
			t.Fatal(err)
		}
		for _, field := range []string{"a", "b"} {
			if _, err := shop.Collection("kept").Indexes().CreateOne(ctx, mongo.IndexModel{Keys: op(field, 1)}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := shop.Collection("dropped").InsertOne(ctx, byID("old")); err != nil {
			t.Fatal(err)
		}
	})

	cutTable := func(name string) string {
		return fmt.Sprintf(`CREATE TABLE %q (_ferretdb_sjson TEXT NOT NULL CHECK(_ferretdb_sjson != '')) STRICT`, ferretTable(name))
	}
	execSQL(t, shopFile,
		// dropIndexes cut after DROP INDEX, before the record
		fmt.Sprintf(`DROP INDEX %q`, kept+"_b_1"),
		// createIndexes cut after CREATE INDEX, before the record
		fmt.Sprintf(`CREATE INDEX %q ON %q (_ferretdb_sjson->"c")`, kept+"_c_1", kept),
		// drop cut after the row's DELETE, before DROP TABLE
		`DELETE FROM _ferretdb_collections WHERE name = 'dropped'`,
		// creation cut after CREATE TABLE
		cutTable("orphan"),
		// creation cut after its row, before its _id index was recorded (with the index, and without)
		cutTable("half"),
		fmt.Sprintf(`INSERT INTO _ferretdb_collections (name, table_name, settings) VALUES ('half', %q, '{}')`, ferretTable("half")),
		fmt.Sprintf(`CREATE UNIQUE INDEX %q ON %q (_ferretdb_sjson->"_id")`, ferretTable("half")+"__id_", ferretTable("half")),
		cutTable("Halfway"),
		fmt.Sprintf(`INSERT INTO _ferretdb_collections (name, table_name, settings) VALUES ('Halfway', %q, '{}')`, ferretTable("Halfway")),
	)
	// New databases cut before FerretDB's table of collections: an empty file, a file in WAL mode.
	if err := os.WriteFile(filepath.Join(dir, "fresh.sqlite"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	execSQL(t, filepath.Join(dir, "walonly.sqlite"))
	// Not FerretDB's: left as it is.
	other := filepath.Join(t.TempDir(), "other.sqlite")
	execSQL(t, other, `CREATE TABLE things_0000abcd (x)`)
	if newIDIndexes(filepath.Dir(other), slog.New(slog.NewTextHandler(io.Discard, nil))).repairFile(other) {
		t.Fatal("removed a file with tables of its own")
	}
	execSQL(t, other, `SELECT x FROM things_0000abcd`)

	l := startLauncherOn(t, dir)
	client := driverClient(t, l.addr)
	ctx := testContext(t)
	for _, gone := range []string{"fresh.sqlite", "walonly.sqlite"} {
		if _, err := os.Stat(filepath.Join(dir, gone)); !os.IsNotExist(err) {
			t.Errorf("%s is still there (%v)", gone, err)
		}
	}
	names, err := client.ListDatabaseNames(ctx, bson.D{})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(strings.Join(names, " "), "fresh") || strings.Contains(strings.Join(names, " "), "walonly") {
		t.Errorf("databases: %v", names)
	}
	shop := client.Database("shop")
	if colls, err := shop.ListCollectionNames(ctx, bson.D{}); err != nil || strings.Join(colls, " ") != "kept" {
		t.Fatalf("collections %v (%v)", colls, err)
	}
	indexNames := func() string {
		t.Helper()
		specs, err := shop.Collection("kept").Indexes().ListSpecifications(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, s := range specs {
			names = append(names, s.Name)
		}
		sort.Strings(names)
		return strings.Join(names, " ")
	}
	if got := indexNames(); got != "_id_ a_1" {
		t.Fatalf("indexes of kept: %s", got)
	}
	if n, err := shop.Collection("kept").CountDocuments(ctx, bson.D{{Key: "a", Value: op("$gte", 1)}}); err != nil || n != 2 {
		t.Fatalf("kept holds %d (%v)", n, err)
	}
	for _, field := range []string{"b", "c"} {
		if _, err := shop.Collection("kept").Indexes().CreateOne(ctx, mongo.IndexModel{Keys: op(field, 1)}); err != nil {
			t.Fatalf("createIndexes %s_1 again: %v", field, err)
		}
	}
	if got := indexNames(); got != "_id_ a_1 b_1 c_1" {
		t.Fatalf("indexes of kept: %s", got)
	}
	if plan := lookupPlan(t, dir, "shop", "kept"); !usesLookupIndex(plan) {
		t.Fatalf("lookup by _id: %s", plan)
	}
	for _, ns := range []nsKey{{"shop", "kept"}, {"shop", "dropped"}, {"shop", "orphan"}, {"shop", "half"}, {"shop", "Halfway"}, {"fresh", "c"}, {"walonly", "c"}} {
		coll := client.Database(ns.db).Collection(ns.coll)
		if _, err := coll.InsertOne(ctx, byID("new")); err != nil {
			t.Errorf("%s takes no write: %v", ns, err)
		} else if _, err := coll.InsertOne(ctx, byID("new")); !mongo.IsDuplicateKeyError(err) {
			t.Errorf("%s took the same _id twice (%v)", ns, err)
		}
		want := int64(1) // what was there before is gone with the drop or the creation cut short
		if ns.coll == "kept" {
			want = 3
		}
		if n, err := coll.CountDocuments(ctx, bson.D{}); err != nil || n != want {
			t.Errorf("%s holds %d documents, not %d (%v)", ns, n, want, err)
		}
	}
}
