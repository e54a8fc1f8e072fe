/**
 * The part of TanStack Query the apps use. Module Federation shares this module whole with every
 * remote (a shared module is never tree-shaken), so it names only what the apps call: all of
 * @tanstack/react-query is about 4 KB gzipped more on every page's first load. A name the apps
 * need is added here; apps never import @tanstack/react-query themselves (a second copy would
 * have a QueryClient context of its own).
 */
export { hydrate, keepPreviousData, QueryClient, QueryClientProvider, queryOptions, useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
export type * from '@tanstack/react-query';
