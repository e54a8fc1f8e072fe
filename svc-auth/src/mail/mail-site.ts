import { PublishedBrandSchema, type PublishedBrand } from '@mealprep/contracts';
import { peerFetch } from '@mealprep/service-kit';
import type { MailSite } from './mailer';

/** svc-catalog's published brand (GET /brand): null when it has none to give, 'unavailable' when it cannot answer now. */
export async function readPublishedBrand(catalogUrl: string): Promise<PublishedBrand | null | 'unavailable'> {
  try {
    const answer = await peerFetch(catalogUrl, '/brand', { timeoutMs: 3_000 });
    if (answer.status === 404) return null;
    if (answer.status !== 200) return 'unavailable';
    const brand = PublishedBrandSchema.safeParse(await answer.json());
    return brand.success ? brand.data : 'unavailable';
  } catch {
    return 'unavailable';
  }
}

/** What mails take of the brand; before it is known (svc-catalog not heard yet), the site's host names it. */
export function mailSiteOf(brand: PublishedBrand | null, siteUrl: string): MailSite {
  if (!brand) {
    const host = new URL(siteUrl).host;
    return { siteName: host, senderName: host, replyTo: '', footerText: '' };
  }
  return { siteName: brand.settings.siteName, senderName: brand.settings.mail.senderName, replyTo: brand.settings.mail.replyTo, footerText: brand.settings.footerText };
}
