import { createRequire } from 'node:module';
import { getDomain } from 'tldts';
import { websiteHost } from '../catalogue/admin-index';

/** Free mail: anyone can have an address there, so it never proves a business's domain (npm email-providers 2.26.0, 8,760 domains). */
const FREE_MAIL = new Set<string>(createRequire(import.meta.url)('email-providers/all.json') as string[]);

/** Longer than any address or website a listing keeps; refused before it is read. */
const MAX_TEXT = 2_000;

export type ClaimMatch = { granted: true; by: 'contact-email' | 'website-domain' } | { granted: false; why: string };

/** The registrable domain ("kitchen.co.uk" for "www.kitchen.co.uk"), public-suffix aware, private suffixes too (github.io, wixsite.com). */
function baseDomain(host: string): string | null {
  return getDomain(host, { allowPrivateDomains: true }) ?? null;
}

/**
 * Whether a signed-in address proves it speaks for a listing, so a claim is granted at once: it is
 * the listing's contact e-mail, or its domain has the same base domain as the listing's website and
 * is not free mail. Anything else waits for an admin (the answer says why).
 */
export function claimMatch(signedInEmail: string, listing: { contact: { email: string; website: string } }): ClaimMatch {
  const email = signedInEmail.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at <= 0 || email.length > MAX_TEXT) return { granted: false, why: 'The signed-in address is not an e-mail address.' };
  const contact = listing.contact.email.trim().toLowerCase();
  if (contact && contact === email) return { granted: true, by: 'contact-email' };

  const mailDomain = email.slice(at + 1);
  const mailBase = baseDomain(mailDomain);
  if (!mailBase) return { granted: false, why: 'The signed-in address has no domain we can read.' };
  if (FREE_MAIL.has(mailDomain) || FREE_MAIL.has(mailBase)) return { granted: false, why: `${mailDomain} is a free mail service: it cannot show that you run this business.` };
  const website = listing.contact.website.trim();
  const host = website.length <= MAX_TEXT ? websiteHost(website) : null;
  const siteBase = host ? baseDomain(host) : null;
  if (!siteBase) return { granted: false, why: 'The listing has no website whose domain could match your address.' };
  if (siteBase !== mailBase) return { granted: false, why: `Your address is at ${mailDomain}; the listing's website is at ${siteBase}.` };
  return { granted: true, by: 'website-domain' };
}
