import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { apiPathOf } from '@mealprep/api-client';
import { imageUrl } from '@mealprep/contracts';
import { pageQueries } from '@mealprep/mfe-public/page-reads';
import { pageChunk } from '@mealprep/mfe-public/route-table';
import { z } from 'zod';

/**
 * Hints that let the browser fetch, in parallel and at once, what a page would otherwise ask for
 * one step after another: the shell's chunks its entry loads at start (from the shell's build),
 * the public remote's entry and first chunks, the page's chunk and API reads (both from the public
 * route table, so they are the very ones the app requests), and the home hero's first image.
 */
/** A remote's release.json: its current release, paths relative to the file. */
const ReleaseSchema = z.object({ version: z.string().regex(/^[0-9a-f]{12}$/), manifest: z.string().regex(/^releases\/[0-9a-f]{12}\/mf-manifest\.json$/) });

const ManifestSchema = z.object({
  exposes: z.array(
    z.object({
      name: z.string(),
      assets: z.object({
        js: z.object({ sync: z.array(z.string()), async: z.array(z.string()).default([]) }),
        css: z.object({ sync: z.array(z.string()) }).optional(),
      }),
    }),
  ),
  metaData: z.object({ remoteEntry: z.object({ name: z.string(), path: z.string() }) }),
});

/** A file of the shell's build, from the site's root. */
const ShellFile = z.string().regex(/^\/[\w.-]+\.(?:js|css)$/);
/**
 * The shell build's start-chunks.json (packages/build-config, learned from its chunk graph): the
 * chunks every page loads one step after the shell's entry, and those it loads when analytics are on.
 */
const StartChunksSchema = z.object({ page: z.array(ShellFile), analytics: z.array(ShellFile).default([]) });
type StartChunks = z.infer<typeof StartChunksSchema>;
const NO_START_CHUNKS: StartChunks = { page: [], analytics: [] };

/** A hint for a file the page will load: a stylesheet fetched early (applied when the app adds it), a script prefetched. */
const hintFor = (href: string) => (href.endsWith('.css') ? `<link rel="preload" href="${href}" as="style">` : `<link rel="prefetch" href="${href}">`);

/** The API reads of the page at a URL, as the browser will make them (the public route table's). */
export function dataFor(pathname: string, search: URLSearchParams): string[] {
  return pageQueries(pathname, search).flatMap((query) => {
    const path = apiPathOf(query.meta);
    return path ? [`/api${path}`] : [];
  });
}

export interface PreloadOptions {
  staticRoot: string;
  /** Where the shell loads the public remote from; only the local default is preloaded. */
  publicRemoteUrl: string;
  /** The first active banner, for the home hero. */
  firstBannerId: () => Promise<string | null>;
  /** The public remote's release.json as it is now. */
  releasePointer: () => Promise<string>;
  /** Whether a setting names an analytics script (the shell then loads its analytics chunk on every page). */
  analytics?: boolean;
}

export function preloadHints(options: PreloadOptions) {
  let assets: { release: string; value: Promise<{ base: string; scripts: string[]; styles: string[]; pages: string[] }> } | null = null;
  const remoteRoot = '/remotes/public/';
  const readAssets = async (pointer: string) => {
    const release = ReleaseSchema.parse(JSON.parse(pointer));
    const manifest = ManifestSchema.parse(JSON.parse(await readFile(path.join(options.staticRoot, 'mfe-public', 'dist', release.manifest), 'utf8')));
    const base = `${remoteRoot}${path.posix.dirname(release.manifest)}/`;
    const routes = manifest.exposes.find((e) => e.name === 'routes');
    return {
      base,
      scripts: [manifest.metaData.remoteEntry.name, ...(routes?.assets.js.sync ?? [])].map((file) => `${base}${file}`),
      styles: (routes?.assets.css?.sync ?? []).map((file) => `${base}${file}`),
      pages: routes?.assets.js.async ?? [],
    };
  };
  // release.json is read for each page: a release is published by writing it, and the next page names its files.
  const remoteAssets = async () => {
    const release = await options.releasePointer();
    if (assets?.release !== release) {
      const value = readAssets(release);
      const reading = { release, value };
      assets = reading;
      // A release that could not be read (half written, say) is read again by the next page.
      value.catch(() => {
        if (assets === reading) assets = null;
      });
    }
    return assets.value.catch(() => ({ base: remoteRoot, scripts: [], styles: [], pages: [] }));
  };

  // Read once and kept, as the shell's page is (a new shell build comes with a restart); a build
  // without the file names no chunk of the shell's, and the next page reads it again.
  let startChunks: Promise<StartChunks> | null = null;
  const shellStartChunks = () => {
    startChunks ??= readFile(path.join(options.staticRoot, 'shell', 'dist', 'start-chunks.json'), 'utf8').then((text) => StartChunksSchema.parse(JSON.parse(text)));
    return startChunks.catch(() => {
      startChunks = null;
      return NO_START_CHUNKS;
    });
  };

  return async (pathname: string, search: URLSearchParams): Promise<string> => {
    const tags: string[] = [];
    // The shell's own first: its entry loads them before it loads anything of the remote's.
    const shell = await shellStartChunks();
    for (const href of [...shell.page, ...(options.analytics ? shell.analytics : [])]) tags.push(hintFor(href));
    if (options.publicRemoteUrl === `${remoteRoot}release.json`) {
      // The release pointer and the manifest are not preloaded: a preload answered while the remote
      // was unreachable would be reused by the shell's "Try again".
      const { scripts, styles, pages, base } = await remoteAssets();
      // Styles are fetched early but applied only when the remote adds them (a preload, not a stylesheet).
      for (const href of styles) tags.push(`<link rel="preload" href="${href}" as="style">`);
      const chunk = pageChunk(pathname);
      const page = chunk ? pages.find((file) => file.startsWith(`${chunk}.`)) : undefined;
      for (const src of [...scripts, ...(page ? [`${base}${page}`] : [])]) tags.push(`<link rel="prefetch" href="${src}">`);
    }
    for (const url of dataFor(pathname, search)) tags.push(`<link rel="preload" href="${url.replace(/&/g, '&amp;')}" as="fetch" crossorigin="anonymous">`);
    if (pathname === '/') {
      const banner = await options.firstBannerId().catch(() => null);
      if (banner) {
        tags.push(`<link rel="preload" as="image" href="${imageUrl(banner, 'card')}" media="(max-width: 640px)" fetchpriority="high">`);
        tags.push(`<link rel="preload" as="image" href="${imageUrl(banner, 'full')}" media="(min-width: 641px)" fetchpriority="high">`);
      }
    }
    return tags.join('\n    ');
  };
}
