/** What a screen shows where a date is missing or unreadable. */
export const NO_DATE = '—';

/**
 * One formatter per style, made when first used: `toLocaleDateString` with a locale builds a new
 * ICU formatter on every call, which a page of reviews pays for each date.
 */
function formatter(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let made: Intl.DateTimeFormat | null = null;
  return (date) => (made ??= new Intl.DateTimeFormat('en-US', options)).format(date);
}
const day = formatter({ dateStyle: 'medium' });
const dayAndTime = formatter({ dateStyle: 'medium', timeStyle: 'short' });
const publicDay = formatter({ year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

const valid = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** "Mar 5, 2026", in the reader's time zone: the admin's and the owner's screens (rendered in the browser only). */
export function formatDay(iso: string | null | undefined): string {
  const date = valid(iso);
  return date ? day(date) : NO_DATE;
}

/** "Mar 5, 2026, 3:04 PM", in the reader's time zone. */
export function formatDayAndTime(iso: string | null | undefined): string {
  const date = valid(iso);
  return date ? dayAndTime(date) : NO_DATE;
}

/**
 * "March 5, 2026", in UTC: the public pages are rendered on the server and hydrated in the browser,
 * and both must write the same day whatever their time zones. Null where there is no date.
 */
export function formatPublicDate(iso: string | null | undefined): string | null {
  const date = valid(iso);
  return date ? publicDay(date) : null;
}
