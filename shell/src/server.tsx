import { QueryClientProvider, type QueryClient } from '@mealprep/query';
import { StaticRouter } from '@mealprep/router/server';
import { ShellRoutes } from './routes';
import type { RemoteRoutesLoader, RemoteRoutesModule } from './lib/federation';

/** What a server render of a public page is given: the dashboard areas are never server-rendered. */
const notOnTheServer: RemoteRoutesLoader = () => Promise.reject(new Error('Only public pages are rendered on the server.'));

export interface ServerAppProps {
  queryClient: QueryClient;
  /** The page's path and query. */
  url: string;
  /** The public remote's routes module, already loaded by the renderer. */
  publicRoutes: RemoteRoutesModule;
}

/**
 * The shell as the renderer renders a public page: the same routes, layout, header and footer as
 * App in the browser, with the page's URL instead of the browser's history, so the browser
 * hydrates what the server wrote.
 */
export function ServerApp({ queryClient, url, publicRoutes }: ServerAppProps) {
  const loadPublicRoutes = () => Promise.resolve(publicRoutes);
  return (
    <QueryClientProvider client={queryClient}>
      <StaticRouter location={url}>
        <ShellRoutes loadPublicRoutes={loadPublicRoutes} loadDashboardRoutes={notOnTheServer} loadAdminRoutes={notOnTheServer} />
      </StaticRouter>
    </QueryClientProvider>
  );
}

export { createQueryClient } from './app';
