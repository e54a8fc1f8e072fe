import type { EventEnvelope } from '@mealprep/contracts';
import { describe, expect, it } from 'vitest';
import { changesWhatVisitorsSee } from './catalog-events';

const event = (type: string, payload: Record<string, unknown>): EventEnvelope => ({
  id: '6f1c2b1e-8f55-4d8e-9a51-3f6f2b8b9c10',
  type,
  occurredAt: '2026-11-28T12:00:00.000Z',
  source: 'svc-catalog',
  payload,
});
const review = (change: string, shown: boolean) =>
  event('catalog.review.changed', {
    reviewId: 'a'.repeat(24),
    serviceId: 'b'.repeat(24),
    serviceName: 'Quiet Kitchen',
    slug: 'quiet-kitchen',
    status: 'published',
    ownerUserId: null,
    reviewerUserId: 'u1',
    change,
    shown,
    rating: 4,
    reason: null,
  });

describe('which catalogue events make the kept pages stale', () => {
  it('when a review is shown, changed, answered or taken down, then the kept pages are stale; a report, or a review held as it was written, leaves them', () => {
    for (const [change, shown] of [
      ['posted', true],
      ['edited', true],
      ['edited', false],
      ['deleted', false],
      ['replied', true],
      ['approved', true],
      ['rejected', false],
      ['removed', false],
    ] as const) {
      expect([change, shown, changesWhatVisitorsSee(review(change, shown))]).toEqual([change, shown, true]);
    }
    expect(changesWhatVisitorsSee(review('reported', true))).toBe(false);
    expect(changesWhatVisitorsSee(review('posted', false))).toBe(false);
    // One that cannot be read is taken as a change.
    expect(changesWhatVisitorsSee(event('catalog.review.changed', { change: 'reported' }))).toBe(true);
  });

  it('when a review event says visitors see nothing of it (a held review edited, a reply the checks held), then the kept pages stay; when it says they do, they are stale', () => {
    const said = (change: string, publicChange: boolean) => {
      const envelope = review(change, false);
      return { ...envelope, payload: { ...(envelope.payload as Record<string, unknown>), publicChange } };
    };
    for (const change of ['edited', 'deleted', 'replied', 'rejected']) expect([change, changesWhatVisitorsSee(said(change, false))]).toEqual([change, false]);
    for (const change of ['edited', 'deleted', 'reply-removed', 'rejected']) expect([change, changesWhatVisitorsSee(said(change, true))]).toEqual([change, true]);
  });

  it('when a quote request arrives, is approved or changes, then no kept page is stale (no page shows requests)', () => {
    for (const type of ['catalog.lead.received', 'catalog.lead.approved', 'catalog.lead.changed']) expect([type, changesWhatVisitorsSee(event(type, { leadId: 'l-1' }))]).toEqual([type, false]);
  });
});
