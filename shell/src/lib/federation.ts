import type { RemoteName, RuntimeConfig } from '@mealprep/contracts';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

/** Module Federation names the remotes are built with (their `name` in rspack.config.mjs). */
export const REMOTE_IDS: Record<RemoteName, string> = {
  public: 'mfe_public',
  dashboard: 'mfe_dashboard',
  admin: 'mfe_admin',
};

/** What every remote exposes as `./routes`. */
export interface RemoteRoutesModule {
  default: ComponentType;
}

export type RemoteRoutesLoader = () => Promise<RemoteRoutesModule>;

function isRoutesModule(value: unknown): value is RemoteRoutesModule {
  return typeof value === 'object' && value !== null && typeof (value as { default?: unknown }).default === 'function';
}

/** What a remote's `release.json` says of its current release (paths relative to the file itself). */
interface ReleasePointer {
  version: string;
  manifest: string;
}

function isReleasePointer(value: unknown): value is ReleasePointer {
  return typeof value === 'object' && value !== null && typeof (value as ReleasePointer).version === 'string' && typeof (value as ReleasePointer).manifest === 'string';
}

/**
 * The manifest of the release a page uses. The runtime config names a manifest (the release a
 * server-rendered page was rendered with, or any manifest someone configured), or a remote's
 * `release.json`, which names its current release: read once, so the page keeps loading that
 * release's files even if a newer one is published while it is open.
 */
export async function manifestUrlOf(entry: string, fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)): Promise<string> {
  if (!/(?:^|\/)release\.json(?:$|[?#])/.test(entry)) return entry;
  const pointerUrl = new URL(entry, document.baseURI);
  const answer = await fetchImpl(pointerUrl, { cache: 'no-cache' });
  if (!answer.ok) throw new Error(`The remote's release could not be read (status ${answer.status}).`);
  const pointer: unknown = await answer.json();
  if (!isReleasePointer(pointer)) throw new Error("The remote's release.json is not in the expected shape.");
  return new URL(pointer.manifest, pointerUrl).href;
}

/**
 * Loads a remote's `./routes` from the manifest URL the runtime config names (through its
 * release.json when it names that). A failed load is remembered by the federation runtime
 * (manifest and entry caches), so the next attempt registers the remote again with `force`, which
 * drops those caches and makes "Try again" fetch for real.
 */
export function createRemoteLoader(getConfig: () => Promise<RuntimeConfig>, fetchImpl?: typeof fetch) {
  const registered = new Set<RemoteName>();
  const needsReset = new Set<RemoteName>();

  return async function loadRemoteRoutes(name: RemoteName): Promise<RemoteRoutesModule> {
    const config = await getConfig();
    if (!registered.has(name) || needsReset.has(name)) {
      const entry = await manifestUrlOf(config.remotes[name], fetchImpl);
      registerRemotes([{ name: REMOTE_IDS[name], entry }], { force: registered.has(name) });
      registered.add(name);
      needsReset.delete(name);
    }
    try {
      const module = await loadRemote<unknown>(`${REMOTE_IDS[name]}/routes`);
      if (!isRoutesModule(module)) throw new Error(`The ${name} remote did not expose a routes component.`);
      return module;
    } catch (error) {
      needsReset.add(name);
      throw error;
    }
  };
}

/** Memoizes a promise-returning function until it fails, so a failure is retried on the next call. */
export function retryableOnce<T>(fn: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= fn().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
