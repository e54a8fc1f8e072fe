/** What a screen shows where a date is missing or unreadable. */
export const NO_DATE = '—';

const valid = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** "Mar 5, 2026", in the reader's time zone: the admin's and the owner's screens (rendered in the browser only). */
export function formatDay(iso: string | null | undefined): string {
  return valid(iso)?.toLocaleDateString('en-US', { dateStyle: 'medium' }) ?? NO_DATE;
}

/** "Mar 5, 2026, 3:04 PM", in the reader's time zone. */
export function formatDayAndTime(iso: string | null | undefined): string {
  return valid(iso)?.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) ?? NO_DATE;
}

/**
 * "March 5, 2026", in UTC: the public pages are rendered on the server and hydrated in the browser,
 * and both must write the same day whatever their time zones. Null where there is no date.
 */
export function formatPublicDate(iso: string | null | undefined): string | null {
  return valid(iso)?.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }) ?? null;
}
