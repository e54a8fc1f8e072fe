import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { routeManifest } from '@mealprep/mfe-public/route-table';

/**
 * A release of the public remote in a static root, as scripts/lib/release.mjs publishes it: its
 * browser manifest and its routes as data (the routes.json the build writes from the remote's
 * route table), named by release.json.
 */
export function writePublicRelease(staticRoot: string, version = '0123456789ab', manifest: object = { metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes: [] }) {
  const folder = path.join(staticRoot, 'mfe-public', 'dist', 'releases', version);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'mf-manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(folder, 'routes.json'), JSON.stringify(routeManifest()));
  writeFileSync(
    path.join(staticRoot, 'mfe-public', 'dist', 'release.json'),
    JSON.stringify({ version, manifest: `releases/${version}/mf-manifest.json`, server: null, routes: `releases/${version}/routes.json` }),
  );
}
