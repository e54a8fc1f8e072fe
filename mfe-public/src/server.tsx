import { configureApiClient } from '@mealprep/api-client';
import { useLocation } from '@mealprep/router';
import { PageMetaCollector, type PageCollector } from '@mealprep/ui';
import { pageQueries } from './page-reads';
import { fixedStatus, matchPublicRoute, pageChunk } from './route-table';
import PublicRoutes from './routes';

export interface PublicServerOptions {
  /**
   * Reads the API's paths ('/catalog/services?…', '/media/banners'): the renderer takes each to
   * its service on the internal network (the public gateway is not in the way).
   */
  fetch: typeof fetch;
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
  /** The queries the page at a URL reads, to fetch before it renders (route-table.ts). */
  pageQueries: (pathname: string, search: URLSearchParams) => Array<{ queryKey: readonly unknown[] }>;
}

/** The public routes given only the route the table matches (none: the not-found page). */
function MatchedRoute() {
  const { pathname } = useLocation();
  return <PublicRoutes only={matchPublicRoute(pathname)?.route.path ?? null} />;
}

/**
 * This remote's server build (rspack.server.config.mjs): what the renderer loads to render the
 * public pages with the same components the browser runs. The renderer provides React, the router
 * and the QueryClient (the shared singletons), and reads the page's meta from the collector.
 */
export function createPublicServer(options: PublicServerOptions): PublicServer {
  configureApiClient({ baseUrl: '', timeoutMs: options.apiTimeoutMs, fetch: options.fetch });
  return {
    Routes: ({ collector }) => (
      <PageMetaCollector collector={collector}>
        <MatchedRoute />
      </PageMetaCollector>
    ),
    pageChunk,
    pageQueries,
    fixedStatus,
  };
}
