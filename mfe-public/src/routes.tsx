import './styles.css';
import { Loading } from '@mealprep/ui';
import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from '@mealprep/router';
import { NotFoundPage } from './features/not-found/components/not-found-page';
import { HomePage } from './pages/home-page';

/** One chunk per page, so / loads only the home page's code. */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const FindServicePage = lazyPage(() => import(/* webpackChunkName: "page-find-service-page" */ './pages/find-service-page'), 'FindServicePage');
const ServicesByStatePage = lazyPage(() => import(/* webpackChunkName: "page-services-by-state-page" */ './pages/services-by-state-page'), 'ServicesByStatePage');
const StatePage = lazyPage(() => import(/* webpackChunkName: "page-state-page" */ './pages/state-page'), 'StatePage');
const CityServicesPage = lazyPage(() => import(/* webpackChunkName: "page-state-page" */ './pages/state-page'), 'CityServicesPage');
const ServicesThatShipPage = lazyPage(() => import(/* webpackChunkName: "page-services-that-ship-page" */ './pages/services-that-ship-page'), 'ServicesThatShipPage');
const ServicesByMealTypePage = lazyPage(() => import(/* webpackChunkName: "page-services-by-meal-type-page" */ './pages/services-by-meal-type-page'), 'ServicesByMealTypePage');
const MealTypePage = lazyPage(() => import(/* webpackChunkName: "page-meal-type-page" */ './pages/meal-type-page'), 'MealTypePage');
const ServicesByNamePage = lazyPage(() => import(/* webpackChunkName: "page-services-by-name-page" */ './pages/services-by-name-page'), 'ServicesByNamePage');
const NearPage = lazyPage(() => import(/* webpackChunkName: "page-near-page" */ './pages/near-page'), 'NearPage');
const ServicePage = lazyPage(() => import(/* webpackChunkName: "page-service-page" */ './pages/service-page'), 'ServicePage');
const ArticlesPage = lazyPage(() => import(/* webpackChunkName: "page-articles-page" */ './pages/articles-page'), 'ArticlesPage');
const ArticlePage = lazyPage(() => import(/* webpackChunkName: "page-articles-page" */ './pages/articles-page'), 'ArticlePage');
const AddYourServicePage = lazyPage(() => import(/* webpackChunkName: "page-form-pages" */ './pages/form-pages'), 'AddYourServicePage');
const PaperformPage = lazyPage(() => import(/* webpackChunkName: "page-form-pages" */ './pages/form-pages'), 'PaperformPage');
const AboutPage = lazyPage(() => import(/* webpackChunkName: "page-info-pages" */ './pages/info-pages'), 'AboutPage');
const TermsPage = lazyPage(() => import(/* webpackChunkName: "page-info-pages" */ './pages/info-pages'), 'TermsPage');
const PrivacyPage = lazyPage(() => import(/* webpackChunkName: "page-info-pages" */ './pages/info-pages'), 'PrivacyPage');

/**
 * The lazily loaded chunk of each page (the names above), by route: the server render links the
 * page's own chunk in the head, so the browser has it by the time it hydrates.
 */
export const PAGE_CHUNKS: ReadonlyArray<readonly [path: string, chunk: string]> = [
  ['/find-service', 'page-find-service-page'],
  ['/services-by-state', 'page-services-by-state-page'],
  ['/state/:stateSlug', 'page-state-page'],
  ['/state/:stateSlug/:citySlug', 'page-state-page'],
  ['/services-that-ship', 'page-services-that-ship-page'],
  ['/services-by-meal-type', 'page-services-by-meal-type-page'],
  ['/meal-type/:mealTypeSlug', 'page-meal-type-page'],
  ['/services-by-name', 'page-services-by-name-page'],
  ['/service/:serviceSlug', 'page-service-page'],
  ['/near', 'page-near-page'],
  ['/near/:place', 'page-near-page'],
  ['/articles', 'page-articles-page'],
  ['/articles/:slug', 'page-articles-page'],
  ['/add-your-service', 'page-form-pages'],
  ['/paperform', 'page-form-pages'],
  ['/paperform/:formId', 'page-form-pages'],
  ['/about', 'page-info-pages'],
  ['/terms-of-service', 'page-info-pages'],
  ['/privacy-policy', 'page-info-pages'],
];

/**
 * Exposed as `./routes`: every public page. The shell mounts it under a splat route and provides
 * the router and the QueryClient.
 */
export default function PublicRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route index element={<HomePage />} />
        <Route path="find-service" element={<FindServicePage />} />
        <Route path="services-by-state" element={<ServicesByStatePage />} />
        <Route path="state/:stateSlug" element={<StatePage />} />
        <Route path="state/:stateSlug/:citySlug" element={<CityServicesPage />} />
        <Route path="services-that-ship" element={<ServicesThatShipPage />} />
        <Route path="services-by-meal-type" element={<ServicesByMealTypePage />} />
        <Route path="meal-type/:mealTypeSlug" element={<MealTypePage />} />
        <Route path="services-by-name" element={<ServicesByNamePage />} />
        <Route path="service/:serviceSlug" element={<ServicePage />} />
        <Route path="near" element={<NearPage />} />
        <Route path="near/:place" element={<NearPage />} />
        <Route path="articles" element={<ArticlesPage />} />
        <Route path="articles/:slug" element={<ArticlePage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="add-your-service" element={<AddYourServicePage />} />
        <Route path="paperform" element={<PaperformPage />} />
        <Route path="paperform/:formId" element={<PaperformPage />} />
        <Route path="terms-of-service" element={<TermsPage />} />
        <Route path="privacy-policy" element={<PrivacyPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
