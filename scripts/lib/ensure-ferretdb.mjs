import { existsSync, mkdirSync } from 'node:fs';
import { say } from './log.mjs';
import { FERRETDB_BIN, FERRETDB_SRC, GO_BIN_DIRS, TOOLS_DIR } from './paths.mjs';
import { run } from './run.mjs';

/** Builds the embedded FerretDB launcher into tools/ once; later runs reuse the binary. */
export async function ensureFerretdb() {
  if (existsSync(FERRETDB_BIN)) return FERRETDB_BIN;
  mkdirSync(TOOLS_DIR, { recursive: true });
  say('building FerretDB (first run only, takes a few minutes)…');
  const env = { ...process.env, PATH: [...GO_BIN_DIRS, process.env.PATH].join(':'), CGO_ENABLED: '0' };
  const code = await run('go', ['build', '-o', FERRETDB_BIN, '.'], { cwd: FERRETDB_SRC, env });
  if (code !== 0) {
    throw new Error('could not build FerretDB: Go (https://go.dev, /usr/local/go/bin) and the Go module proxy are needed');
  }
  return FERRETDB_BIN;
}
