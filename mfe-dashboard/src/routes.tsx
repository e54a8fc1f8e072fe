import './styles.css';
import { Route, Routes } from '@mealprep/router';
import { DialogsProvider } from '@mealprep/ui/dialogs';
import { ClaimPage } from './features/claims/components/claim-page';
import { MyClaims } from './features/claims/components/my-claims';
import { ListingInsights } from './features/insights/components/listing-insights';
import { MyListingsInsights } from './features/insights/components/my-listings-insights';
import { DashboardHome } from './features/dashboard-home/components/dashboard-home';
import { DashboardNotFound } from './features/not-found/components/dashboard-not-found';
import { LeadsInbox } from './features/leads/components/leads-inbox';
import { AddServicePage } from './features/services/components/add-service-page';
import { EditServicePage } from './features/services/components/edit-service-page';

/** Exposed as `./routes`, mounted by the shell under /dashboard (signed-in users only). */
export default function DashboardRoutes() {
  return (
    <DialogsProvider>
      <Routes>
        <Route index element={<DashboardHome claims={<MyClaims />} insights={<MyListingsInsights />} />} />
        <Route path="claim/:serviceId" element={<ClaimPage />} />
        <Route path="add-service" element={<AddServicePage />} />
        <Route path="leads" element={<LeadsInbox />} />
        <Route path="services/:serviceId/edit" element={<EditServicePage insights={(serviceId) => <ListingInsights serviceId={serviceId} />} />} />
        <Route path="*" element={<DashboardNotFound />} />
      </Routes>
    </DialogsProvider>
  );
}
