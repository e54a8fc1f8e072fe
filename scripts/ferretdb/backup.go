package main

// Backups of the launcher's data folder: `ferretdb backup -data DIR -out FILE` and
// `ferretdb restore -data DIR -in FILE` (npm run backup / npm run restore).
//
// FerretDB's SQLite backend keeps one file per database, <name>.sqlite, in WAL mode (its
// collections and indexes are listed in a table of the same file). A backup opens every database
// file read-only and starts a read transaction in each, one after the other, before it copies
// anything: each transaction sees its database as it was at that moment, while FerretDB goes on
// writing (WAL readers and the writer do not wait for each other). Each database is then copied
// page by page from its transaction with SQLite's online backup API, checked (quick_check) and
// packed into one gzip'd tar: manifest.json first (format name and version, FerretDB's version,
// each database's size and SHA-256), then the database files in the manifest's order.
//
// A restore reads the whole archive once, writing nothing, and refuses it when it is not a
// backup, is in another format version, is cut short or damaged; then reads it again into a
// temporary folder beside the data folder, checks every file again, and only then moves the
// files into the data folder, which must be empty or missing.

import (
	"archive/tar"
	"bufio"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"sort"
	"strings"
	"syscall"
	"time"

	sqlite "modernc.org/sqlite"
)

const (
	backupFormat        = "mealprep-ferretdb-backup"
	backupFormatVersion = 1
	manifestName        = "manifest.json"
	maxManifestBytes    = 1 << 20
	ferretdbModule      = "github.com/FerretDB/FerretDB"
	databaseFileSuffix  = ".sqlite"
)

// FerretDB's own rule for database names (internal/backends/validation.go).
var databaseNameRe = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,63}$`)

var sha256Re = regexp.MustCompile(`^[0-9a-f]{64}$`)

type backupManifest struct {
	Format    string           `json:"format"`
	Version   int              `json:"version"`
	FerretDB  string           `json:"ferretdb"`
	Created   string           `json:"created"`
	Databases []backupDatabase `json:"databases"`
}

type backupDatabase struct {
	Name   string `json:"name"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

func (d backupDatabase) file() string { return d.Name + databaseFileSuffix }

// Why a restore (or a backup) was refused; a refusal's message is meant for the person running it.
var (
	errNotBackup     = errors.New("not a backup")
	errOtherVersion  = errors.New("another format version")
	errTruncated     = errors.New("truncated")
	errDamaged       = errors.New("damaged")
	errNotEmpty      = errors.New("data folder not empty")
	errNothingToSave = errors.New("no databases")
	errOutputExists  = errors.New("output exists")
)

type refusal struct {
	reason error
	text   string
}

func (r *refusal) Error() string { return r.text }
func (r *refusal) Unwrap() error { return r.reason }

func refuse(reason error, format string, args ...any) error {
	return &refusal{reason: reason, text: fmt.Sprintf(format, args...)}
}

// ferretdbVersion is the version of FerretDB built into this binary ("unknown" when Go did not
// record it): the version go.mod names, also when the build's workspace puts the launcher's copy of
// it in its place (scripts/lib/ferretdb-patch.mjs: it reads more by key, and keeps the same files).
func ferretdbVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	for _, dep := range info.Deps {
		if dep.Path == ferretdbModule {
			return dep.Version
		}
	}
	return "unknown"
}

// ferretdbSeries is a version's major and minor ("v1.24" of "v1.24.2"): the releases whose SQLite
// files are alike.
func ferretdbSeries(version string) string {
	parts := strings.SplitN(version, ".", 3)
	if len(parts) < 2 {
		return version
	}
	return parts[0] + "." + parts[1]
}

// backupMain runs the backup or restore subcommand; its exit code.
func backupMain(command string, args []string) int {
	flags := flag.NewFlagSet(command, flag.ContinueOnError)
	data := flags.String("data", "data/ferretdb", "FerretDB's data folder (its SQLite files)")
	var file *string
	if command == "backup" {
		file = flags.String("out", "", "the backup file to write (must not exist)")
	} else {
		file = flags.String("in", "", "the backup file to restore")
	}
	if err := flags.Parse(args); err != nil {
		return 2
	}
	if *file == "" || flags.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "usage: ferretdb %s -data DIR %s FILE\n", command, map[bool]string{true: "-out", false: "-in"}[command == "backup"])
		return 2
	}
	// Ctrl-C or SIGTERM stops the work at its next read, and the temporary files are removed.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	started := time.Now()
	if command == "backup" {
		m, err := backup(ctx, *data, *file)
		if errors.Is(err, context.Canceled) {
			err = errors.New("interrupted; no backup was written")
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "backup:", err)
			return 1
		}
		info, _ := os.Stat(*file)
		fmt.Printf("backup: %s written in %.2f s: %s, %s (databases %s)\n", *file, time.Since(started).Seconds(), describeDatabases(m), sizeText(info.Size()), sizeText(m.totalSize()))
		return 0
	}
	m, err := restore(ctx, *file, *data)
	if errors.Is(err, context.Canceled) {
		err = errors.New("interrupted; nothing was changed")
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "restore:", err)
		return 1
	}
	fmt.Printf("restore: %s restored into %s in %.2f s: %s made %s with FerretDB %s\n", *file, *data, time.Since(started).Seconds(), describeDatabases(m), m.Created, m.FerretDB)
	return 0
}

func (m *backupManifest) totalSize() int64 {
	var total int64
	for _, d := range m.Databases {
		total += d.Size
	}
	return total
}

func describeDatabases(m *backupManifest) string {
	names := make([]string, len(m.Databases))
	for i, d := range m.Databases {
		names[i] = d.Name
	}
	return fmt.Sprintf("%d databases (%s)", len(names), strings.Join(names, ", "))
}

func sizeText(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f kB", float64(n)/(1<<10))
	default:
		return fmt.Sprintf("%d bytes", n)
	}
}

// sqliteURI is a file: URI for SQLite with the given query (a path's odd characters escaped).
func sqliteURI(path, query string) string {
	// A relative path would not survive as a URI's path.
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return (&url.URL{Scheme: "file", Path: path, RawQuery: query}).String()
}

// snapshot is one database's open read transaction: what the backup copies.
type snapshot struct {
	name string
	db   *sql.DB
	conn *sql.Conn
}

func (s *snapshot) close() {
	if s.conn != nil {
		_, _ = s.conn.ExecContext(context.Background(), "ROLLBACK")
		_ = s.conn.Close()
		s.conn = nil
	}
	if s.db != nil {
		_ = s.db.Close()
		s.db = nil
	}
}

// openSnapshot starts a read transaction on one database file; nil (and no error) when the file
// is gone (the database was dropped after the backup began).
func openSnapshot(ctx context.Context, dir, name string) (*snapshot, error) {
	path := filepath.Join(dir, name+databaseFileSuffix)
	db, err := sql.Open("sqlite", sqliteURI(path, "mode=ro&_pragma=busy_timeout(10000)"))
	if err != nil {
		return nil, err
	}
	s := &snapshot{name: name, db: db}
	s.conn, err = db.Conn(ctx)
	if err == nil {
		_, err = s.conn.ExecContext(ctx, "BEGIN")
	}
	if err == nil {
		// The first read fixes what the transaction sees.
		var n int
		err = s.conn.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_schema").Scan(&n)
	}
	if err != nil {
		s.close()
		if _, statErr := os.Stat(path); errors.Is(statErr, os.ErrNotExist) {
			return nil, nil
		}
		return nil, fmt.Errorf("cannot read database %s: %w", name, err)
	}
	return s, nil
}

type onlineBackup interface {
	NewBackup(dstURI string) (*sqlite.Backup, error)
}

// copyTo copies the snapshot, as its transaction sees it, into a new file.
func (s *snapshot) copyTo(ctx context.Context, file string) error {
	err := s.conn.Raw(func(driverConn any) error {
		source, ok := driverConn.(onlineBackup)
		if !ok {
			return errors.New("the SQLite driver has no online backup")
		}
		b, err := source.NewBackup(file)
		if err != nil {
			return err
		}
		if _, err := b.Step(-1); err != nil {
			_ = b.Finish()
			return err
		}
		return b.Finish()
	})
	if err != nil {
		return fmt.Errorf("cannot copy database %s: %w", s.name, err)
	}
	return nil
}

// settleCopy makes a copied database a file of its own (no write-ahead log) and checks it.
func settleCopy(ctx context.Context, file string) error {
	db, err := sql.Open("sqlite", sqliteURI(file, "mode=rw"))
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	var mode string
	if err := db.QueryRowContext(ctx, "PRAGMA journal_mode=DELETE").Scan(&mode); err != nil {
		return err
	}
	return quickCheck(ctx, db)
}

func quickCheck(ctx context.Context, db *sql.DB) error {
	rows, err := db.QueryContext(ctx, "PRAGMA quick_check")
	if err != nil {
		return err
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return err
		}
		if line != "ok" {
			problems = append(problems, line)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(problems) > 0 {
		return fmt.Errorf("SQLite's check failed: %s", strings.Join(problems, "; "))
	}
	return nil
}

// databasesIn lists the databases in a data folder, sorted by name.
func databasesIn(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), databaseFileSuffix)
		if ok && e.Type().IsRegular() && databaseNameRe.MatchString(name) {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names, nil
}

// backup writes a backup of every database in dataDir to out, which must not exist.
func backup(ctx context.Context, dataDir, out string) (*backupManifest, error) {
	dir, err := filepath.Abs(dataDir)
	if err != nil {
		return nil, err
	}
	if out, err = filepath.Abs(out); err != nil {
		return nil, err
	}
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		return nil, refuse(errNothingToSave, "there is no data folder at %s", dir)
	}
	if _, err := os.Lstat(out); err == nil {
		return nil, refuse(errOutputExists, "%s already exists; name another file (a backup never overwrites one)", out)
	}
	outDir := filepath.Dir(out)
	if info, err := os.Stat(outDir); err != nil || !info.IsDir() {
		return nil, fmt.Errorf("cannot write %s: there is no folder %s", out, outDir)
	}
	names, err := databasesIn(dir)
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, refuse(errNothingToSave, "there is no database in %s (no *.sqlite file): is it FerretDB's data folder?", dir)
	}

	// Every database's transaction starts before any copying, so the copies are of (nearly) one moment.
	var snapshots []*snapshot
	defer func() {
		for _, s := range snapshots {
			s.close()
		}
	}()
	for _, name := range names {
		s, err := openSnapshot(ctx, dir, name)
		if err != nil {
			return nil, err
		}
		if s != nil {
			snapshots = append(snapshots, s)
		}
	}
	m := &backupManifest{
		Format:   backupFormat,
		Version:  backupFormatVersion,
		FerretDB: ferretdbVersion(),
		Created:  time.Now().UTC().Format(time.RFC3339),
	}

	work, err := os.MkdirTemp(outDir, "."+filepath.Base(out)+".work-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	for _, s := range snapshots {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		file := filepath.Join(work, s.name+databaseFileSuffix)
		if err := s.copyTo(ctx, file); err != nil {
			return nil, err
		}
		// The copy is taken: let FerretDB's log be checkpointed again.
		s.close()
		if err := settleCopy(ctx, file); err != nil {
			return nil, fmt.Errorf("the copy of database %s: %w", s.name, err)
		}
		size, sum, err := hashFile(file)
		if err != nil {
			return nil, err
		}
		m.Databases = append(m.Databases, backupDatabase{Name: s.name, Size: size, SHA256: sum})
	}

	partial, err := os.CreateTemp(outDir, "."+filepath.Base(out)+".partial-")
	if err != nil {
		return nil, err
	}
	defer os.Remove(partial.Name())
	if err := writeArchive(partial, m, func(d backupDatabase) (io.ReadCloser, error) {
		f, err := os.Open(filepath.Join(work, d.file()))
		if err != nil {
			return nil, err
		}
		return struct {
			io.Reader
			io.Closer
		}{&ctxReader{ctx: ctx, r: f}, f}, nil
	}); err != nil {
		partial.Close()
		return nil, fmt.Errorf("cannot write %s: %w", out, err)
	}
	if err := partial.Sync(); err != nil {
		partial.Close()
		return nil, err
	}
	if err := partial.Close(); err != nil {
		return nil, err
	}
	// What was written reads back as written.
	if _, err := verifyFile(ctx, partial.Name(), nil); err != nil {
		return nil, fmt.Errorf("the backup did not read back: %w", err)
	}
	if _, err := os.Lstat(out); err == nil {
		return nil, refuse(errOutputExists, "%s appeared while the backup ran; the backup was not saved", out)
	}
	if err := os.Rename(partial.Name(), out); err != nil {
		return nil, err
	}
	return m, syncDir(outDir)
}

func hashFile(file string) (int64, string, error) {
	f, err := os.Open(file)
	if err != nil {
		return 0, "", err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return 0, "", err
	}
	return n, hex.EncodeToString(h.Sum(nil)), nil
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// writeArchive writes the manifest and then each database's file, as open returns it, to w.
func writeArchive(w io.Writer, m *backupManifest, open func(backupDatabase) (io.ReadCloser, error)) error {
	manifest, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	created, err := time.Parse(time.RFC3339, m.Created)
	if err != nil {
		created = time.Now()
	}
	buffered := bufio.NewWriterSize(w, 1<<16)
	// The fastest level: the backup shares the machine with the site. It takes a third less CPU
	// than the default level for a file 6 % (40 MB of listings) to 25 % (the demo data) larger.
	gz, err := gzip.NewWriterLevel(buffered, gzip.BestSpeed)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(gz)
	header := func(name string, size int64) *tar.Header {
		return &tar.Header{Typeflag: tar.TypeReg, Name: name, Size: size, Mode: 0o600, ModTime: created, Format: tar.FormatPAX}
	}
	if err := tw.WriteHeader(header(manifestName, int64(len(manifest)))); err != nil {
		return err
	}
	if _, err := tw.Write(manifest); err != nil {
		return err
	}
	for _, d := range m.Databases {
		if err := tw.WriteHeader(header(d.file(), d.Size)); err != nil {
			return err
		}
		r, err := open(d)
		if err != nil {
			return err
		}
		_, err = io.Copy(tw, r)
		r.Close()
		if err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	if err := gz.Close(); err != nil {
		return err
	}
	return buffered.Flush()
}

// verifyFile reads a whole backup file and checks it; with sink, each database's content is
// also written where sink says (to be used only once the whole file has checked out).
func verifyFile(ctx context.Context, file string, sink func(backupDatabase) (io.WriteCloser, error)) (*backupManifest, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, refuse(errNotBackup, "%s is not a backup made by npm run backup: it is not a file", file)
	}
	m, err := readArchive(&ctxReader{ctx: ctx, r: f}, file, info.Size(), sink)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	return m, err
}

// ctxReader reads r until ctx is done.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c *ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// readArchive checks a backup from r (named name, size bytes long) to its very end.
func readArchive(r io.Reader, name string, size int64, sink func(backupDatabase) (io.WriteCloser, error)) (*backupManifest, error) {
	notBackup := func(why string) error {
		return refuse(errNotBackup, "%s is not a backup made by npm run backup (%s)", name, why)
	}
	truncated := func(where string) error {
		return refuse(errTruncated, "%s is cut short (truncated: %d bytes, ending %s); copy the whole backup file again", name, size, where)
	}
	damaged := func(why string) error {
		return refuse(errDamaged, "%s is damaged: %s", name, why)
	}

	br := bufio.NewReader(r)
	magic, err := br.Peek(2)
	if err != nil || magic[0] != 0x1f || magic[1] != 0x8b {
		if size == 0 {
			return nil, notBackup("it is empty")
		}
		return nil, notBackup("it is not a gzip'd archive")
	}
	gz, err := gzip.NewReader(br)
	if err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			return nil, truncated("inside its first bytes")
		}
		return nil, notBackup("it is not a gzip'd archive")
	}
	// The file is cut short when the gzip stream ends early; a whole gzip stream whose content
	// ends early is something else (not a backup, or a damaged one).
	compressed := &lastError{r: gz}
	cut := func(err error) bool {
		return errors.Is(err, io.ErrUnexpectedEOF) && errors.Is(compressed.err, io.ErrUnexpectedEOF)
	}
	tr := tar.NewReader(compressed)
	hdr, err := tr.Next()
	switch {
	case cut(err):
		return nil, truncated("before its manifest")
	case err != nil:
		return nil, notBackup("it is not a tar archive")
	case hdr.Name != manifestName || hdr.Typeflag != tar.TypeReg:
		return nil, notBackup("it does not begin with " + manifestName)
	case hdr.Size > maxManifestBytes:
		return nil, notBackup("its manifest is too large")
	}
	raw, err := io.ReadAll(tr)
	if err != nil {
		if cut(err) {
			return nil, truncated("inside its manifest")
		}
		return nil, damaged(err.Error())
	}
	var m backupManifest
	if err := json.Unmarshal(raw, &m); err != nil || m.Format != backupFormat {
		return nil, notBackup("its manifest is not one of a backup")
	}
	if m.Version != backupFormatVersion {
		return nil, refuse(errOtherVersion,
			"%s is a backup in format version %d; this version of the project reads format version %d only. Restore it with the version of the project that made it",
			name, m.Version, backupFormatVersion)
	}
	ours := ferretdbVersion()
	if m.FerretDB != "unknown" && ours != "unknown" && ferretdbSeries(m.FerretDB) != ferretdbSeries(ours) {
		return nil, refuse(errOtherVersion,
			"%s was made with FerretDB %s; this launcher runs FerretDB %s, whose files may differ. Restore it with the version of the project that made it",
			name, m.FerretDB, ours)
	}
	seen := map[string]bool{}
	for _, d := range m.Databases {
		if !databaseNameRe.MatchString(d.Name) || seen[d.Name] || d.Size < 0 || !sha256Re.MatchString(d.SHA256) {
			return nil, damaged(fmt.Sprintf("its manifest lists a database wrongly (%q)", d.Name))
		}
		seen[d.Name] = true
	}
	if len(m.Databases) == 0 {
		return nil, damaged("its manifest lists no database")
	}

	for _, d := range m.Databases {
		hdr, err := tr.Next()
		switch {
		case cut(err):
			return nil, truncated("before database " + d.Name)
		case errors.Is(err, io.EOF):
			return nil, damaged("database " + d.Name + " is missing")
		case err != nil:
			return nil, damaged(err.Error())
		case hdr.Name != d.file() || hdr.Typeflag != tar.TypeReg || hdr.Size != d.Size:
			return nil, damaged(fmt.Sprintf("it holds %q where the manifest says %s (%d bytes)", hdr.Name, d.file(), d.Size))
		}
		h := sha256.New()
		var dst io.Writer = h
		var w io.WriteCloser
		if sink != nil {
			if w, err = sink(d); err != nil {
				return nil, err
			}
			dst = io.MultiWriter(h, w)
		}
		n, err := io.Copy(dst, tr)
		if w != nil {
			if closeErr := w.Close(); err == nil {
				err = closeErr
			}
		}
		switch {
		case cut(err):
			return nil, truncated("inside database " + d.Name)
		case err != nil:
			return nil, damaged(err.Error())
		case n != d.Size:
			return nil, damaged(fmt.Sprintf("database %s has %d bytes, not %d", d.Name, n, d.Size))
		case hex.EncodeToString(h.Sum(nil)) != d.SHA256:
			return nil, damaged(fmt.Sprintf("database %s does not match its checksum", d.Name))
		}
	}
	switch _, err := tr.Next(); {
	case cut(err):
		return nil, truncated("before its end")
	case err == nil:
		return nil, damaged("it holds more than its manifest lists")
	case !errors.Is(err, io.EOF):
		return nil, damaged(err.Error())
	}
	// The rest of the gzip stream: its checksum and length, and nothing after it.
	switch _, err := io.Copy(io.Discard, compressed); {
	case cut(err):
		return nil, truncated("before its end")
	case err != nil:
		return nil, damaged(err.Error())
	}
	return &m, nil
}

// lastError reads r and keeps the last error it gave.
type lastError struct {
	r   io.Reader
	err error
}

func (l *lastError) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	if err != nil {
		l.err = err
	}
	return n, err
}

// restore brings a backup back into dataDir, which must be empty or missing. Nothing is written
// before the whole file has checked out.
func restore(ctx context.Context, in, dataDir string) (*backupManifest, error) {
	dir, err := filepath.Abs(dataDir)
	if err != nil {
		return nil, err
	}
	if err := checkEmpty(dir); err != nil {
		return nil, err
	}
	if _, err := os.Stat(in); err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", in, err)
	}
	if _, err := verifyFile(ctx, in, nil); err != nil {
		return nil, fmt.Errorf("%w; nothing was changed", err)
	}

	// The file checked out: read it again into a folder beside the data folder, then move.
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o700); err != nil {
		return nil, err
	}
	work, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".restore-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	m, err := verifyFile(ctx, in, func(d backupDatabase) (io.WriteCloser, error) {
		return os.OpenFile(filepath.Join(work, d.file()), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	})
	if err != nil {
		return nil, fmt.Errorf("%w (it changed while being restored); nothing was changed", err)
	}
	for _, d := range m.Databases {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := checkDatabaseFile(filepath.Join(work, d.file())); err != nil {
			return nil, refuse(errDamaged, "%s: database %s is not sound (%v); nothing was changed", in, d.Name, err)
		}
		if err := syncFile(filepath.Join(work, d.file())); err != nil {
			return nil, err
		}
	}
	if err := checkEmpty(dir); err != nil {
		return nil, err
	}
	if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
		if err := os.Chmod(work, 0o700); err != nil {
			return nil, err
		}
		if err := os.Rename(work, dir); err != nil {
			return nil, err
		}
		return m, syncDir(parent)
	}
	for _, d := range m.Databases {
		if err := os.Rename(filepath.Join(work, d.file()), filepath.Join(dir, d.file())); err != nil {
			return nil, err
		}
	}
	return m, syncDir(dir)
}

// checkEmpty refuses a data folder that holds anything (a missing one is fine).
func checkEmpty(dir string) error {
	info, err := os.Stat(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !info.IsDir() {
		return refuse(errNotEmpty, "%s is not a folder; nothing was changed", dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	if len(entries) == 0 {
		return nil
	}
	names := make([]string, 0, 3)
	for _, e := range entries[:min(3, len(entries))] {
		names = append(names, e.Name())
	}
	more := ""
	if len(entries) > 3 {
		more = fmt.Sprintf(" and %d more", len(entries)-3)
	}
	return refuse(errNotEmpty,
		"the data folder %s is not empty (it holds %s%s): restore fills an empty data folder only; nothing was changed. Stop the site, move the folder aside (mv %s %s.old) and run the restore again",
		dir, strings.Join(names, ", "), more, dir, dir)
}

// checkDatabaseFile opens a restored database read-only and runs SQLite's quick check.
func checkDatabaseFile(file string) error {
	db, err := sql.Open("sqlite", sqliteURI(file, "mode=ro"))
	if err != nil {
		return err
	}
	defer db.Close()
	return quickCheck(context.Background(), db)
}

func syncFile(file string) error {
	f, err := os.OpenFile(file, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}
