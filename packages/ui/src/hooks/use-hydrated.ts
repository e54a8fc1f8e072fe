import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/**
 * False in a server render and while the page is hydrated, true once the app runs in the browser.
 * A control whose click only the app can answer keeps a click made before then with
 * `useEarlyClick`, which answers it once hydrated.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
