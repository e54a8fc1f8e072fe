package main

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	_ "modernc.org/sqlite"
)

// FerretDB 1.24's SQLite backend indexes `_id` as `_ferretdb_sjson->"_id"` but looks documents up
// (find, update and delete by _id) with `_ferretdb_sjson->'$._id'`. SQLite matches an index to a
// query by its expression, so every lookup by _id scanned the whole table: an update by _id took
// 5 ms with 1,000 documents and 82 ms with 20,000. The launcher adds an index on the expression
// the lookups use to every collection's table, when the collection first takes a write and at
// start for what exists; with it the same update takes about 3 ms at any size.

const idIndexSuffix = "_id_lookup"

type idIndexes struct {
	dir    string
	logger *slog.Logger

	mu   sync.Mutex
	dbs  map[string]*sql.DB
	done map[string]bool
}

func newIDIndexes(dir string, logger *slog.Logger) *idIndexes {
	return &idIndexes{dir: dir, logger: logger, dbs: map[string]*sql.DB{}, done: map[string]bool{}}
}

func quoteIdent(name string) string {
	return `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
}

// open returns a connection to one database's file, or nil when FerretDB has not made it (yet).
func (x *idIndexes) open(db string) *sql.DB {
	if db == "" || strings.ContainsAny(db, `/\`) || strings.HasPrefix(db, ".") {
		return nil
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if conn, ok := x.dbs[db]; ok {
		return conn
	}
	file := filepath.Join(x.dir, db+".sqlite")
	if _, err := os.Stat(file); err != nil {
		return nil
	}
	conn, err := sql.Open("sqlite", "file:"+file+"?mode=rw&_pragma=busy_timeout(10000)")
	if err != nil {
		x.logger.Error("cannot open a database file", "file", file, "err", err)
		return nil
	}
	conn.SetMaxOpenConns(1)
	x.dbs[db] = conn
	return conn
}

// forget drops what is known of a database (dropped, or a collection dropped or renamed in it).
func (x *idIndexes) forget(db string, closeFile bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	for key := range x.done {
		if db == "" || strings.HasPrefix(key, db+"\x00") {
			delete(x.done, key)
		}
	}
	if closeFile {
		for name, conn := range x.dbs {
			if db == "" || name == db {
				_ = conn.Close()
				delete(x.dbs, name)
			}
		}
	}
}

// afterWrite runs after a write command, within its database's write turn.
func (x *idIndexes) afterWrite(c command) {
	switch c.name {
	case "dropdatabase":
		x.forget(c.db, true)
	case "drop":
		x.forget(c.db, false)
	case "renamecollection":
		x.forget("", false)
	case "insert", "update", "delete", "findandmodify", "create", "createindexes":
		if c.collection != "" {
			x.ensure(c.db, c.collection)
		}
	}
}

// ensure adds the lookup index to one collection's table, once.
func (x *idIndexes) ensure(db, collection string) {
	key := db + "\x00" + collection
	x.mu.Lock()
	known := x.done[key]
	x.mu.Unlock()
	if known {
		return
	}
	conn := x.open(db)
	if conn == nil {
		return
	}
	var table string
	err := conn.QueryRow(`SELECT table_name FROM _ferretdb_collections WHERE name = ?`, collection).Scan(&table)
	if err != nil {
		if err != sql.ErrNoRows {
			x.logger.Warn("cannot read FerretDB's collections", "db", db, "err", err)
		}
		return
	}
	if err := x.create(conn, table); err != nil {
		x.logger.Warn("cannot add the _id lookup index", "db", db, "collection", collection, "err", err)
		return
	}
	x.mu.Lock()
	x.done[key] = true
	x.mu.Unlock()
}

func (x *idIndexes) create(conn *sql.DB, table string) error {
	_, err := conn.Exec(fmt.Sprintf(`CREATE INDEX IF NOT EXISTS %s ON %s (_ferretdb_sjson->'$._id')`, quoteIdent(table+idIndexSuffix), quoteIdent(table)))
	return err
}

// ensureAll adds the index to every collection of every database there is (data from before). It
// runs before FerretDB opens the files, and first repairs what a crash cut short (repairFile).
func (x *idIndexes) ensureAll() error {
	files, err := filepath.Glob(filepath.Join(x.dir, "*.sqlite"))
	if err != nil {
		return err
	}
	for _, file := range files {
		if x.repairFile(file) {
			continue // removed
		}
		db := strings.TrimSuffix(filepath.Base(file), ".sqlite")
		conn := x.open(db)
		if conn == nil {
			continue
		}
		rows, err := conn.Query(`SELECT name, table_name FROM _ferretdb_collections`)
		if err != nil {
			// A file FerretDB has not set up yet has no such table.
			continue
		}
		var pairs [][2]string
		for rows.Next() {
			var name, table string
			if err := rows.Scan(&name, &table); err == nil {
				pairs = append(pairs, [2]string{name, table})
			}
		}
		_ = rows.Close()
		for _, p := range pairs {
			if err := x.create(conn, p[1]); err != nil {
				return fmt.Errorf("%s.%s: %w", db, p[0], err)
			}
			x.mu.Lock()
			x.done[db+"\x00"+p[0]] = true
			x.mu.Unlock()
		}
	}
	return nil
}

func (x *idIndexes) close() {
	x.forget("", true)
}

// FerretDB 1.24 creates a database, a collection or an index, and drops a collection or an index,
// in several SQLite statements committed one by one (its metadata/registry.go). A launcher killed
// between two of them (SIGKILL, the machine stopping) leaves what FerretDB cannot go on from; the
// durability test (durability_test.go) meets them within a few rounds of kills:
//
//   - a database file without FerretDB's table of collections (the first write to a new database
//     cut after the file was made): FerretDB refuses to start at all ("no such table:
//     _ferretdb_collections");
//   - a collection's table without its row in that table (its creation cut after CREATE TABLE, or
//     its drop after the row's DELETE): the collection can never be made again ("table already
//     exists");
//   - a collection's row without its _id index in its settings (its creation cut before the index
//     was recorded): FerretDB takes the collection as it is and from then on takes an _id twice;
//   - an index FerretDB did not record (createIndexes cut before the record): the same
//     createIndexes fails from then on ("index already exists");
//   - an index recorded that SQLite no longer has (dropIndexes cut before the record).
//
// Before FerretDB opens the files, the launcher takes each such change back when it was a creation
// (FerretDB answers only after its last statement, so no client was told it happened) and finishes
// it when it was a drop, in one transaction per file: the write is absent, or whole. It leaves
// alone what FerretDB cannot have left: a file with tables but none of FerretDB's, a collection cut
// in its creation that holds documents, a table not named as FerretDB names them.

const ferretCollections = "_ferretdb_collections"

// FerretDB names a collection's table after the collection, then "_" and 8 hex digits.
var ferretTableName = regexp.MustCompile(`_[0-9a-f]{8}$`)

// repairFile repairs one database file (see above); it says whether it removed the file.
func (x *idIndexes) repairFile(file string) (removed bool) {
	if os.Getenv("NOREPAIR") != "" {
		return false
	}
	conn, err := sql.Open("sqlite", "file:"+file+"?mode=rw&_pragma=busy_timeout(10000)")
	if err != nil {
		x.logger.Error("cannot repair a database file", "file", file, "err", err)
		return false
	}
	conn.SetMaxOpenConns(1)
	empty, err := x.repairIn(conn, file)
	if err == nil && empty {
		// Closed first: SQLite then removes its -wal and -shm files itself, when they exist.
		err = conn.Close()
		for _, f := range []string{file + "-wal", file + "-shm", file} {
			if rmErr := os.Remove(f); rmErr != nil && !os.IsNotExist(rmErr) && err == nil {
				err = rmErr
			}
		}
		if err == nil {
			x.logger.Error("removed a database file a crash left without FerretDB's table of collections (the first write to the database, not acknowledged)", "file", file)
			return true
		}
	} else {
		_ = conn.Close()
	}
	if err != nil {
		x.logger.Error("cannot repair a database file", "file", file, "err", err)
	}
	return false
}

type ferretCollection struct {
	name, table string
	settings    []byte
}

// repairIn repairs one file's tables and indexes in one transaction; empty says the file has no
// table at all (to be removed).
func (x *idIndexes) repairIn(conn *sql.DB, file string) (empty bool, err error) {
	tx, err := conn.Begin()
	if err != nil {
		return false, err
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	tables := map[string]bool{}
	indexes := map[string]string{} // index -> its table
	rows, err := tx.Query(`SELECT type, name, tbl_name FROM sqlite_master WHERE type IN ('table', 'index') AND sql IS NOT NULL`)
	if err != nil {
		return false, err
	}
	for rows.Next() {
		var kind, name, table string
		if err = rows.Scan(&kind, &name, &table); err != nil {
			_ = rows.Close()
			return false, err
		}
		if kind == "table" {
			tables[name] = true
		} else {
			indexes[name] = table
		}
	}
	if err = rows.Close(); err != nil {
		return false, err
	}
	if !tables[ferretCollections] {
		return len(tables) == 0 && len(indexes) == 0, tx.Rollback()
	}

	var collections []ferretCollection
	rows, err = tx.Query(`SELECT name, table_name, settings FROM ` + ferretCollections)
	if err != nil {
		return false, err
	}
	for rows.Next() {
		var c ferretCollection
		if err = rows.Scan(&c.name, &c.table, &c.settings); err != nil {
			_ = rows.Close()
			return false, err
		}
		collections = append(collections, c)
	}
	if err = rows.Close(); err != nil {
		return false, err
	}

	known := map[string]bool{}    // tables of collections FerretDB has
	recorded := map[string]bool{} // their indexes FerretDB knows of
	for _, c := range collections {
		var settings map[string]json.RawMessage
		var list []json.RawMessage
		if json.Unmarshal(c.settings, &settings) != nil || (settings["indexes"] != nil && json.Unmarshal(settings["indexes"], &list) != nil) {
			known[c.table] = true // not as FerretDB 1.24 writes it: left alone
			continue
		}
		var keep []json.RawMessage
		var names []string
		hasID := false
		for _, raw := range list {
			var index struct{ Name string }
			_ = json.Unmarshal(raw, &index)
			if index.Name == "_id_" {
				hasID = true
			}
			if _, there := indexes[c.table+"_"+index.Name]; there || index.Name == "_id_" {
				keep = append(keep, raw)
				recorded[c.table+"_"+index.Name] = true
			} else {
				names = append(names, index.Name)
			}
		}
		if !hasID {
			// Its creation was cut before its _id index was recorded.
			if tables[c.table] {
				var holds bool
				if err = tx.QueryRow(`SELECT EXISTS (SELECT 1 FROM ` + quoteIdent(c.table) + `)`).Scan(&holds); err != nil {
					return false, err
				}
				if holds {
					x.logger.Error("a collection without its _id index holds documents: left as it is", "file", file, "collection", c.name)
					known[c.table] = true
					continue
				}
			}
			if _, err = tx.Exec(`DELETE FROM `+ferretCollections+` WHERE table_name = ?`, c.table); err != nil {
				return false, err
			}
			if _, err = tx.Exec(`DROP TABLE IF EXISTS ` + quoteIdent(c.table)); err != nil {
				return false, err
			}
			delete(tables, c.table)
			x.logger.Error("removed a collection whose creation a crash cut (not acknowledged)", "file", file, "collection", c.name)
			continue
		}
		known[c.table] = true
		if len(names) > 0 {
			// Indexes dropped, the record of the drop cut.
			raw, _ := json.Marshal(keep)
			settings["indexes"] = raw
			updated, _ := json.Marshal(settings)
			if _, err = tx.Exec(`UPDATE `+ferretCollections+` SET settings = ? WHERE table_name = ?`, string(updated), c.table); err != nil {
				return false, err
			}
			x.logger.Error("recorded the drop of indexes a crash cut", "file", file, "collection", c.name, "indexes", names)
		}
	}
	for table := range tables {
		if table == ferretCollections || known[table] || !ferretTableName.MatchString(table) || strings.HasPrefix(table, "sqlite_") {
			continue
		}
		// A collection's creation cut after CREATE TABLE, or its drop after its row went.
		if _, err = tx.Exec(`DROP TABLE ` + quoteIdent(table)); err != nil {
			return false, err
		}
		x.logger.Error("dropped a table a crash left without its collection (a creation or a drop cut short)", "file", file, "table", table)
	}
	for index, table := range indexes {
		if !known[table] || recorded[index] || index == table+idIndexSuffix || !strings.HasPrefix(index, table+"_") {
			continue
		}
		// createIndexes cut before the index was recorded.
		if _, err = tx.Exec(`DROP INDEX ` + quoteIdent(index)); err != nil {
			return false, err
		}
		x.logger.Error("dropped an index whose creation a crash cut (not acknowledged)", "file", file, "index", index)
	}
	return false, tx.Commit()
}
