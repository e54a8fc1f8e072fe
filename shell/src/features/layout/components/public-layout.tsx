import { Outlet } from '@mealprep/router';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col print:min-h-0">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-gray-900">
        Skip to content
      </a>
      <SiteHeader />
      {/* At least a viewport tall: the footer starts below the fold, so content arriving in the
          remote area (or growing while it loads) never moves anything the visitor can see. */}
      <main id="main" className="mx-auto min-h-screen w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 lg:px-8 print:min-h-0 print:py-0">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
