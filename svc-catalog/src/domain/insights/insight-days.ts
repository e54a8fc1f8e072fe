const DAY_MS = 86_400_000;

/** A moment's day (UTC, YYYY-MM-DD). */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The `count` days that end with `last` (UTC), oldest first. */
export function daysEndingOn(last: Date, count: number): string[] {
  const end = Date.UTC(last.getUTCFullYear(), last.getUTCMonth(), last.getUTCDate());
  return Array.from({ length: count }, (_, i) => dayOf(new Date(end - (count - 1 - i) * DAY_MS)));
}

/** How many days hits are recognised after their day (a batch delivered that late still counts nothing twice), and how late a batch may come at all. */
export const HIT_DAYS_KEPT = 3;

/** The first day whose hits are still taken and recognised. */
export const firstKeptDay = (now: Date) => daysEndingOn(now, HIT_DAYS_KEPT + 1)[0]!;

/** Months before this one are final: no hit of theirs is taken any more. */
export const firstOpenMonth = (now: Date) => firstKeptDay(now).slice(0, 7);
