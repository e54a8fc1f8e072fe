import { useEffect, useRef } from 'react';
import { useHydrated } from './use-hydrated';

/** The attribute that marks a control whose click, made before the app runs, is kept for it. */
export const EARLY_CLICK_ATTRIBUTE = 'data-early-click';

/**
 * A click kept by the page's first inline script (shell/src/index.html) while the control's
 * attribute `data-early-click` is still there, that is before the control is hydrated.
 */
export interface EarlyClick {
  key: string;
  /** The page's path when the click was made: a click is replayed on that page only. */
  path: string;
}

declare global {
  interface Window {
    __earlyClicks?: EarlyClick[];
  }
}

/** Forgets the clicks kept before hydration: on a change of page they no longer apply. */
export function dropEarlyClicks(): void {
  window.__earlyClicks?.splice(0);
}

/**
 * Keeps a click made on a server-rendered control before the app has taken over the page: the
 * control carries `data-early-click={key}` until it is hydrated, the page's inline script records a
 * click on it (and stops it there), and once hydrated the control answers it with `onClick`, once per
 * click, in order. Spread the returned props on the control; `key` is unique on the page.
 */
export function useEarlyClick(key: string, onClick: () => void): { [EARLY_CLICK_ATTRIBUTE]?: string } {
  const hydrated = useHydrated();
  const handler = useRef(onClick);
  useEffect(() => {
    handler.current = onClick;
  });
  useEffect(() => {
    const queue = hydrated ? window.__earlyClicks : undefined;
    if (!queue) return;
    const path = window.location.pathname;
    for (let i = 0; i < queue.length;) {
      const click = queue[i];
      if (click?.key === key && click.path === path) {
        queue.splice(i, 1);
        handler.current();
      } else i += 1;
    }
  }, [hydrated, key]);
  return hydrated ? {} : { [EARLY_CLICK_ATTRIBUTE]: key };
}
