import { useCallback, useMemo } from 'react';
import { humanizeSlug } from '../../../lib/text';
import { useMealTypes } from '../api/get-meal-types';

/** Display name of a meal type slug; the readable slug until (or unless) the list has loaded. */
export function useMealTypeLabel(): (slug: string) => string {
  const { data } = useMealTypes();
  const names = useMemo(() => new Map(data?.map((m) => [m.slug, m.name])), [data]);
  return useCallback((slug: string) => names.get(slug) ?? humanizeSlug(slug), [names]);
}
