import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/**
 * False in a server render and while the page is hydrated, true once the app runs in the browser.
 * A control whose click only the app can answer is disabled until then: on a server-rendered page
 * a click before hydration would otherwise do nothing at all.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
