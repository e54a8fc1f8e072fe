import { useEffect, useRef } from 'react';
import { useLocation } from '@mealprep/router';
import { dropEarlyClicks } from '@mealprep/ui';

/**
 * Spec: every route change starts at the top of the page. The first page stays where the browser
 * has it: a visitor may have scrolled the server's page before it hydrated, or come back to it.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
    // Clicks kept while the first page hydrated belong to that page.
    dropEarlyClicks();
  }, [pathname]);
  return null;
}
