import { apiClient } from '@mealprep/api-client';
import { useEffect } from 'react';

export async function recordArticleView(articleId: string): Promise<void> {
  await apiClient.post<unknown>(`/catalog/articles/${encodeURIComponent(articleId)}/views`);
}

/**
 * Once per post per page load: StrictMode's double effects, live refetches and coming back to the
 * same post all find the id already here.
 */
const counted = new Set<string>();

export function useRecordArticleView(articleId: string | undefined): void {
  useEffect(() => {
    if (!articleId || counted.has(articleId)) return;
    counted.add(articleId);
    // Spec §8: a failed count is only logged; the reader never sees it.
    recordArticleView(articleId).catch((error: unknown) => console.debug('The article view was not counted.', error));
  }, [articleId]);
}
