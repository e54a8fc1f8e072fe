package main

// `ferretdb backup -data DIR -out FILE` and `ferretdb restore -data DIR -in FILE` (npm run backup,
// npm run restore): their flags, what they print and their exit codes.

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"
)

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
