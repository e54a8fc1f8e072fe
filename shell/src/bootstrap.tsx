import './styles.css';
import { readRuntimeConfig } from '@mealprep/api-client';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createAnalyticsLoader } from './features/analytics/analytics-loader';
import { createRemoteLoader, retryableOnce } from './features/remotes/federation';
import './features/theme/stores/theme-store';

// Started now, awaited by the first remote load; a failure is retried by the area's "Try again".
const getConfig = retryableOnce(() => readRuntimeConfig());
void getConfig().catch((error: unknown) => console.warn('The runtime config could not be read.', error));
const loadRemoteRoutes = createRemoteLoader(getConfig);
const loadAnalytics = createAnalyticsLoader(getConfig);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element.');

// A transition lets React split the first render into short tasks, so input is never blocked long.
const root = createRoot(rootElement);
startTransition(() => {
  root.render(
    <StrictMode>
      <App
        loadPublicRoutes={() => loadRemoteRoutes('public')}
        loadDashboardRoutes={() => loadRemoteRoutes('dashboard')}
        loadAdminRoutes={() => loadRemoteRoutes('admin')}
        loadAnalytics={loadAnalytics}
      />
    </StrictMode>,
  );
});
