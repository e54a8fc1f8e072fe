import './styles.css';
import { Route, Routes } from 'react-router-dom';
import { StatePage } from './features/regions/components/state-page';
import { NotFoundPage } from './features/not-found/components/not-found-page';
import { HomePage } from './pages/home-page';

/**
 * Exposed as `./routes`: every public page. The shell mounts it under a splat route and provides
 * the router and the QueryClient.
 */
export default function PublicRoutes() {
  return (
    <Routes>
      <Route index element={<HomePage />} />
      <Route path="state/:stateSlug" element={<StatePage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
