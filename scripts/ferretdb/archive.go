package main

// The backup archive (backup.go makes it, restore.go reads it back): one gzip'd tar, manifest.json
// first, then each database file; written in one pass, and read in one pass that checks the
// manifest, every size and every SHA-256.

import (
	"archive/tar"
	"bufio"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"
)

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
