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
// each database's size and SHA-256), then the database files in the manifest's order (archive.go).
// Restores: restore.go; the commands: backup_command.go.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"sort"
	"strings"
	"time"
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

// sqliteURI is a file: URI for SQLite with the given query (a path's odd characters escaped).
func sqliteURI(path, query string) string {
	// A relative path would not survive as a URI's path.
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return (&url.URL{Scheme: "file", Path: path, RawQuery: query}).String()
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

func syncFile(file string) error {
	f, err := os.OpenFile(file, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}
