package main

// One database's snapshot for a backup (backup.go): a read transaction on its SQLite file, copied
// page by page with SQLite's online backup API and checked with quick_check.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	sqlite "modernc.org/sqlite"
)

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
