import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** How many releases of a remote stay servable: pages opened on an older one still load its chunks. */
export const KEPT_RELEASES = 5;

/**
 * A remote with a route table (src/route-table.ts exporting routeManifest) carries its routes as
 * data in its release: routes.json, written into the staged build `output`. The gateway learns the
 * remote's pages, their chunks, reads and sitemap sources from the release, never from the
 * remote's source. Checked against the schema the gateway reads it with.
 */
export async function writeRouteManifest(appDir, output) {
  const table = path.join(appDir, 'src', 'route-table.ts');
  if (!existsSync(table)) return;
  const code = [
    `const { routeManifest } = await import(${JSON.stringify(pathToFileURL(table).href)});`,
    `const { RouteManifestSchema } = await import('@mealprep/contracts');`,
    `process.stdout.write(JSON.stringify(RouteManifestSchema.parse(routeManifest())));`,
  ].join('\n');
  const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: appDir, maxBuffer: 16 << 20 });
  await writeFile(path.join(output, 'routes.json'), `${stdout}\n`);
}

/**
 * Publishes a remote's new build into its dist folder as a release beside the ones already there:
 * `releases/<version>/` holds the browser build (mf-manifest.json, remoteEntry.js, chunks) and the
 * server build when the remote has one (`server.cjs`) and its routes as data when it has a route
 * table (`routes.json`); `release.json` names the current one ({ version, manifest, server,
 * routes }, paths relative to itself: ReleasePointerSchema in packages/contracts) and is replaced
 * in one rename, so a reader sees the old release or the new one, never half of one. The version is a hash of the
 * manifest, remoteEntry.js and the server build: the same sources give the same version. The newest
 * KEPT_RELEASES releases stay, so a page still open on an older one keeps loading its files.
 *
 * @param {object} options
 * @param {string} options.dist the remote's dist folder (what the gateway serves)
 * @param {string} options.staged the new browser build (holds mf-manifest.json)
 * @param {string} [options.stagedServer] the new server build, when the remote has one (one .cjs file)
 * @returns {Promise<{ version: string }>}
 */
export async function publishRelease({ dist, staged, stagedServer }) {
  const manifestText = await readFile(path.join(staged, 'mf-manifest.json'), 'utf8');
  const serverFile = stagedServer ? (await readdir(stagedServer)).find((name) => name.endsWith('.cjs')) : undefined;
  const serverText = serverFile ? await readFile(path.join(stagedServer, serverFile)) : Buffer.alloc(0);
  // The chunks' names carry their content hash and the manifest names them; remoteEntry.js does not,
  // and it changes alone when the federation runtime does.
  const entryText = await readFile(path.join(staged, 'remoteEntry.js'));
  // The routes as data (routes.json), when the remote has a route table.
  const routesText = await readFile(path.join(staged, 'routes.json')).catch(() => null);
  const version = createHash('sha256')
    .update(manifestText)
    .update('\0')
    .update(entryText)
    .update('\0')
    .update(serverText)
    .update('\0')
    .update(routesText ?? '')
    .digest('hex')
    .slice(0, 12);

  const folder = path.join(dist, 'releases', version);
  await rm(folder, { recursive: true, force: true });
  await mkdir(path.dirname(folder), { recursive: true });
  await cp(staged, folder, { recursive: true });
  if (serverFile) await cp(path.join(stagedServer, serverFile), path.join(folder, 'server.cjs'));

  const release = {
    version,
    manifest: `releases/${version}/mf-manifest.json`,
    server: serverFile ? `releases/${version}/server.cjs` : null,
    ...(routesText ? { routes: `releases/${version}/routes.json` } : {}),
  };
  await writeFile(path.join(dist, '.release.json.next'), `${JSON.stringify(release)}\n`);
  await rename(path.join(dist, '.release.json.next'), path.join(dist, 'release.json'));
  // Published again (an unchanged build): it counts as the newest.
  const now = new Date();
  await utimes(folder, now, now);
  await prune(dist, version);
  return { version };
}

/** Keeps the newest KEPT_RELEASES releases (the current one always) and removes anything else in dist. */
async function prune(dist, current) {
  const releases = path.join(dist, 'releases');
  const versions = [];
  for (const name of await readdir(releases)) versions.push({ name, at: (await stat(path.join(releases, name))).mtimeMs });
  versions.sort((a, b) => b.at - a.at);
  const kept = new Set([current, ...versions.slice(0, KEPT_RELEASES).map((v) => v.name)]);
  for (const { name } of versions) if (!kept.has(name)) await rm(path.join(releases, name), { recursive: true, force: true });
  // What an older build wrote straight into dist (before releases) goes.
  for (const name of await readdir(dist)) {
    if (name !== 'releases' && name !== 'release.json' && !name.startsWith('.')) await rm(path.join(dist, name), { recursive: true, force: true });
  }
}

/** The current release of a remote's dist folder, or null when it has none yet. */
export async function currentRelease(dist) {
  try {
    return JSON.parse(await readFile(path.join(dist, 'release.json'), 'utf8'));
  } catch {
    return null;
  }
}
