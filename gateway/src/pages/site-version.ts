import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RuntimeConfig } from '@mealprep/contracts';

/**
 * The public remote's release pointer (release.json, a few dozen bytes) as it is now, so that a
 * release published by writing it is named by the next page. Every page asks (a kept page too: one
 * kept from another release is dropped), so the file is read again only when it changed: one
 * `stat` a page (file, time and size compared) instead of opening and reading it, which was the
 * gateway's largest cost of sending a kept page. Done at once rather than through fs/promises
 * (about 350 µs, trips to libuv's pool).
 */
export function releasePointer(staticRoot: string): () => Promise<string> {
  const file = path.join(staticRoot, 'mfe-public', 'dist', 'release.json');
  let kept: { ino: number; mtimeMs: number; size: number; text: string } | null = null;
  return async () => {
    try {
      const stat = statSync(file, { throwIfNoEntry: false });
      if (!stat) return '';
      if (kept?.ino === stat.ino && kept.mtimeMs === stat.mtimeMs && kept.size === stat.size) return kept.text;
      const text = readFileSync(file, 'utf8');
      kept = { ino: stat.ino, mtimeMs: stat.mtimeMs, size: stat.size, text };
      return text;
    } catch {
      return '';
    }
  };
}

/** The version release.json names, or 'none'. */
function versionOf(pointer: string): string {
  try {
    const version = (JSON.parse(pointer) as { version?: unknown }).version;
    return typeof version === 'string' && /^[0-9a-f]{12}$/.test(version) ? version : 'none';
  } catch {
    return 'none';
  }
}

/**
 * What the renderer renders with, as `<site>.<release>`: the site part names the shell's page and
 * the runtime config this gateway serves (the same for every gateway of one build and settings),
 * the release part the public remote's current release. The renderer loads again what changed
 * when it sees another (renderer/src/site-version.ts): no part of it is re-read on a timer.
 */
export function siteVersion(options: { shellIndexHtml: string | null; runtimeConfig: RuntimeConfig; pointer: () => Promise<string> }): () => Promise<string> {
  const site = createHash('sha256')
    .update(options.shellIndexHtml ?? '')
    .update(JSON.stringify(options.runtimeConfig))
    .digest('hex')
    .slice(0, 16);
  let last = { pointer: '', version: versionOf('') };
  return async () => {
    const pointer = await options.pointer();
    if (pointer !== last.pointer) last = { pointer, version: versionOf(pointer) };
    return `${site}.${last.version}`;
  };
}
