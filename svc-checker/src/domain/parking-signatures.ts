/**
 * Phrases and hosts that parking and domain-sale pages carry. A listed site that shows one has
 * most likely closed: the domain lapsed or is for sale.
 */
const PARKED_TEXT = [
  /this domain (name )?(is|may be) for sale/i,
  /buy this domain/i,
  /the domain .{1,80} (is|may be) for sale/i,
  /domain (is )?parked/i,
  /parked (free|domain|page)/i,
  /this (web ?page|site|domain) is parked/i,
  /make an offer on this domain/i,
  /inquire about this domain/i,
];
const PARKED_MARKUP =
  /(sedoparking|parkingcrew|bodis\.com|above\.com\/marketplace|afternic|dan\.com\/buy-domain|hugedomains|domainmarket\.com|uniregistry|parklogic|parked-content|\/parking\/|window\.park\b)/i;

export function looksParked(html: string, text: string): boolean {
  return PARKED_MARKUP.test(html) || PARKED_TEXT.some((pattern) => pattern.test(text));
}
