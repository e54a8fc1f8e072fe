import { apiClient } from '@mealprep/api-client';
import type { BlogPostList, BlogPostSummary } from '@mealprep/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

export async function getArticles(signal?: AbortSignal): Promise<BlogPostSummary[]> {
  const list = await apiClient.get<BlogPostList>('/catalog/articles', { signal });
  return list.items;
}

export function articlesQueryOptions() {
  return queryOptions({
    queryKey: ['articles', 'list'],
    queryFn: ({ signal }) => getArticles(signal),
  });
}

export function useArticles() {
  return useQuery(articlesQueryOptions());
}
