import { readInlineRuntimeConfig, readRuntimeConfig, RUNTIME_CONFIG_QUERY_KEY } from '@mealprep/api-client';
import { QUERY_STATE_ELEMENT_ID } from '@mealprep/contracts/browser';
import { hydrate, type DehydratedState } from '@mealprep/query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createQueryClient } from './app';
import { createAnalyticsLoader } from './features/analytics/analytics-loader';
import { createRemoteLoader, retryableOnce } from './lib/federation';
import './lib/theme-store';

// Started now, awaited by the first remote load; a failure is retried by the area's "Try again".
const getConfig = retryableOnce(() => readRuntimeConfig());
void getConfig().catch((error: unknown) => console.warn('The runtime config could not be read.', error));
const loadRemoteRoutes = createRemoteLoader(getConfig);
const loadAnalytics = createAnalyticsLoader(getConfig);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element.');

// The runtime config the page carries, and a server-rendered page's data, are in the page's
// QueryClient before the first render: components read them at once, and nothing the server
// already fetched is asked for again.
const queryClient = createQueryClient();
const config = readInlineRuntimeConfig();
if (config) queryClient.setQueryData(RUNTIME_CONFIG_QUERY_KEY, config);
const serverState = document.getElementById(QUERY_STATE_ELEMENT_ID)?.textContent;
if (serverState) hydrate(queryClient, JSON.parse(serverState) as DehydratedState);
const renderedAt = Number(rootElement.dataset.renderedAt) || undefined;

const app = (
  <StrictMode>
    <App
      queryClient={queryClient}
      renderedAt={renderedAt}
      loadPublicRoutes={() => loadRemoteRoutes('public')}
      loadDashboardRoutes={() => loadRemoteRoutes('dashboard')}
      loadAdminRoutes={() => loadRemoteRoutes('admin')}
      loadAnalytics={loadAnalytics}
    />
  </StrictMode>
);

if (serverState) {
  // The server rendered this page: React takes over its HTML in place.
  hydrateRoot(rootElement, app);
} else {
  // A transition lets React split the first render into short tasks, so input is never blocked long.
  const root = createRoot(rootElement);
  startTransition(() => root.render(app));
}
