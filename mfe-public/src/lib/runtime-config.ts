import { runtimeConfigQuery } from '@mealprep/api-client';
import type { RuntimeConfig } from '@mealprep/contracts';
import { useQuery } from '@mealprep/query';

export type RuntimeConfigState = { status: 'loading' } | { status: 'ready'; config: RuntimeConfig } | { status: 'error'; retry: () => void };

/**
 * The public settings, from the QueryClient the page shares: the shell (or the server render) puts
 * them there before the first render, so a page renders with them at once, on the server as in
 * the browser; standing alone (this remote's own dev page) they are read from the page.
 */
export function useRuntimeConfig(): RuntimeConfigState {
  const { data, isError, refetch } = useQuery(runtimeConfigQuery);
  if (data) return { status: 'ready', config: data };
  if (isError) return { status: 'error', retry: () => void refetch() };
  return { status: 'loading' };
}

/** The site's own origin for absolute links (share links): the configured siteUrl, else this page's. */
export function siteOrigin(config?: RuntimeConfig): string {
  const configured = config?.siteUrl.replace(/\/+$/, '');
  return configured || window.location.origin;
}

/** The operator's site name, from the runtime config the page was served with ('' while it loads). */
export function useSiteName(): string {
  const config = useRuntimeConfig();
  return config.status === 'ready' ? config.config.siteName : '';
}
