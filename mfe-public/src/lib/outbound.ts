export const REFERRAL_PARAMS = {
  utm_source: 'mealprepdirectory',
  utm_medium: 'referral',
  utm_campaign: 'listing',
} as const;

/**
 * A service's website with our referral parameters added (its own parameters kept). Owners type
 * "example.com" as often as a full URL; anything that is not http(s) gives null (no link).
 */
export function withReferralParams(website: string): string | null {
  const raw = website.trim();
  if (!raw) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(raw);
  let url: URL;
  try {
    url = new URL(hasScheme ? raw : `https://${raw}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  for (const [key, value] of Object.entries(REFERRAL_PARAMS)) url.searchParams.set(key, value);
  return url.href;
}

/** "https://www.example.com/menu" → "www.example.com/menu", for display. */
export function displayUrl(website: string): string {
  return website
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/\/$/, '');
}

export function telHref(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, '');
  return digits.replace(/\D/g, '').length >= 7 ? `tel:${digits}` : null;
}

export function mailtoHref(email: string): string | null {
  const trimmed = email.trim();
  return /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(trimmed) ? `mailto:${trimmed}` : null;
}

/**
 * Share links with the page's URL and title wherever the network's form takes a title (Twitter's
 * text, LinkedIn's title). Facebook's sharer takes the URL only (its Share dialog no longer lists a
 * quote or title parameter): it reads the title from the page's og:title, which the gateway writes.
 */
export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { network: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: 'Twitter', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { network: 'LinkedIn', href: `https://www.linkedin.com/shareArticle?mini=true&url=${u}&title=${t}` },
  ] as const;
}

/** An http(s) address as given, or null: data from the server never becomes a javascript: link. */
export function safeExternalUrl(url: string): string | null {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
