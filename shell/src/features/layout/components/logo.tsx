import { BRAND_LOGO_HEIGHT, brandImagePath, logoSize } from '@mealprep/contracts/browser';
import { Link } from '@mealprep/router';
import { useShownBrand } from '../../../lib/site-names';
import type { Theme } from '../../../lib/theme-store';

/**
 * The mark has a light and a dark version so it keeps its contrast on either background. Both are
 * in the page and the theme's class on the root shows one (`dark:`), so a server-rendered page
 * shows the right one before any script runs.
 */
function LogoMark({ theme }: { theme: Theme }) {
  const plate = theme === 'dark' ? '#34d399' : '#047857';
  const food = theme === 'dark' ? '#030712' : '#ffffff';
  return (
    <svg aria-hidden="true" data-logo-variant={theme} viewBox="0 0 32 32" className={`size-8 shrink-0 ${theme === 'dark' ? 'hidden dark:block' : 'dark:hidden'}`}>
      <rect width="32" height="32" rx="8" fill={plate} />
      <circle cx="16" cy="17" r="8" fill="none" stroke={food} strokeWidth="2.5" />
      <path d="M16 5v5M12 6v3M20 6v3" stroke={food} strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The brand's logo for a theme, drawn at the header's height with its box known before the file arrives (its size is in its id). */
function BrandLogo({ id, theme, siteName }: { id: string; theme: Theme; siteName: string }) {
  const size = logoSize(id) ?? { width: BRAND_LOGO_HEIGHT, height: BRAND_LOGO_HEIGHT };
  const width = Math.round((size.width * BRAND_LOGO_HEIGHT) / size.height);
  return (
    <img
      src={brandImagePath(id)}
      alt={siteName}
      width={width}
      height={BRAND_LOGO_HEIGHT}
      // The other theme's is not shown (display: none) and so not fetched.
      loading="lazy"
      className={`h-8 max-w-60 object-contain ${theme === 'dark' ? 'hidden dark:block' : 'dark:hidden'}`}
    />
  );
}

/** The header's logo: the brand's own when staff gave one (it names the site), else the built-in mark beside the site's name. */
export function Logo() {
  const { siteName, images } = useShownBrand();
  const light = images?.logoLight ?? images?.logoDark;
  const dark = images?.logoDark ?? light;
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md font-bold text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:text-white">
      {light && dark ? (
        <>
          <BrandLogo id={light} theme="light" siteName={siteName} />
          <BrandLogo id={dark} theme="dark" siteName={siteName} />
        </>
      ) : (
        <>
          <LogoMark theme="light" />
          <LogoMark theme="dark" />
          <span className="text-lg tracking-tight">{siteName}</span>
        </>
      )}
    </Link>
  );
}
