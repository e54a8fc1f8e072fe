import './styles.css';
import { Route, Routes } from '@mealprep/router';
import { DialogsProvider } from '@mealprep/ui/dialogs';
import { DashboardHome } from './features/dashboard-home/components/dashboard-home';
import { DashboardNotFound } from './features/not-found/components/dashboard-not-found';
import { AddServicePage } from './features/services/components/add-service-page';
import { EditServicePage } from './features/services/components/edit-service-page';

/** Exposed as `./routes`, mounted by the shell under /dashboard (signed-in users only). */
export default function DashboardRoutes() {
  return (
    <DialogsProvider>
      <Routes>
        <Route index element={<DashboardHome />} />
        <Route path="add-service" element={<AddServicePage />} />
        <Route path="services/:serviceId/edit" element={<EditServicePage />} />
        <Route path="*" element={<DashboardNotFound />} />
      </Routes>
    </DialogsProvider>
  );
}
