import './styles.css';
import { ADMIN_SCREENS } from '@mealprep/contracts/browser';
import { Route, Routes } from '@mealprep/router';
import { AdminScreen } from './features/screens/components/admin-screen';

/**
 * Exposed as `./routes`, mounted by the shell under /dashboard for admins only (the shell sends
 * everyone else away, and every admin API checks the role again on the server).
 */
export default function AdminRoutes() {
  return (
    <Routes>
      {ADMIN_SCREENS.map((screen) => (
        <Route key={screen.path} path={screen.path} element={<AdminScreen title={screen.label} />} />
      ))}
    </Routes>
  );
}
