import { imageUrl, type ImageSize } from '@mealprep/contracts/browser';
import { initials } from '../../../lib/text';

interface ServiceLogoProps {
  name: string;
  logoImageId: string | null;
  size: ImageSize;
  /** Displayed size in px (square). */
  px: number;
  lazy?: boolean;
  /** Alt text; empty when the name is already written next to the logo. */
  alt?: string;
  className?: string;
}

/** The service's logo, or its initials on a tinted square when it has none. */
export function ServiceLogo({ name, logoImageId, size, px, lazy = true, alt = '', className = '' }: ServiceLogoProps) {
  if (logoImageId) {
    return (
      <img
        src={imageUrl(logoImageId, size)}
        alt={alt}
        width={px}
        height={px}
        loading={lazy ? 'lazy' : 'eager'}
        decoding="async"
        className={`shrink-0 rounded-lg bg-white object-contain ${className}`}
        style={{ width: px, height: px }}
      />
    );
  }
  return (
    <span
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      className={`inline-flex shrink-0 items-center justify-center rounded-lg bg-emerald-100 font-bold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50 ${className}`}
      style={{ width: px, height: px, fontSize: Math.round(px / 3) }}
    >
      {initials(name)}
    </span>
  );
}
