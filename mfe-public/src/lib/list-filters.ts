import type { ListingFilters, ListSort } from '@mealprep/contracts';
import { countFilters, readListingFilters } from '@mealprep/contracts/browser';
import { useSearchParams } from '@mealprep/router';

/** The filters and order a list page's URL gives (the filter form's fields), read leniently: what no filter has is ignored. */
export function filtersFromSearch(search: URLSearchParams): { filters: ListingFilters; sort: ListSort } {
  return { filters: readListingFilters((name) => search.getAll(name)), sort: search.get('sort') === 'rating' ? 'rating' : 'name' };
}

/** The list page's filters and order, and how many filters are set. */
export function useListFilters(): { filters: ListingFilters; sort: ListSort; active: number } {
  const [search] = useSearchParams();
  const read = filtersFromSearch(search);
  return { ...read, active: countFilters(read.filters) };
}

/**
 * Whether this is a filtered or reordered variant of a list page: search engines are asked not to
 * index it (its canonical URL stays the plain list's, which the page's meta names).
 */
export function useFilteredVariant(): boolean {
  const { active, sort } = useListFilters();
  return active > 0 || sort !== 'name';
}
