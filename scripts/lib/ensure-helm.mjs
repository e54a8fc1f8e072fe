import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { say } from './log.mjs';
import { GO_BIN_DIRS, ROOT } from './paths.mjs';
import { run } from './run.mjs';

/** The Helm release built when tools/ has none (the Go module proxy serves it). */
export const HELM_VERSION = 'v3.16.4';
export const HELM_BIN_DIR = path.join(ROOT, 'tools', 'helm', 'bin');
export const HELM_BIN = path.join(HELM_BIN_DIR, 'helm');

/** The go command: the one on PATH, else one of GO_BIN_DIRS; null when there is none. */
function findGo() {
  const candidates = ['go', ...GO_BIN_DIRS.map((dir) => path.join(dir, 'go'))];
  return candidates.find((go) => spawnSync(go, ['version'], { stdio: 'ignore' }).status === 0) ?? null;
}

/** The helm binary for the chart's tests: tools/helm/bin/helm, built with `go install` on first use. */
export async function ensureHelm() {
  if (existsSync(HELM_BIN)) return HELM_BIN;
  const go = findGo();
  if (!go) {
    throw new Error(`Helm is not in ${path.relative(ROOT, HELM_BIN)} and Go is missing to build it: install Go (https://go.dev, /usr/local/go/bin) or put a helm v3 binary there`);
  }
  mkdirSync(HELM_BIN_DIR, { recursive: true });
  say(`building Helm ${HELM_VERSION} into ${path.relative(ROOT, HELM_BIN_DIR)} (first run only, takes a few minutes)…`);
  const env = { ...process.env, GOBIN: HELM_BIN_DIR, CGO_ENABLED: '0' };
  const code = await run(go, ['install', `helm.sh/helm/v3/cmd/helm@${HELM_VERSION}`], { env });
  if (code !== 0 || !existsSync(HELM_BIN)) {
    throw new Error(`could not build Helm ${HELM_VERSION} (go install exited with code ${code}): Go and the Go module proxy are needed`);
  }
  return HELM_BIN;
}
