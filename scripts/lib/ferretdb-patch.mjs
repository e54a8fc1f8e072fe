import { execFile } from 'node:child_process';
import { chmodSync, cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { FERRETDB_SRC, TOOLS_DIR } from './paths.mjs';

/** How FerretDB's SQLite backend reads by key, as its Query has it: the lines keyClause takes over. */
const LOOKUP_BY_KEY = [
  '\tif params.Filter.Len() == 1 {',
  '\t\tv, _ := params.Filter.Get("_id")',
  '\t\tswitch v.(type) {',
  '\t\tcase string, types.ObjectID:',
  '\t\t\twhereClause = fmt.Sprintf(` WHERE %s = ?`, metadata.IDColumn)',
  '\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}',
  '\t\t}',
  '\t}',
].join('\n');

/** The launcher's addition to the backend (package sqlite): scripts/ferretdb/_pushdown/keys.go. */
export const KEYS_SOURCE = path.join(FERRETDB_SRC, '_pushdown', 'keys.go');

/**
 * The Go workspace (a go.work file in tools/, for GOWORK) that builds the launcher with FerretDB's
 * SQLite backend reading by key whenever a filter names its keys (keys.go says why): a copy of the
 * FerretDB module go.mod names, its Query's lookup by key handed to keyClause and keys.go beside
 * it, put in place of the module by the workspace's replace. The launcher's build, go test and go
 * vet use it. A FerretDB whose Query reads otherwise stops here rather than build something else.
 */
export async function ferretdbWorkspace(env) {
  const { stdout } = await promisify(execFile)('go', ['mod', 'download', '-json', 'github.com/FerretDB/FerretDB'], { cwd: FERRETDB_SRC, env: { ...env, GOWORK: 'off' } });
  const { Dir, Version } = JSON.parse(stdout);
  const copy = path.join(TOOLS_DIR, 'ferretdb-module');
  rmSync(copy, { recursive: true, force: true });
  cpSync(Dir, copy, { recursive: true });
  // The module cache's files are read-only: the copy is ours to change (and to remove next time).
  chmodSync(copy, 0o755);
  for (const entry of readdirSync(copy, { recursive: true, withFileTypes: true })) chmodSync(path.join(entry.parentPath ?? entry.path, entry.name), entry.isDirectory() ? 0o755 : 0o644);
  const sqliteDir = path.join(copy, 'internal', 'backends', 'sqlite');
  const collection = path.join(sqliteDir, 'collection.go');
  const original = readFileSync(collection, 'utf8');
  const at = original.indexOf(LOOKUP_BY_KEY);
  if (at < 0 || original.indexOf(LOOKUP_BY_KEY, at + 1) >= 0) throw new Error(`FerretDB ${Version} no longer reads by key as the launcher expects (scripts/lib/ferretdb-patch.mjs)`);
  writeFileSync(collection, `${original.slice(0, at)}\twhereClause, args = keyClause(params.Filter)${original.slice(at + LOOKUP_BY_KEY.length)}`);
  writeFileSync(path.join(sqliteDir, 'launcher_keys.go'), readFileSync(KEYS_SOURCE));
  const workspace = path.join(TOOLS_DIR, 'ferretdb.work');
  writeFileSync(workspace, `go 1.24\n\nuse ${FERRETDB_SRC}\n\nreplace github.com/FerretDB/FerretDB ${Version} => ${copy}\n`);
  return workspace;
}
