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

const FindServicePage = lazyPage(() => import('./pages/find-service-page'), 'FindServicePage');
const ServicesByStatePage = lazyPage(() => import('./pages/services-by-state-page'), 'ServicesByStatePage');
const StatePage = lazyPage(() => import('./pages/state-page'), 'StatePage');
const ServicesThatShipPage = lazyPage(() => import('./pages/services-that-ship-page'), 'ServicesThatShipPage');
const ServicesByMealTypePage = lazyPage(() => import('./pages/services-by-meal-type-page'), 'ServicesByMealTypePage');
const MealTypePage = lazyPage(() => import('./pages/meal-type-page'), 'MealTypePage');
const ServicesByNamePage = lazyPage(() => import('./pages/services-by-name-page'), 'ServicesByNamePage');
const ServicePage = lazyPage(() => import('./pages/service-page'), 'ServicePage');
const ArticlesPage = lazyPage(() => import('./pages/articles-page'), 'ArticlesPage');
const ArticlePage = lazyPage(() => import('./pages/articles-page'), 'ArticlePage');
const AddYourServicePage = lazyPage(() => import('./pages/form-pages'), 'AddYourServicePage');
const PaperformPage = lazyPage(() => import('./pages/form-pages'), 'PaperformPage');
const AboutPage = lazyPage(() => import('./pages/info-pages'), 'AboutPage');
const TermsPage = lazyPage(() => import('./pages/info-pages'), 'TermsPage');
const PrivacyPage = lazyPage(() => import('./pages/info-pages'), 'PrivacyPage');

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
        <Route path="services-that-ship" element={<ServicesThatShipPage />} />
        <Route path="services-by-meal-type" element={<ServicesByMealTypePage />} />
        <Route path="meal-type/:mealTypeSlug" element={<MealTypePage />} />
        <Route path="services-by-name" element={<ServicesByNamePage />} />
        <Route path="service/:serviceSlug" element={<ServicePage />} />
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
