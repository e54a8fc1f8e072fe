import { configureApiClient } from '@mealprep/api-client';
import { matchPath } from '@mealprep/router/server';
import { PageMetaCollector, type PageCollector } from '@mealprep/ui';
import { pageQueries } from './page-data';
import PublicRoutes, { PAGE_CHUNKS } from './routes';

export interface PublicServerOptions {
  /** The site's public API, absolute (the renderer has no page origin): e.g. http://127.0.0.1:8080/api. */
  apiBase: string;
  /** Each API call of a render gives up after this long. */
  apiTimeoutMs: number;
}

export interface PublicServer {
  /** The release's routes, as the shell mounts them in the browser, reporting the page's meta to the collector. */
  Routes: (props: { collector: PageCollector }) => React.ReactNode;
  /** The lazily loaded chunk of the page at a path, or null (the home and not-found pages are in the first chunks). */
  pageChunk: (pathname: string) => string | null;
  /** Whether the page at a path answers 200 whatever its data says (a page without a slug), so its head can go out first. */
  fixedStatus: (pathname: string) => boolean;
  /** The queries the page at a URL will read, to fetch before its first render (see page-data.ts). */
  pageQueries: (pathname: string, search: URLSearchParams) => Array<{ queryKey: readonly unknown[] }>;
}

/**
 * This remote's server build (rspack.server.config.mjs): what the renderer loads to render the
 * public pages with the same components the browser runs. The renderer provides React, the router
 * and the QueryClient (the shared singletons), and reads the page's meta from the collector.
 */
export function createPublicServer(options: PublicServerOptions): PublicServer {
  configureApiClient({ baseUrl: options.apiBase, timeoutMs: options.apiTimeoutMs });
  return {
    Routes: ({ collector }) => (
      <PageMetaCollector collector={collector}>
        <PublicRoutes />
      </PageMetaCollector>
    ),
    pageChunk: (pathname) => PAGE_CHUNKS.find(([path]) => matchPath(path, pathname))?.[1] ?? null,
    pageQueries,
    fixedStatus: (pathname) => pathname === '/' || PAGE_CHUNKS.some(([path]) => !path.includes(':') && matchPath(path, pathname) !== null),
  };
}
