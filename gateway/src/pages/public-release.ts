import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { FederationManifestSchema, ReleasePointerSchema, RouteManifestSchema, type RouteEntry } from '@mealprep/contracts';

/** What the gateway knows of the public remote's current release: its files, and its routes as data. */
export interface PublicRelease {
  /** The release's folder, as the browser asks for it. */
  base: string;
  /** The remote's entry and first chunks, and its first stylesheets. */
  scripts: string[];
  styles: string[];
  /** The release's lazily loaded chunks (`<chunk>.<hash>.js`). */
  pages: string[];
  /** The release's routes.json; null when they are not known (no release, or one made before releases carried them). */
  routes: RouteEntry[] | null;
}

const REMOTE_ROOT = '/remotes/public/';
const NONE: PublicRelease = { base: REMOTE_ROOT, scripts: [], styles: [], pages: [], routes: null };

/**
 * The public remote's current release, read from its release pointer: the pointer is read for
 * each use (a release is published by writing it, and the next page follows it), the release's
 * manifest and routes once per release. A release that cannot be read (half written, say) counts
 * as none and is read again by the next page.
 */
export function publicRelease(staticRoot: string, pointer: () => Promise<string>): () => Promise<PublicRelease> {
  const dist = path.join(staticRoot, 'mfe-public', 'dist');
  const read = async (text: string): Promise<PublicRelease> => {
    const release = ReleasePointerSchema.parse(JSON.parse(text));
    const json = async (file: string) => JSON.parse(await readFile(path.join(dist, file), 'utf8')) as unknown;
    const manifest = FederationManifestSchema.parse(await json(release.manifest));
    const routes = release.routes ? RouteManifestSchema.parse(await json(release.routes)).routes : null;
    const base = `${REMOTE_ROOT}${path.posix.dirname(release.manifest)}/`;
    const exposed = manifest.exposes.find((e) => e.name === 'routes');
    return {
      base,
      scripts: [manifest.metaData.remoteEntry.name, ...(exposed?.assets.js.sync ?? [])].map((file) => `${base}${file}`),
      styles: (exposed?.assets.css?.sync ?? []).map((file) => `${base}${file}`),
      pages: exposed?.assets.js.async ?? [],
      routes,
    };
  };
  let kept: { pointer: string; value: Promise<PublicRelease> } | null = null;
  return async () => {
    const text = await pointer();
    if (kept?.pointer !== text) {
      const reading = { pointer: text, value: read(text) };
      kept = reading;
      reading.value.catch(() => {
        if (kept === reading) kept = null;
      });
    }
    return kept.value.catch(() => NONE);
  };
}
