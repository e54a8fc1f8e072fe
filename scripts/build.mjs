#!/usr/bin/env node
// Builds the front end for production: the three remotes first, then the shell, one at a time
// (2 cores; parallel builds only fight each other). Prints one line per app; exits non-zero on failure.
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rspack } from '@rspack/core';
import { precompress } from './lib/precompress.mjs';
import { publishRelease } from './lib/release.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APPS = ['mfe-public', 'mfe-dashboard', 'mfe-admin', 'shell'];

function run(config) {
  return new Promise((resolve, reject) => {
    const compiler = rspack(config);
    compiler.run((error, stats) => {
      compiler.close(() => (error ? reject(error) : resolve(stats)));
    });
  });
}

async function folderSize(dir) {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

async function compile(app, file) {
  const configModule = await import(pathToFileURL(path.join(root, app, file)).href);
  const factory = configModule.default;
  const config = typeof factory === 'function' ? factory({}, { mode: 'production' }) : factory;
  const stats = await run(config);
  const info = stats.toJson({ all: false, errors: true, warnings: true });
  for (const warning of info.warnings ?? []) console.warn(`[${app}] warning: ${warning.message}`);
  if (stats.hasErrors()) {
    for (const error of info.errors ?? []) console.error(`[${app}] error: ${error.message}`);
    throw new Error(`${app} failed to build`);
  }
  return config.output.path;
}

/**
 * The shell is built into its dist folder. A remote is built into a staging folder (its browser
 * build, and its server build when it has rspack.server.config.mjs), then published as a release
 * beside the ones before it (scripts/lib/release.mjs): what is already open keeps working.
 */
async function buildApp(app) {
  const started = Date.now();
  const output = await compile(app, 'rspack.config.mjs');
  const kib = ((await folderSize(output)) / 1024).toFixed(1);
  await precompress(output);
  if (app === 'shell') {
    console.log(`built ${app} -> ${path.relative(root, output)}/ (${kib} KiB) in ${((Date.now() - started) / 1000).toFixed(1)}s`);
    return;
  }
  const hasServer = await stat(path.join(root, app, 'rspack.server.config.mjs')).then(
    () => true,
    () => false,
  );
  const stagedServer = hasServer ? await compile(app, 'rspack.server.config.mjs') : undefined;
  const dist = path.join(root, app, 'dist');
  const { version } = await publishRelease({ dist, staged: output, stagedServer });
  await rm(output, { recursive: true, force: true });
  if (stagedServer) await rm(stagedServer, { recursive: true, force: true });
  console.log(`built ${app} release ${version}${hasServer ? ' (with its server build)' : ''} -> ${path.relative(root, dist)}/ (${kib} KiB) in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

const only = process.argv.slice(2);
const apps = only.length ? APPS.filter((app) => only.includes(app)) : APPS;
try {
  for (const app of apps) await buildApp(app);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
