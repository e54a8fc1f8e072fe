import { useEffect, useState } from 'react';
import { NavLink, useLocation } from '@mealprep/router';
import { useEarlyClick } from '@mealprep/ui';
import { ThemeSwitch } from '../../../lib/theme-switch';
import { useSession } from '../../../lib/use-session';
import { DASHBOARD_LINK, HEADER_LINKS, LOGIN_LINK, navLinkClass } from '../../../lib/nav-links';
import { HeaderSearch } from './header-search';
import { Logo } from './logo';

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleMenu = () => setMenuOpen((open) => !open);
  // A click made while the page still loads its scripts opens the menu once the app runs.
  const earlyClick = useEarlyClick('site-menu', toggleMenu);
  const { pathname } = useLocation();
  const { user } = useSession();
  const links = [...HEADER_LINKS, user ? DASHBOARD_LINK : LOGIN_LINK];

  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  return (
    <header className="print:hidden sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur dark:border-gray-800 dark:bg-gray-950/95">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-6 lg:px-8">
        <Logo />
        <div className="flex items-center gap-1 lg:order-last">
          <ThemeSwitch />
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 lg:hidden dark:text-gray-200 dark:hover:bg-gray-800"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="site-nav"
            {...earlyClick}
            onClick={toggleMenu}
          >
            <MenuIcon open={menuOpen} />
          </button>
        </div>
        {/* One collapsible block: a row beside the logo on wide screens, the mobile menu on narrow ones. */}
        <div id="site-nav" className={`${menuOpen ? 'flex' : 'hidden'} w-full flex-col gap-2 pb-2 lg:ml-auto lg:flex lg:w-auto lg:flex-row lg:items-center lg:gap-3 lg:pb-0`}>
          <nav aria-label="Main">
            <ul className="flex flex-col gap-1 py-2 lg:flex-row lg:items-center lg:py-0">
              {links.map((link) => (
                // Sign-in and Dashboard take the same room: the server renders the page signed out,
                // and a signed-in visitor's link changes after hydration without moving the rest.
                <li key={link.to} className={link === DASHBOARD_LINK || link === LOGIN_LINK ? 'lg:min-w-[6.5rem] lg:text-center' : undefined}>
                  <NavLink to={link.to} end={link.to === '/'} className={navLinkClass}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <HeaderSearch className="px-3 lg:px-0" onSearch={() => setMenuOpen(false)} />
        </div>
      </div>
    </header>
  );
}
