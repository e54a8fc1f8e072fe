// Test helpers only; never imported by production code (so never in a browser bundle).
import { createElement } from 'react';
import { useLocation } from 'react-router';

export { MemoryRouter } from 'react-router';
export type { MemoryRouterProps } from 'react-router';

/** Shows the router's current URL (path and query), so tests can assert where a link, form or redirect led. */
export function LocationProbe() {
  const location = useLocation();
  return createElement('output', { 'data-testid': 'location', hidden: true }, `${location.pathname}${location.search}`);
}

/** What the LocationProbe on the page shows. */
export function currentLocation(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}
