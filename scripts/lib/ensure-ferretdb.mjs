import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ferretdbWorkspace, KEYS_SOURCE } from './ferretdb-patch.mjs';
import { say } from './log.mjs';
import { FERRETDB_BIN, FERRETDB_SRC, GO_BIN_DIRS, TOOLS_DIR } from './paths.mjs';
import { run } from './run.mjs';

/** A digest of the launcher's sources and of its addition to FerretDB: the binary is built again when they change (not its tests, *_test.go). */
function sourceDigest() {
  const hash = createHash('sha256');
  const sources = readdirSync(FERRETDB_SRC)
    .filter((n) => /\.(go|mod|sum)$/.test(n) && !n.endsWith('_test.go'))
    .sort()
    .map((name) => path.join(FERRETDB_SRC, name));
  for (const file of [...sources, KEYS_SOURCE, new URL('./ferretdb-patch.mjs', import.meta.url)]) {
    hash
      .update(path.basename(String(file)))
      .update('\0')
      .update(readFileSync(file))
      .update('\0');
  }
  return hash.digest('hex');
}

/** Builds the embedded FerretDB launcher into tools/ when it is missing or its sources changed. */
export async function ensureFerretdb() {
  const digest = sourceDigest();
  const digestFile = `${FERRETDB_BIN}.sources`;
  if (existsSync(FERRETDB_BIN) && existsSync(digestFile) && readFileSync(digestFile, 'utf8').trim() === digest) return FERRETDB_BIN;
  mkdirSync(TOOLS_DIR, { recursive: true });
  say('building FerretDB (first run only, takes a few minutes)…');
  const env = { ...process.env, PATH: [...GO_BIN_DIRS, process.env.PATH].join(':'), CGO_ENABLED: '0' };
  env.GOWORK = await ferretdbWorkspace(env);
  const code = await run('go', ['build', '-o', FERRETDB_BIN, '.'], { cwd: FERRETDB_SRC, env });
  if (code !== 0) {
    throw new Error('could not build FerretDB: Go (https://go.dev, /usr/local/go/bin) and the Go module proxy are needed');
  }
  writeFileSync(digestFile, `${digest}\n`);
  return FERRETDB_BIN;
}
