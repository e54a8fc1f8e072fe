import { createHash } from 'node:crypto';
import { readFileSync, statSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { RuntimeConfig } from '@mealprep/contracts';

/** How long a read of the pointer is trusted while its folder is watched, should a change not be announced (a network file system). */
const RECHECK_MS = 1_000;

/** The release pointer as it is now; `close` stops watching its folder. */
export type ReleasePointerReader = (() => Promise<string>) & { close(): void };

/**
 * The public remote's release pointer (release.json, a few dozen bytes) as it is now, so that a
 * release published by writing it is named by the pages after it. Every page asks (a kept page too:
 * one kept from another release is dropped), so the file is not read for each: the folder is
 * watched (inotify), and any change in it has the next page look again (`stat`: file, time and
 * size compared; read only when they changed). The watch is made again after each change (the
 * folder may have been replaced); without one (no folder yet) every page looks, and a watched
 * pointer is looked at again after RECHECK_MS whatever was announced. Done at once rather than
 * through fs/promises (about 350 µs, trips to libuv's pool).
 */
export function releasePointer(staticRoot: string): ReleasePointerReader {
  const folder = path.join(staticRoot, 'mfe-public', 'dist');
  const file = path.join(folder, 'release.json');
  let kept: { ino: number; mtimeMs: number; size: number; text: string } | null = null;
  let lookedAt = -Infinity;
  let watcher: FSWatcher | null = null;
  const unwatch = () => {
    watcher?.close();
    watcher = null;
  };
  const look = (): string => {
    lookedAt = performance.now();
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) {
      kept = null;
      return '';
    }
    if (kept?.ino === stat.ino && kept.mtimeMs === stat.mtimeMs && kept.size === stat.size) return kept.text;
    const text = readFileSync(file, 'utf8');
    kept = { ino: stat.ino, mtimeMs: stat.mtimeMs, size: stat.size, text };
    return text;
  };
  const pointer = async () => {
    try {
      if (!watcher) {
        // Watched before it is looked at: a change in between is not missed.
        watcher = watch(folder, { persistent: false }, unwatch);
        watcher.on('error', unwatch);
      } else if (performance.now() - lookedAt < RECHECK_MS) return kept?.text ?? '';
    } catch {
      unwatch();
    }
    try {
      return look();
    } catch {
      return '';
    }
  };
  return Object.assign(pointer, { close: unwatch });
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
 * the runtime config this gateway serves (the same for every gateway of one build, settings and published brand),
 * the release part the public remote's current release. The renderer loads again what changed
 * when it sees another (renderer/src/site-version.ts): no part of it is re-read on a timer.
 */
export function siteVersion(options: { shellIndexHtml: string | null; runtimeConfig: () => Promise<RuntimeConfig>; pointer: () => Promise<string> }): () => Promise<string> {
  let site = { config: null as RuntimeConfig | null, hash: '' };
  let last = { pointer: '', version: versionOf('') };
  return async () => {
    // The runtime config is another object only when it changed (a brand published): hashed then.
    const config = await options.runtimeConfig();
    if (config !== site.config) {
      site = {
        config,
        hash: createHash('sha256')
          .update(options.shellIndexHtml ?? '')
          .update(JSON.stringify(config))
          .digest('hex')
          .slice(0, 16),
      };
    }
    const pointer = await options.pointer();
    if (pointer !== last.pointer) last = { pointer, version: versionOf(pointer) };
    return `${site.hash}.${last.version}`;
  };
}
