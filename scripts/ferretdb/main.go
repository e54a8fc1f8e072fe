// Command ferretdb-launcher runs FerretDB (a MongoDB wire-protocol server) embedded, with the
// SQLite backend, so the project needs no MongoDB server. Running it embedded avoids the
// generated version file that a plain `go install` of FerretDB lacks.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
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
	if err := os.MkdirAll(abs, 0o755); err != nil {
		return err
	}

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	f, err := ferretdb.New(&ferretdb.Config{
		Logger:    logger,
		Listener:  ferretdb.ListenerConfig{TCP: listen},
		Handler:   "sqlite",
		SQLiteURL: "file:" + abs + "/",
	})
	if err != nil {
		return err
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	fmt.Fprintln(os.Stdout, "ferretdb listening on", listen)
	return f.Run(ctx)
}
