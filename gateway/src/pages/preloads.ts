import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { imageUrl, matchRoute, readsOf } from '@mealprep/contracts';
import { z } from 'zod';
import type { PublicRelease } from './public-release';

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

/** The API reads of the page at a URL, as the browser will make them (the release's routes say which). */
export function dataFor(routes: PublicRelease['routes'], pathname: string, search: URLSearchParams): string[] {
  return routes ? readsOf(routes, pathname, search).map((path) => `/api${path}`) : [];
}

export interface PreloadOptions {
  staticRoot: string;
  /** Where the shell loads the public remote from; only the local default is preloaded. */
  publicRemoteUrl: string;
  /** The first active banner, for the home hero. */
  firstBannerId: () => Promise<string | null>;
  /** The public remote's current release. */
  release: () => Promise<PublicRelease>;
  /** Whether a setting names an analytics script (the shell then loads its analytics chunk on every page). */
  analytics?: () => boolean;
}

/**
 * Hints that let the browser fetch, in parallel and at once, what a page would otherwise ask for
 * one step after another: the shell's chunks its entry loads at start (from the shell's build),
 * the public remote's entry and first chunks, the page's chunk and API reads (both from the routes
 * its current release carries, so they are the very ones the app requests), and the home hero's
 * first image.
 */
export function preloadHints(options: PreloadOptions) {
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
    for (const href of [...shell.page, ...(options.analytics?.() ? shell.analytics : [])]) tags.push(hintFor(href));
    const release = await options.release();
    if (options.publicRemoteUrl === '/remotes/public/release.json') {
      // The release pointer and the manifest are not preloaded: a preload answered while the remote
      // was unreachable would be reused by the shell's "Try again".
      const { scripts, styles, pages, base } = release;
      // Styles are fetched early but applied only when the remote adds them (a preload, not a stylesheet).
      for (const href of styles) tags.push(`<link rel="preload" href="${href}" as="style">`);
      const chunk = release.routes && matchRoute(release.routes, pathname)?.route.chunk;
      const page = chunk ? pages.find((file) => file.startsWith(`${chunk}.`)) : undefined;
      for (const src of [...scripts, ...(page ? [`${base}${page}`] : [])]) tags.push(`<link rel="prefetch" href="${src}">`);
    }
    for (const url of dataFor(release.routes, pathname, search)) tags.push(`<link rel="preload" href="${url.replace(/&/g, '&amp;')}" as="fetch" crossorigin="anonymous">`);
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
