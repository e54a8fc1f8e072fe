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

/**
 * Loads a remote's `./routes` from the manifest URL the runtime config names. A failed load is
 * remembered by the federation runtime (manifest and entry caches), so the next attempt registers
 * the remote again with `force`, which drops those caches and makes "Try again" fetch for real.
 */
export function createRemoteLoader(getConfig: () => Promise<RuntimeConfig>) {
  const registered = new Set<RemoteName>();
  const needsReset = new Set<RemoteName>();

  return async function loadRemoteRoutes(name: RemoteName): Promise<RemoteRoutesModule> {
    const config = await getConfig();
    if (!registered.has(name) || needsReset.has(name)) {
      registerRemotes([{ name: REMOTE_IDS[name], entry: config.remotes[name] }], { force: registered.has(name) });
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
