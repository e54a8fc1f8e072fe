import './styles.css';
import { Loading } from '@mealprep/ui';
import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes, useLocation } from '@mealprep/router';
import { NotFoundPage } from './features/not-found/components/not-found-page';
import { CompareTray } from './features/services/components/compare-tray';
import { HomePage } from './pages/home-page';
import { matchPublicRoute, PUBLIC_ROUTES, type PageChunk } from './route-table';

/** One chunk per page (or a few related pages), so / loads only the home page's code. */
export const CHUNKS = {
  'page-find-service-page': () => import(/* webpackChunkName: "page-find-service-page" */ './pages/find-service-page'),
  'page-services-by-state-page': () => import(/* webpackChunkName: "page-services-by-state-page" */ './pages/services-by-state-page'),
  'page-state-page': () => import(/* webpackChunkName: "page-state-page" */ './pages/state-page'),
  'page-services-that-ship-page': () => import(/* webpackChunkName: "page-services-that-ship-page" */ './pages/services-that-ship-page'),
  'page-services-by-meal-type-page': () => import(/* webpackChunkName: "page-services-by-meal-type-page" */ './pages/services-by-meal-type-page'),
  'page-meal-type-page': () => import(/* webpackChunkName: "page-meal-type-page" */ './pages/meal-type-page'),
  'page-services-by-name-page': () => import(/* webpackChunkName: "page-services-by-name-page" */ './pages/services-by-name-page'),
  'page-near-page': () => import(/* webpackChunkName: "page-near-page" */ './pages/near-page'),
  'page-service-page': () => import(/* webpackChunkName: "page-service-page" */ './pages/service-page'),
  'page-compare-page': () => import(/* webpackChunkName: "page-compare-page" */ './pages/compare-page'),
  'page-articles-page': () => import(/* webpackChunkName: "page-articles-page" */ './pages/articles-page'),
  'page-form-pages': () => import(/* webpackChunkName: "page-form-pages" */ './pages/form-pages'),
  'page-info-pages': () => import(/* webpackChunkName: "page-info-pages" */ './pages/info-pages'),
} satisfies Record<PageChunk, () => Promise<Record<string, unknown>>>;

/** The pages in the routes chunk itself. */
const IN_ROUTES_CHUNK: Record<string, ComponentType> = { HomePage };

function pageOf(chunk: PageChunk | null, component: string): ComponentType {
  // A name the chunk does not have fails the route table's test (__tests__/route-table.test.tsx).
  if (!chunk) return IN_ROUTES_CHUNK[component]!;
  return lazy(async () => ({ default: ((await CHUNKS[chunk]()) as Record<string, ComponentType>)[component]! }));
}

/** The route table's pages, made once: a lazy page keeps its chunk once loaded. */
const PAGES = PUBLIC_ROUTES.map((route) => ({ path: route.path, Page: pageOf(route.chunk, route.component) }));

/**
 * Exposed as `./routes`: every public page of the route table. The shell mounts it under a splat
 * route and provides the router and the QueryClient. Only the route the table matches for the
 * location is mounted (the server render names it, `only`; in the browser it is matched here on
 * each move): the router would otherwise rank and compile every route on every render. No route
 * matched, the not-found page.
 */
export default function PublicRoutes({ only }: { only?: string | null }) {
  const { pathname } = useLocation();
  const matched = only === undefined ? (matchPublicRoute(pathname)?.route.path ?? null) : only;
  return (
    <Suspense fallback={<Loading />}>
      <CompareTray />
      <Routes>
        {PAGES.filter((page) => page.path === matched).map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
