import './styles.css';
import { Route, Routes } from '@mealprep/router';
import { DashboardHome } from './features/dashboard-home/components/dashboard-home';

/** Exposed as `./routes`. Not mounted by the shell yet; its pages arrive with later issues. */
export default function DashboardRoutes() {
  return (
    <Routes>
      <Route path="*" element={<DashboardHome />} />
    </Routes>
  );
}
