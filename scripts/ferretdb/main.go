// Command ferretdb-launcher runs FerretDB (a MongoDB wire-protocol server) embedded, with the
// SQLite backend, so the project needs no MongoDB server. Running it embedded avoids the
// generated version file that a plain `go install` of FerretDB lacks.
//
// FerretDB listens on a loopback port of its own; clients reach it through the launcher's proxy
// (proxy.go), which gives each database one write at a time so that single-document updates are
// atomic as on MongoDB, and which keeps an index FerretDB's lookups by _id can use (id_index.go).
// The build puts a copy of FerretDB in its module's place that reads by key whatever else a filter
// asks (_pushdown/keys.go, scripts/lib/ferretdb-patch.mjs).
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	// `ferretdb backup …` and `ferretdb restore …` (backup.go); anything else runs the server.
	if len(os.Args) > 1 && (os.Args[1] == "backup" || os.Args[1] == "restore") {
		os.Exit(backupMain(os.Args[1], os.Args[2:]))
	}

	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	data := flag.String("data", "data/ferretdb", "folder for the SQLite files")
	flag.Parse()

	if err := run(*listen, *data); err != nil {
		fmt.Fprintln(os.Stderr, "ferretdb:", err)
		os.Exit(1)
	}
}

func run(listen, data string) error {
	abs, err := filepath.Abs(data)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(abs, 0o700); err != nil {
		return err
	}

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))

	indexes := newIDIndexes(abs, logger)
	defer indexes.close()
	if err := indexes.ensureAll(); err != nil {
		return fmt.Errorf("adding _id lookup indexes: %w", err)
	}

	f, err := ferretdb.New(&ferretdb.Config{
		Logger:    logger,
		Listener:  ferretdb.ListenerConfig{TCP: "127.0.0.1:0"},
		Handler:   "sqlite",
		SQLiteURL: "file:" + abs + "/",
	})
	if err != nil {
		return err
	}

	l, err := net.Listen("tcp", listen)
	if err != nil {
		return err
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	done := make(chan error, 1)
	go func() { done <- f.Run(ctx) }()
	inner, err := url.Parse(f.MongoDBURI())
	if err != nil {
		return err
	}

	p := &proxy{backend: inner.Host, afterWrite: indexes.afterWrite, logger: logger}
	fmt.Fprintln(os.Stdout, "ferretdb listening on", l.Addr())
	if err := p.serve(ctx, l); err != nil {
		stop()
		<-done
		return err
	}
	return <-done
}
