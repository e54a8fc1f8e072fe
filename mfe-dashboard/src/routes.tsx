import './styles.css';
import { Route, Routes } from '@mealprep/router';
import { DashboardHome } from './features/dashboard-home/components/dashboard-home';
import { DashboardNotFound } from './features/not-found/components/dashboard-not-found';

/** Exposed as `./routes`, mounted by the shell under /dashboard (signed-in users only). */
export default function DashboardRoutes() {
  return (
    <Routes>
      <Route index element={<DashboardHome />} />
      <Route path="*" element={<DashboardNotFound />} />
    </Routes>
  );
}
