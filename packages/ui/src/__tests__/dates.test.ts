import { afterEach, describe, expect, it } from 'vitest';
import { formatDay, formatDayAndTime, formatPublicDate, NO_DATE } from '../format/dates';

describe('dates as screens show them', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('when a public page shows a date, then it is the UTC day, the same on the server and in a browser on the west coast', () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(formatPublicDate('2026-03-01T02:00:00.000Z')).toBe('March 1, 2026');
    expect(formatDay('2026-03-01T02:00:00.000Z')).toBe('Feb 28, 2026');
    expect(formatDayAndTime('2026-03-01T02:00:00.000Z')).toBe('Feb 28, 2026, 6:00 PM');
  });

  it('when a date is missing or unreadable, then the admin and owner screens show a dash and a public page nothing', () => {
    for (const missing of [null, undefined, '', 'not a date']) {
      expect(formatDay(missing)).toBe(NO_DATE);
      expect(formatDayAndTime(missing)).toBe(NO_DATE);
      expect(formatPublicDate(missing)).toBeNull();
    }
  });
});
