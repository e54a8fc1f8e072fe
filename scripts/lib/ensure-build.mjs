import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { say } from './log.mjs';
import { ROOT } from './paths.mjs';
import { mustRun } from './run.mjs';

const APPS = ['mfe-public', 'mfe-dashboard', 'mfe-admin', 'shell'];
const SOURCES = [...APPS, 'packages/ui', 'packages/api-client', 'packages/contracts', 'packages/build-config', 'packages/router'];

function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

/** Builds the front ends when a dist is missing or older than any front-end source. */
export async function ensureBuild({ force = false } = {}) {
  const built = APPS.map((app) => path.join(ROOT, app, 'dist', app === 'shell' ? 'index.html' : 'release.json'));
  const oldest = Math.min(...built.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  const sources = Math.max(...SOURCES.map((dir) => newest(path.join(ROOT, dir))));
  if (!force && oldest > 0 && oldest >= sources) return;
  say('building the front ends…');
  await mustRun(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')]);
}
