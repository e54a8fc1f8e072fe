import './styles.css';
import { Route, Routes } from '@mealprep/router';
import { DialogsProvider } from '@mealprep/ui/dialogs';
import { AdminBannersPage } from './features/banners/components/admin-banners-page';
import { AdminBlogPage } from './features/blog/components/admin-blog-page';
import { AdminBrandPage } from './features/brand/components/admin-brand-page';
import { AdminClaimsPage } from './features/claims/components/admin-claims-page';
import { AdminReviewsPage } from './features/reviews/components/admin-reviews-page';
import { SiteInsightsPage } from './features/insights/components/site-insights-page';
import { ServiceUtilitiesPage } from './features/checks/components/service-utilities-page';
import { ImportUtilitiesPage } from './features/imports/components/import-utilities-page';
import { AdminMediaPage } from './features/media/components/admin-media-page';
import { AdminServicesPage } from './features/services/components/admin-services-page';

/**
 * Exposed as `./routes`, mounted by the shell under /dashboard for admins only (the shell sends
 * everyone else away, and every admin API checks the role again on the server).
 */
export default function AdminRoutes() {
  return (
    <DialogsProvider>
      <Routes>
        <Route path="services" element={<AdminServicesPage />} />
        <Route path="blog" element={<AdminBlogPage />} />
        <Route path="brand" element={<AdminBrandPage />} />
        <Route path="claims" element={<AdminClaimsPage />} />
        <Route path="reviews" element={<AdminReviewsPage />} />
        <Route path="insights" element={<SiteInsightsPage />} />
        <Route path="media" element={<AdminMediaPage />} />
        <Route path="banner-images" element={<AdminBannersPage />} />
        <Route path="import-utilities" element={<ImportUtilitiesPage />} />
        <Route path="service-utilities" element={<ServiceUtilitiesPage />} />
      </Routes>
    </DialogsProvider>
  );
}
