#!/usr/bin/env node
// Builds the front end for production: the three remotes first, then the shell, one at a time
// (2 cores; parallel builds only fight each other). Prints one line per app; exits non-zero on failure.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './lib/build-app.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APPS = ['mfe-public', 'mfe-dashboard', 'mfe-admin', 'shell'];

const only = process.argv.slice(2);
const apps = only.length ? APPS.filter((app) => only.includes(app)) : APPS;
try {
  for (const app of apps) {
    const started = Date.now();
    const { output, kib, version, hasServer } = await buildApp(path.join(root, app));
    const what = version ? `release ${version}${hasServer ? ' (with its server build)' : ''}` : '';
    console.log(`built ${app} ${what ? `${what} ` : ''}-> ${path.relative(root, output)}/ (${kib} KiB) in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
