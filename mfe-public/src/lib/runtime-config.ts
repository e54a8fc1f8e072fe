import { readRuntimeConfig } from '@mealprep/api-client';
import type { RuntimeConfig } from '@mealprep/contracts';
import { useEffect, useState } from 'react';

let pending: Promise<RuntimeConfig> | undefined;

/** Read once per page (the gateway inlines it); a failed read is tried again on the next use. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= readRuntimeConfig().catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

/** For tests: forget the cached config. */
export function resetRuntimeConfig(): void {
  pending = undefined;
}

export type RuntimeConfigState =
  | { status: 'loading' }
  | { status: 'ready'; config: RuntimeConfig }
  | { status: 'error'; retry: () => void };

/**
 * The public settings. Not a TanStack query on purpose: it never changes while the page is open,
 * so it has no live topic to be invalidated by.
 */
export function useRuntimeConfig(): RuntimeConfigState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<RuntimeConfigState>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    loadRuntimeConfig().then(
      (config) => active && setState({ status: 'ready', config }),
      () =>
        active &&
        setState({
          status: 'error',
          retry: () => {
            setState({ status: 'loading' });
            setAttempt((n) => n + 1);
          },
        }),
    );
    return () => {
      active = false;
    };
  }, [attempt]);
  return state;
}

/** The site's own origin for absolute links (share links): the configured siteUrl, else this page's. */
export function siteOrigin(config?: RuntimeConfig): string {
  const configured = config?.siteUrl.replace(/\/+$/, '');
  return configured || window.location.origin;
}
