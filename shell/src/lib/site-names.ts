import { runtimeConfigQuery } from '@mealprep/api-client';
import { useQuery } from '@mealprep/query';
import { currentSiteNames } from '@mealprep/ui';

/**
 * The operator's names as the page was served with them: from the runtime config the shell (or
 * the server render) put in the QueryClient, else from the page's own. Never fetched from here.
 */
export function useSiteNames(): { siteName: string; shortName: string } {
  const { data } = useQuery({ ...runtimeConfigQuery, enabled: false });
  if (data) return { siteName: data.siteName, shortName: data.brand.shortName };
  return typeof document === 'undefined' ? { siteName: '', shortName: '' } : currentSiteNames();
}
