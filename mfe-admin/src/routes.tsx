import './styles.css';
import { Route, Routes } from '@mealprep/router';
import { AdminHome } from './features/admin-home/components/admin-home';

/** Exposed as `./routes`. Not mounted by the shell yet; its pages arrive with later issues. */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route path="*" element={<AdminHome />} />
    </Routes>
  );
}
