import fc from 'fast-check';
import { dayOf, daysEndingOn, firstKeptDay, firstOpenMonth, HIT_DAYS_KEPT } from './insight-days';

describe('the days insights are counted on', () => {
  it('when a moment is late in the evening west of UTC, then its day is the UTC day', () => {
    expect(dayOf(new Date('2026-03-01T02:30:00-05:00'))).toBe('2026-03-01');
    expect(dayOf(new Date('2026-02-28T23:30:00-05:00'))).toBe('2026-03-01');
  });

  it('when the days ending on a date are asked, then they come oldest first across a month end and a leap day', () => {
    expect(daysEndingOn(new Date('2028-03-02T15:00:00Z'), 4)).toEqual(['2028-02-28', '2028-02-29', '2028-03-01', '2028-03-02']);
    expect(daysEndingOn(new Date('2027-01-01T00:00:00Z'), 2)).toEqual(['2026-12-31', '2027-01-01']);
  });

  it('when hits are taken, then today and the three days before are kept, and the month of the oldest kept day is still open', () => {
    expect(HIT_DAYS_KEPT).toBe(3);
    expect(firstKeptDay(new Date('2026-11-24T12:00:00Z'))).toBe('2026-11-21');
    expect(firstOpenMonth(new Date('2026-12-02T08:00:00Z'))).toBe('2026-11');
    expect(firstOpenMonth(new Date('2026-12-04T08:00:00Z'))).toBe('2026-12');
  });

  it('property: the days asked are `count` consecutive days ending with the given day', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), fc.integer({ min: 1, max: 60 }), (last, count) => {
        const days = daysEndingOn(last, count);
        expect(days).toHaveLength(count);
        expect(days.at(-1)).toBe(dayOf(last));
        const steps = days.slice(1).map((day, i) => Date.parse(day) - Date.parse(days[i]!));
        expect(steps.every((ms) => ms === 86_400_000)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
