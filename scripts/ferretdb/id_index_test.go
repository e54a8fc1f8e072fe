package main

import (
	"database/sql"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
)

// id_index.go: FerretDB looks documents up by `_ferretdb_sjson->'$._id'`, which its own _id index
// does not serve; the launcher adds an index on that expression to every collection, so a find,
// update or delete by _id reads one row instead of the table. What a client notices is the time;
// these tests ask SQLite for the plan of FerretDB's lookup by _id, on FerretDB's own files.

// lookupPlan is SQLite's plan for FerretDB's lookup by _id in a collection ("" when FerretDB has
// no such collection).
func lookupPlan(t *testing.T, dir, db, collection string) string {
	t.Helper()
	conn, err := sql.Open("sqlite", "file:"+filepath.Join(dir, db+".sqlite")+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var table string
	if err := conn.QueryRow(`SELECT table_name FROM _ferretdb_collections WHERE name = ?`, collection).Scan(&table); err != nil {
		if err == sql.ErrNoRows {
			return ""
		}
		t.Fatal(err)
	}
	rows, err := conn.Query(`EXPLAIN QUERY PLAN SELECT _ferretdb_sjson FROM `+quoteIdent(table)+` WHERE _ferretdb_sjson->'$._id' = ?`, `"a"`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, detail)
	}
	return strings.Join(plan, "; ")
}

func usesLookupIndex(plan string) bool {
	return strings.Contains(plan, "USING INDEX") && strings.Contains(plan, idIndexSuffix)
}

func TestIDIndexOnFirstWrite(t *testing.T) {
	l := startLauncher(t)
	client := driverClient(t, l.addr)
	ctx := testContext(t)
	cases := []struct {
		name  string
		db    string
		coll  string
		write func(c *mongo.Collection) error
	}{
		{"insert", "shop", "orders", func(c *mongo.Collection) error { _, err := c.InsertOne(ctx, byID("a")); return err }},
		{"upsert", "shop", "carts", func(c *mongo.Collection) error {
			_, err := c.UpdateOne(ctx, byID("a"), op("$set", x(1)), options.Update().SetUpsert(true))
			return err
		}},
		{"create", "shop", "empty", func(c *mongo.Collection) error { return c.Database().CreateCollection(ctx, c.Name()) }},
		{"index", "shop", "indexed", func(c *mongo.Collection) error {
			_, err := c.Indexes().CreateOne(ctx, mongo.IndexModel{Keys: op("slug", 1)})
			return err
		}},
		{"a name with capitals, a dash and a space", "shop", "Mixed-Case Orders", func(c *mongo.Collection) error { _, err := c.InsertOne(ctx, byID("a")); return err }},
		{"a second database", "auth", "users", func(c *mongo.Collection) error { _, err := c.InsertOne(ctx, byID("a")); return err }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.write(client.Database(tc.db).Collection(tc.coll)); err != nil {
				t.Fatal(err)
			}
			if plan := lookupPlan(t, l.dir, tc.db, tc.coll); !usesLookupIndex(plan) {
				t.Fatalf("lookup by _id: %s", plan)
			}
		})
	}
}

// Collections FerretDB made before the launcher ran get the index when it starts.
func TestIDIndexAtStart(t *testing.T) {
	l := startLauncher(t)
	direct := driverClient(t, l.ferret) // FerretDB itself, not through the launcher
	ctx := testContext(t)
	if _, err := direct.Database("shop").Collection("before").InsertOne(ctx, byID("a")); err != nil {
		t.Fatal(err)
	}
	if plan := lookupPlan(t, l.dir, "shop", "before"); usesLookupIndex(plan) {
		t.Fatalf("indexed without the launcher: %s", plan)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	again := newIDIndexes(l.dir, logger)
	defer again.close()
	if err := again.ensureAll(); err != nil {
		t.Fatal(err)
	}
	if plan := lookupPlan(t, l.dir, "shop", "before"); !usesLookupIndex(plan) {
		t.Fatalf("lookup by _id after start: %s", plan)
	}
}

// A collection dropped, renamed, or in a database dropped, then written again, is indexed again.
func TestIDIndexAfterDropsAndRenames(t *testing.T) {
	l := startLauncher(t)
	client := driverClient(t, l.addr)
	ctx := testContext(t)
	insert := func(db, coll string) {
		t.Helper()
		if _, err := client.Database(db).Collection(coll).InsertOne(ctx, bson.D{}); err != nil {
			t.Fatal(err)
		}
	}
	indexed := func(db, coll string) {
		t.Helper()
		if plan := lookupPlan(t, l.dir, db, coll); !usesLookupIndex(plan) {
			t.Fatalf("%s.%s, lookup by _id: %s", db, coll, plan)
		}
	}
	insert("shop", "c")
	if err := client.Database("shop").Collection("c").Drop(ctx); err != nil {
		t.Fatal(err)
	}
	insert("shop", "c")
	indexed("shop", "c")

	insert("shop", "old")
	if err := client.Database("admin").RunCommand(ctx, bson.D{{Key: "renameCollection", Value: "shop.old"}, {Key: "to", Value: "shop.new"}}).Err(); err != nil {
		t.Fatal(err)
	}
	insert("shop", "new")
	indexed("shop", "new")
	insert("shop", "old")
	indexed("shop", "old")

	if err := client.Database("shop").Drop(ctx); err != nil {
		t.Fatal(err)
	}
	insert("shop", "c")
	indexed("shop", "c")
}

// The launcher opens only FerretDB's own files in its folder, and makes none.
func TestIDIndexFilesItOpens(t *testing.T) {
	dir := t.TempDir()
	indexes := newIDIndexes(dir, slog.New(slog.NewTextHandler(io.Discard, nil)))
	defer indexes.close()
	for _, db := range []string{"", "../outside", "a/b", `a\b`, ".hidden", "notyet"} {
		if conn := indexes.open(db); conn != nil {
			t.Errorf("opened %q", db)
		}
		indexes.afterWrite(command{name: "insert", db: db, collection: "c"})
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 0 {
		t.Fatalf("files made: %v %v", entries, err)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "outside.sqlite")); err == nil {
		t.Fatal("a file made outside the folder")
	}
}

func TestQuoteIdent(t *testing.T) {
	for in, want := range map[string]string{`c_1`: `"c_1"`, `o"dd`: `"o""dd"`, `""`: `""""""`} {
		if got := quoteIdent(in); got != want {
			t.Errorf("quoteIdent(%s) = %s, want %s", in, got, want)
		}
	}
}
