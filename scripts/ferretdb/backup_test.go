package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo/options"
)

// startFerretOn runs FerretDB (no launcher in front) on an existing data folder; stopped when the test ends.
func startFerretOn(t *testing.T, dir string) string {
	t.Helper()
	f, stop := runFerretDB(t, dir, slog.New(slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelError})))
	t.Cleanup(stop)
	u, err := url.Parse(f.MongoDBURI())
	if err != nil {
		t.Fatal(err)
	}
	return u.Host
}

// folderState is what a folder holds (names, and each file's SHA-256), or "missing".
func folderState(t *testing.T, dir string) string {
	t.Helper()
	if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
		return "missing"
	}
	var lines []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if d.IsDir() {
			lines = append(lines, rel+"/")
			return nil
		}
		content, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(content)
		lines = append(lines, rel+" "+hex.EncodeToString(sum[:]))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// sampleDataFolder makes a data folder of two small SQLite databases (no FerretDB needed to back it up).
func sampleDataFolder(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "ferretdb")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"catalog", "auth"} {
		db, err := sql.Open("sqlite", sqliteURI(filepath.Join(dir, name+".sqlite"), "_pragma=journal_mode(wal)"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(`CREATE TABLE docs (id INTEGER PRIMARY KEY, body TEXT)`); err != nil {
			t.Fatal(err)
		}
		for i := range 200 {
			if _, err := db.Exec(`INSERT INTO docs (body) VALUES (?)`, fmt.Sprintf("%s document %d %s", name, i, strings.Repeat("x", i))); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func sampleBackup(t *testing.T) (file string, content []byte) {
	t.Helper()
	file = filepath.Join(t.TempDir(), "sample.tar.gz")
	if _, err := backup(context.Background(), sampleDataFolder(t), file); err != nil {
		t.Fatal(err)
	}
	content, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return file, content
}

// craftArchive writes an archive of the given manifest and entries, as a wrong or hostile backup would be.
func craftArchive(t *testing.T, m *backupManifest, files map[string][]byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	err := writeArchive(&buf, m, func(d backupDatabase) (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(files[d.Name])), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// validManifest is a manifest that matches files.
func validManifest(files map[string][]byte) *backupManifest {
	m := &backupManifest{Format: backupFormat, Version: backupFormatVersion, FerretDB: ferretdbVersion(), Created: "2026-01-02T03:04:05Z"}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		sum := sha256.Sum256(files[name])
		m.Databases = append(m.Databases, backupDatabase{Name: name, Size: int64(len(files[name])), SHA256: hex.EncodeToString(sum[:])})
	}
	return m
}

// databaseFiles is what a backup holds: each database's file.
func databaseFiles(t *testing.T, archive []byte) map[string][]byte {
	t.Helper()
	gz, err := gzip.NewReader(bytes.NewReader(archive))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	files := map[string][]byte{}
	for {
		hdr, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return files
		}
		if err != nil {
			t.Fatal(err)
		}
		content, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		if name, ok := strings.CutSuffix(hdr.Name, ".sqlite"); ok {
			files[name] = content
		}
	}
}

// refusedRestore restores content into a missing folder and checks that it was refused for want,
// with nothing written: neither the folder nor anything beside it.
func refusedRestore(t *testing.T, content []byte, want error) error {
	t.Helper()
	parent := t.TempDir()
	file := filepath.Join(parent, "backup.tar.gz")
	if err := os.WriteFile(file, content, 0o600); err != nil {
		t.Fatal(err)
	}
	before := folderState(t, parent)
	_, err := restore(context.Background(), file, filepath.Join(parent, "data", "ferretdb"))
	if err == nil {
		t.Fatalf("restored; want refused (%v)", want)
	}
	if want != nil && !errors.Is(err, want) {
		t.Fatalf("refused with %q; want %v", err, want)
	}
	if !strings.Contains(err.Error(), "nothing was changed") {
		t.Errorf("the refusal does not say that nothing was changed: %q", err)
	}
	if after := folderState(t, parent); after != before {
		t.Fatalf("the restore changed files:\nbefore\n%s\nafter\n%s", before, after)
	}
	return err
}

func TestBackupRoundTripUnderWrites(t *testing.T) {
	l := startLauncher(t)
	client := driverClient(t, l.addr)
	ctx := testContext(t)

	// Writers into two databases, each inserting numbered documents and then counting them in a
	// counter document, until told to stop. acked[w] is the last number each had answered.
	const writers = 4
	var mu sync.Mutex
	acked := make([]int, writers)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			db := client.Database(fmt.Sprintf("shop%d", w%2))
			for seq := 1; ; seq++ {
				select {
				case <-stop:
					return
				default:
				}
				body := strings.Repeat(fmt.Sprintf("%d:%d;", w, seq), 1+seq%50)
				sum := sha256.Sum256([]byte(body))
				if _, err := db.Collection("orders").InsertOne(ctx, bson.D{{Key: "_id", Value: fmt.Sprintf("%d-%d", w, seq)}, {Key: "writer", Value: w}, {Key: "seq", Value: seq}, {Key: "body", Value: body}, {Key: "sha", Value: hex.EncodeToString(sum[:])}}); err != nil {
					errs <- err
					return
				}
				if _, err := db.Collection("counters").UpdateOne(ctx, bson.D{{Key: "_id", Value: w}}, bson.D{{Key: "$inc", Value: bson.D{{Key: "n", Value: 1}}}}, options.Update().SetUpsert(true)); err != nil {
					errs <- err
					return
				}
				mu.Lock()
				acked[w] = seq
				mu.Unlock()
			}
		}()
	}
	stopWriters := func() {
		select {
		case <-stop:
		default:
			close(stop)
		}
		wg.Wait()
	}
	t.Cleanup(stopWriters)
	ackedNow := func() []int {
		mu.Lock()
		defer mu.Unlock()
		return append([]int(nil), acked...)
	}
	// Wait (looking every 10 ms) until every writer has had 20 writes answered.
	for ready := false; !ready; {
		select {
		case err := <-errs:
			t.Fatal(err)
		case <-ctx.Done():
			t.Fatal("the writers did not start")
		case <-time.After(10 * time.Millisecond):
		}
		ready = true
		for _, n := range ackedNow() {
			ready = ready && n >= 20
		}
	}

	before := ackedNow()
	file := filepath.Join(t.TempDir(), "backup.tar.gz")
	m, err := backup(ctx, l.dir, file)
	if err != nil {
		t.Fatal(err)
	}
	during := ackedNow()
	stopWriters()
	select {
	case err := <-errs:
		t.Fatalf("a write failed while the backup ran: %v", err)
	default:
	}
	if m.Version != backupFormatVersion || len(m.Databases) != 2 || m.FerretDB == "" {
		t.Fatalf("manifest: %+v", m)
	}

	target := filepath.Join(t.TempDir(), "restored")
	if _, err := restore(context.Background(), file, target); err != nil {
		t.Fatal(err)
	}
	restored := driverClient(t, startFerretOn(t, target))
	for w := range writers {
		db := restored.Database(fmt.Sprintf("shop%d", w%2))
		cur, err := db.Collection("orders").Find(ctx, bson.D{{Key: "writer", Value: w}})
		if err != nil {
			t.Fatal(err)
		}
		var docs []struct {
			Seq  int    `bson:"seq"`
			Body string `bson:"body"`
			SHA  string `bson:"sha"`
		}
		if err := cur.All(ctx, &docs); err != nil {
			t.Fatal(err)
		}
		seqs := map[int]bool{}
		last := 0
		for _, d := range docs {
			sum := sha256.Sum256([]byte(d.Body))
			if hex.EncodeToString(sum[:]) != d.SHA {
				t.Fatalf("writer %d: document %d is not whole", w, d.Seq)
			}
			seqs[d.Seq] = true
			last = max(last, d.Seq)
		}
		// One moment of the database: numbers 1..last with no gap, and the counter at last or one behind.
		if len(seqs) != last {
			t.Fatalf("writer %d: %d documents up to number %d (a gap)", w, len(seqs), last)
		}
		if last < before[w] {
			t.Fatalf("writer %d: %d documents restored; %d were answered before the backup began", w, last, before[w])
		}
		if last > during[w]+1 {
			t.Fatalf("writer %d: %d documents restored; only %d were answered when the backup ended", w, last, during[w])
		}
		var counter struct {
			N int `bson:"n"`
		}
		if err := db.Collection("counters").FindOne(ctx, bson.D{{Key: "_id", Value: w}}).Decode(&counter); err != nil {
			t.Fatal(err)
		}
		if counter.N != last && counter.N != last-1 {
			t.Fatalf("writer %d: counter %d beside %d documents", w, counter.N, last)
		}
	}
}

func TestBackupRefusesAnExistingFileAndAnEmptyFolder(t *testing.T) {
	data := sampleDataFolder(t)
	existing := filepath.Join(t.TempDir(), "backup.tar.gz")
	if err := os.WriteFile(existing, []byte("keep me"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := backup(context.Background(), data, existing); !errors.Is(err, errOutputExists) {
		t.Fatalf("over an existing file: %v", err)
	}
	if content, _ := os.ReadFile(existing); string(content) != "keep me" {
		t.Fatalf("the existing file was changed: %q", content)
	}
	out := filepath.Join(t.TempDir(), "backup.tar.gz")
	if _, err := backup(context.Background(), t.TempDir(), out); !errors.Is(err, errNothingToSave) {
		t.Fatalf("an empty folder: %v", err)
	}
	if _, err := backup(context.Background(), filepath.Join(t.TempDir(), "nowhere"), out); !errors.Is(err, errNothingToSave) {
		t.Fatalf("a missing folder: %v", err)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a refused backup left %s", out)
	}
}

func TestBackupFormat(t *testing.T) {
	file, content := sampleBackup(t)
	m, err := verifyFile(context.Background(), file, nil)
	if err != nil {
		t.Fatal(err)
	}
	if m.Format != backupFormat || m.Version != 1 || !strings.HasPrefix(m.FerretDB, "v1.24.") {
		t.Fatalf("manifest: %+v", m)
	}
	// The archive is an ordinary tar.gz: manifest.json first, then the databases by name.
	gz, err := gzip.NewReader(bytes.NewReader(content))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	var names []string
	for {
		hdr, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, hdr.Name)
	}
	if got := strings.Join(names, " "); got != "manifest.json auth.sqlite catalog.sqlite" {
		t.Fatalf("entries: %s", got)
	}
	if info, _ := os.Stat(file); info.Mode().Perm() != 0o600 {
		t.Errorf("the backup may be read by others: %v", info.Mode())
	}
}

func TestRestoreIntoAnEmptyFolder(t *testing.T) {
	file, content := sampleBackup(t)
	target := t.TempDir()
	if _, err := restore(context.Background(), file, target); err != nil {
		t.Fatal(err)
	}
	for name, want := range databaseFiles(t, content) {
		got, err := os.ReadFile(filepath.Join(target, name+".sqlite"))
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("database %s not restored as backed up (%v)", name, err)
		}
	}
	entries, _ := os.ReadDir(target)
	if len(entries) != 2 {
		t.Fatalf("restored folder holds %d entries", len(entries))
	}
	// Nothing left beside it.
	siblings, _ := os.ReadDir(filepath.Dir(target))
	for _, s := range siblings {
		if strings.Contains(s.Name(), ".restore-") {
			t.Fatalf("left behind: %s", s.Name())
		}
	}
}

func TestBackupAndRestoreWithRelativePaths(t *testing.T) {
	data := sampleDataFolder(t)
	t.Chdir(filepath.Dir(data))
	if _, err := backup(context.Background(), "ferretdb", "backup.tar.gz"); err != nil {
		t.Fatal(err)
	}
	if _, err := restore(context.Background(), "backup.tar.gz", filepath.Join("restored", "ferretdb")); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"auth", "catalog"} {
		db, err := sql.Open("sqlite", sqliteURI(filepath.Join("restored", "ferretdb", name+".sqlite"), "mode=ro"))
		if err != nil {
			t.Fatal(err)
		}
		var n int
		err = db.QueryRow(`SELECT count(*) FROM docs`).Scan(&n)
		db.Close()
		if err != nil || n != 200 {
			t.Fatalf("database %s restored with %d documents (%v)", name, n, err)
		}
	}
}

func TestRestoreRefusesANonEmptyFolder(t *testing.T) {
	file, _ := sampleBackup(t)
	target := t.TempDir()
	if err := os.WriteFile(filepath.Join(target, "notes.txt"), []byte("mine"), 0o600); err != nil {
		t.Fatal(err)
	}
	before := folderState(t, filepath.Dir(target))
	_, err := restore(context.Background(), file, target)
	if !errors.Is(err, errNotEmpty) || !strings.Contains(err.Error(), "notes.txt") {
		t.Fatalf("restore into a folder holding a file: %v", err)
	}
	if after := folderState(t, filepath.Dir(target)); after != before {
		t.Fatal("the refused restore changed files")
	}
	notFolder := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(notFolder, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := restore(context.Background(), file, notFolder); !errors.Is(err, errNotEmpty) {
		t.Fatalf("restore onto a file: %v", err)
	}
}

func TestRestoreRefusesATruncatedBackupCutAnywhere(t *testing.T) {
	_, content := sampleBackup(t)
	step := max(1, len(content)/300)
	for cut := 2; cut < len(content); cut += step {
		refusedRestore(t, content[:cut], errTruncated)
	}
	for cut := len(content) - 12; cut < len(content); cut++ {
		err := refusedRestore(t, content[:cut], errTruncated)
		if !strings.Contains(err.Error(), "truncated") {
			t.Fatalf("cut at %d: %q", cut, err)
		}
	}
}

func TestRestoreRefusesAnotherVersion(t *testing.T) {
	_, content := sampleBackup(t)
	files := databaseFiles(t, content)

	m := validManifest(files)
	m.Version = 2
	err := refusedRestore(t, craftArchive(t, m, files), errOtherVersion)
	if !strings.Contains(err.Error(), "format version 2") {
		t.Fatalf("the refusal does not name the version: %q", err)
	}

	m = validManifest(files)
	m.FerretDB = "v1.23.1"
	err = refusedRestore(t, craftArchive(t, m, files), errOtherVersion)
	if !strings.Contains(err.Error(), "FerretDB v1.23.1") {
		t.Fatalf("the refusal does not name FerretDB's version: %q", err)
	}

	// Another patch release of the same FerretDB is accepted.
	m = validManifest(files)
	m.FerretDB = ferretdbSeries(ferretdbVersion()) + ".99"
	file := filepath.Join(t.TempDir(), "patch.tar.gz")
	if err := os.WriteFile(file, craftArchive(t, m, files), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := restore(context.Background(), file, filepath.Join(t.TempDir(), "data")); err != nil {
		t.Fatal(err)
	}
}

func TestRestoreRefusesWhatIsNotABackup(t *testing.T) {
	random := make([]byte, 64<<10)
	rand.New(rand.NewSource(1)).Read(random)
	refusedRestore(t, random, errNotBackup)
	refusedRestore(t, nil, errNotBackup)

	gzipOf := func(content []byte) []byte {
		var buf bytes.Buffer
		gz := gzip.NewWriter(&buf)
		_, _ = gz.Write(content)
		_ = gz.Close()
		return buf.Bytes()
	}
	refusedRestore(t, gzipOf([]byte("just some text, gzip'd\n")), errNotBackup)
	refusedRestore(t, gzipOf(random), errNotBackup)

	tarOf := func(name string, content []byte) []byte {
		var buf bytes.Buffer
		tw := tar.NewWriter(&buf)
		_ = tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: name, Size: int64(len(content)), Mode: 0o600})
		_, _ = tw.Write(content)
		_ = tw.Close()
		return buf.Bytes()
	}
	refusedRestore(t, gzipOf(tarOf("notes.txt", []byte("hello"))), errNotBackup)
	refusedRestore(t, gzipOf(tarOf("manifest.json", []byte(`{"format": "something-else", "version": 1}`))), errNotBackup)
	refusedRestore(t, gzipOf(tarOf("manifest.json", []byte(`not json`))), errNotBackup)
}

func TestRestoreRefusesADamagedBackup(t *testing.T) {
	_, content := sampleBackup(t)
	files := databaseFiles(t, content)

	// A database whose content is not what the manifest's checksum says.
	m := validManifest(files)
	changed := map[string][]byte{}
	for name, c := range files {
		changed[name] = append([]byte(nil), c...)
	}
	changed["auth"][len(changed["auth"])/2] ^= 0xff
	refusedRestore(t, craftArchive(t, m, changed), errDamaged)

	// A database the manifest lists but the archive lacks.
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	manifest := []byte(fmt.Sprintf(`{"format": %q, "version": 1, "ferretdb": %q, "databases": [{"name": "auth", "size": 1, "sha256": %q}]}`,
		backupFormat, ferretdbVersion(), strings.Repeat("0", 64)))
	_ = tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: manifestName, Size: int64(len(manifest)), Mode: 0o600})
	_, _ = tw.Write(manifest)
	_ = tw.Close()
	_ = gz.Close()
	refusedRestore(t, buf.Bytes(), errDamaged)

	// A name that would write outside the data folder.
	m = validManifest(map[string][]byte{"../escape": files["auth"]})
	refusedRestore(t, craftArchive(t, m, map[string][]byte{"../escape": files["auth"]}), errDamaged)

	// Bytes after the archive's end.
	refusedRestore(t, append(append([]byte(nil), content...), "trailing"...), nil)

	// A byte changed anywhere in the file but the gzip header's time and OS (bytes 4 to 9, which
	// no checksum covers and nothing reads).
	// A change the archive does not see (the unused bits of the deflate stream's last byte) leaves
	// the backup itself: it is not asked to be refused, and such changes are few.
	r := rand.New(rand.NewSource(2))
	unseen := 0
	for range 200 {
		bad := append([]byte(nil), content...)
		at := r.Intn(len(bad) - 6)
		if at >= 4 {
			at += 6
		}
		bad[at] ^= byte(1 + r.Intn(255))
		if sameArchive(content, bad) {
			unseen++
			continue
		}
		refusedRestore(t, bad, nil)
	}
	if unseen > 5 {
		t.Fatalf("%d of 200 changed bytes left the archive the same", unseen)
	}
}

// sameArchive: both files read as gzip streams, without error, to the same bytes.
func sameArchive(a, b []byte) bool {
	read := func(content []byte) ([]byte, bool) {
		gz, err := gzip.NewReader(bytes.NewReader(content))
		if err != nil {
			return nil, false
		}
		gz.Multistream(false)
		out, err := io.ReadAll(gz)
		return out, err == nil
	}
	outA, okA := read(a)
	outB, okB := read(b)
	return okA && okB && bytes.Equal(outA, outB)
}

// countdownCtx is done after its Err has been asked a given number of times: an interruption
// (Ctrl-C) at each point where the work looks.
type countdownCtx struct {
	context.Context
	mu   sync.Mutex
	left int
}

func (c *countdownCtx) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.left <= 0 {
		return context.Canceled
	}
	c.left--
	return nil
}

func TestBackupAndRestoreInterruptedLeaveNothing(t *testing.T) {
	data := sampleDataFolder(t)
	file, _ := sampleBackup(t)
	backedUp, restored := false, false
	for n := 0; !(backedUp && restored) && n < 10_000; n++ {
		outDir := t.TempDir()
		out := filepath.Join(outDir, "backup.tar.gz")
		empty := folderState(t, outDir)
		_, err := backup(&countdownCtx{Context: context.Background(), left: n}, data, out)
		switch {
		case err == nil:
			backedUp = true
		case !errors.Is(err, context.Canceled):
			t.Fatalf("backup interrupted after %d looks: %v", n, err)
		default:
			if state := folderState(t, outDir); state != empty {
				t.Fatalf("backup interrupted after %d looks left:\n%s", n, state)
			}
		}

		parent := t.TempDir()
		_, err = restore(&countdownCtx{Context: context.Background(), left: n}, file, filepath.Join(parent, "ferretdb"))
		switch {
		case err == nil:
			restored = true
		case !errors.Is(err, context.Canceled):
			t.Fatalf("restore interrupted after %d looks: %v", n, err)
		default:
			if state := folderState(t, parent); state != empty {
				t.Fatalf("restore interrupted after %d looks left:\n%s", n, state)
			}
		}
	}
	if !backedUp || !restored {
		t.Fatal("never finished")
	}
}
