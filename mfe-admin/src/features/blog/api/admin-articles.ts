import { apiClient, queryKeys } from '@mealprep/api-client';
import type { AdminArticleRow } from '@mealprep/contracts';
import { queryOptions } from '@mealprep/query';
import { useAdminMutation, type AdminCall } from '../../../lib/admin-actions';

/** Under the 'articles' live topic, like the public blog: a change refreshes both. */
export const adminArticlesQuery = queryOptions({
  queryKey: queryKeys.articles.admin,
  queryFn: async ({ signal }) => (await apiClient.get<{ items: AdminArticleRow[] }>('/catalog/admin/articles', { signal })).items,
});

/** Publishes or unpublishes one post. */
export const useSetArticleStatus = () =>
  useAdminMutation(queryKeys.articles.all, ({ id, status }: AdminCall & { id: string; status: 'published' | 'draft' }) =>
    apiClient.request(`/catalog/admin/articles/${id}/status`, { method: 'PATCH', body: { status } }),
  );
