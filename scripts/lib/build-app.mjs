import { existsSync } from 'node:fs';
import { readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rspack } from '@rspack/core';
import { precompress } from './precompress.mjs';
import { publishRelease, writeRouteManifest } from './release.mjs';

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

/** Builds one of an app's rspack configs for production; gives its output folder. */
async function compile(appDir, file) {
  const name = path.basename(appDir);
  const factory = (await import(pathToFileURL(path.join(appDir, file)).href)).default;
  const config = typeof factory === 'function' ? factory({}, { mode: 'production' }) : factory;
  const stats = await run(config);
  const info = stats.toJson({ all: false, errors: true, warnings: true });
  for (const warning of info.warnings ?? []) console.warn(`[${name}] warning: ${warning.message}`);
  if (stats.hasErrors()) {
    for (const error of info.errors ?? []) console.error(`[${name}] error: ${error.message}`);
    throw new Error(`${name} failed to build`);
  }
  return config.output.path;
}

/**
 * The shell's server part goes beside its page, named by its content, and release.json names it
 * (ShellReleaseSchema): the renderer reads it from the site, as it reads a remote's release.
 */
async function publishShellServer(output, stagedServer) {
  const file = (await readdir(stagedServer)).find((name) => name.endsWith('.cjs'));
  await rename(path.join(stagedServer, file), path.join(output, file));
  await rm(stagedServer, { recursive: true, force: true });
  await writeFile(path.join(output, 'release.json'), `${JSON.stringify({ server: `/${file}` })}\n`);
}

/**
 * Builds an app for production. The shell (kind 'host') is built into its dist folder with its
 * server part. A remote is built into a staging folder (its browser build, its server build when
 * it has rspack.server.config.mjs, and its routes as data when it has a route table), then
 * published as a release into `dist` beside the ones before it (release.mjs): what is already open
 * keeps working, and the gateway and the renderer follow the release pointer.
 *
 * @param {string} appDir the app's folder
 * @param {{ dist?: string }} [options] where a remote's releases are (its own dist by default)
 * @returns {Promise<{ output: string, kib: string, version?: string, hasServer: boolean }>}
 */
export async function buildApp(appDir, { dist = path.join(appDir, 'dist') } = {}) {
  const output = await compile(appDir, 'rspack.config.mjs');
  const kib = ((await folderSize(output)) / 1024).toFixed(1);
  await precompress(output);
  const hasServer = existsSync(path.join(appDir, 'rspack.server.config.mjs'));
  const stagedServer = hasServer ? await compile(appDir, 'rspack.server.config.mjs') : undefined;
  if (path.basename(appDir) === 'shell') {
    await publishShellServer(output, stagedServer);
    return { output, kib, hasServer };
  }
  await writeRouteManifest(appDir, output);
  const { version } = await publishRelease({ dist, staged: output, stagedServer });
  await rm(output, { recursive: true, force: true });
  if (stagedServer) await rm(stagedServer, { recursive: true, force: true });
  return { output: dist, kib, version, hasServer };
}
