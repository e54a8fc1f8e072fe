/**
 * What only a server render uses: the router of a page's URL (no history) and route matching.
 * Kept out of the shared entry, which the browser loads whole (a shared module is not tree-shaken);
 * on the server both entries import the same react-router, so their contexts are one.
 */
export { matchPath, StaticRouter } from 'react-router';
