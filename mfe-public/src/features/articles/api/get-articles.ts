import { apiClient, publicRead, queryKeys } from '@mealprep/api-client';
import type { BlogPostList, BlogPostSummary } from '@mealprep/contracts';
import { queryOptions, useQuery } from '@mealprep/query';

export async function getArticles(signal?: AbortSignal): Promise<BlogPostSummary[]> {
  const list = await apiClient.get<BlogPostList>('/catalog/articles', { signal });
  return list.items;
}

export function articlesQueryOptions() {
  return queryOptions({
    // The same for every visitor: fetched by the server render and handed to the page, its
    // answer included when it is a not-found or refused one (not asked again when the page mounts).
    meta: publicRead('/catalog/articles'),
    retryOnMount: false,
    queryKey: queryKeys.articles.list,
    queryFn: ({ signal }) => getArticles(signal),
  });
}

export function useArticles() {
  return useQuery(articlesQueryOptions());
}
