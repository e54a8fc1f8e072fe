import { apiClient, publicRead, queryKeys } from '@mealprep/api-client';
import type { BlogPost } from '@mealprep/contracts';
import { queryOptions, useQuery } from '@mealprep/query';

const MAX_SLUG_LENGTH = 200;

export function isPossibleArticleSlug(slug: string): boolean {
  return slug.trim().length > 0 && slug.length <= MAX_SLUG_LENGTH;
}

export async function getArticle(slug: string, signal?: AbortSignal): Promise<BlogPost> {
  return apiClient.get<BlogPost>(`/catalog/articles/${encodeURIComponent(slug)}`, { signal });
}

export function articleQueryOptions(slug: string) {
  return queryOptions({
    // The same for every visitor: fetched by the server render and handed to the page, its
    // answer included when it is a not-found or refused one (not asked again when the page mounts).
    meta: publicRead(`/catalog/articles/${encodeURIComponent(slug)}`),
    retryOnMount: false,
    queryKey: queryKeys.articles.detail(slug),
    queryFn: ({ signal }) => getArticle(slug, signal),
    enabled: isPossibleArticleSlug(slug),
  });
}

export function useArticle(slug: string) {
  return useQuery(articleQueryOptions(slug));
}
