import { Link } from '@mealprep/router';
import { FOOTER_LINKS } from '../../../lib/nav-links';
import { useShownBrand } from '../../../lib/site-names';

const linkClass =
  'rounded-sm text-sm text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:text-gray-400 dark:hover:text-white';

export function SiteFooter({ year = new Date().getFullYear() }: { year?: number }) {
  const { siteName, socialLinks, socialLabels, footerText } = useShownBrand();
  return (
    <footer className="print:hidden border-t border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-900">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 lg:px-8">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-3">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
            {socialLinks.map((href, i) => (
              <li key={href}>
                <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
                  {socialLabels[i] ?? href}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {footerText ? <p className="max-w-3xl text-sm whitespace-pre-line text-gray-600 dark:text-gray-400">{footerText}</p> : null}
        <p className="text-sm text-gray-600 dark:text-gray-400">
          © {year} {siteName}
        </p>
      </div>
    </footer>
  );
}
