package main

// A restore reads the whole archive once, writing nothing, and refuses it when it is not a
// backup, is in another format version, is cut short or damaged; then reads it again into a
// temporary folder beside the data folder, checks every file again, and only then moves the
// files into the data folder, which must be empty or missing.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

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
