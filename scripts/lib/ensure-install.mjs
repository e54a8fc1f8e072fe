import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { say } from './log.mjs';
import { ROOT } from './paths.mjs';
import { mustRun } from './run.mjs';

/** Installs dependencies when node_modules is missing or older than the lock file. */
export async function ensureInstall() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  const fresh = existsSync(marker) && existsSync(lock) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs;
  if (fresh && readFileSync(marker, 'utf8').length > 0) return;
  say('installing dependencies (npm ci)…');
  await mustRun('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
}
