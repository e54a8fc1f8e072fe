import type { EventEnvelope } from '@mealprep/contracts';
import { describe, expect, it } from 'vitest';
import { invalidationFor } from './topics';

const event = (type: string, payload: Record<string, unknown>): EventEnvelope => ({
  id: '6f1c2b1e-8f55-4d8e-9a51-3f6f2b8b9c10',
  type,
  occurredAt: '2026-11-23T12:00:00.000Z',
  source: 'svc-catalog',
  payload,
});
const service = (status: string, extra: Record<string, unknown> = {}) => ({ serviceId: 's1', slug: 'quiet-kitchen', status, ownerUserId: 'owner-1', ...extra });

describe('live topics: what a change invalidates, and who hears of it', () => {
  it('when a public listing changes, or one leaves or joins the public site, then everybody hears of it', () => {
    for (const payload of [service('published'), service('closed'), service('pending', { previousStatus: 'published' }), service('published', { previousStatus: 'pending' })]) {
      const type = 'previousStatus' in payload ? 'catalog.service.status-changed' : 'catalog.service.updated';
      expect(invalidationFor(event(type, payload))).toEqual({ invalidation: { topics: ['services', 'regions'], slug: 'quiet-kitchen' }, audience: { kind: 'everyone' } });
    }
  });

  it('when a listing changes, then the news names its version after the change, so a page that holds it at that version need not read it again; an event without one names none', () => {
    expect(invalidationFor(event('catalog.service.updated', service('published', { version: 7 })))?.invalidation).toEqual({ topics: ['services', 'regions'], slug: 'quiet-kitchen', version: 7 });
    expect(invalidationFor(event('catalog.service.updated', service('draft', { version: 2 })))?.invalidation).toEqual({ topics: ['services', 'regions'], slug: 'quiet-kitchen', version: 2 });
    expect(invalidationFor(event('catalog.service.updated', service('published', { version: 0 })))?.invalidation).toEqual({ topics: ['services', 'regions'], slug: 'quiet-kitchen' });
  });

  it('when a listing that is not public changes (draft, pending, rejected), then only its owner and the admins hear of it', () => {
    for (const [type, payload] of [
      ['catalog.service.created', service('draft')],
      ['catalog.service.updated', service('pending')],
      ['catalog.service.status-changed', service('pending', { previousStatus: 'draft' })],
      ['catalog.service.deleted', service('rejected')],
    ] as const) {
      expect(invalidationFor(event(type, payload))?.audience).toEqual({ kind: 'owner-and-admins', ownerUserId: 'owner-1' });
    }
    // An imported listing with no owner: the admins only.
    expect(invalidationFor(event('catalog.service.updated', service('draft', { ownerUserId: null })))?.audience).toEqual({ kind: 'owner-and-admins', ownerUserId: null });
  });

  it('when reference data, articles or banners change, then everybody hears of it; a report and a sign-in are not announced', () => {
    expect(invalidationFor(event('catalog.meal-types.seeded', { count: 9 }))).toEqual({ invalidation: { topics: ['meal-types'] }, audience: { kind: 'everyone' } });
    expect(invalidationFor(event('catalog.regions.seeded', { count: 51 }))).toEqual({ invalidation: { topics: ['regions'] }, audience: { kind: 'everyone' } });
    expect(invalidationFor(event('catalog.articles.changed', { slugs: ['keto-basics'] }))).toEqual({ invalidation: { topics: ['articles'] }, audience: { kind: 'everyone' } });
    expect(invalidationFor(event('media.banners.changed', { count: 3 }))).toEqual({ invalidation: { topics: ['banners'] }, audience: { kind: 'everyone' } });
    expect(invalidationFor(event('catalog.services.imported', { created: 2, updated: 0 }))).toEqual({ invalidation: { topics: ['services', 'regions'] }, audience: { kind: 'everyone' } });
    expect(invalidationFor(event('catalog.service.reported-open', { serviceId: 's1', slug: 'quiet-kitchen', reportId: 'r1' }))).toBeNull();
    expect(invalidationFor(event('auth.user.created', { userId: 'u1', email: 'a@example.com' }))).toBeNull();
  });

  it("when a review of a public listing is shown, changed or taken down, then everybody reads its reviews again; a report is not announced, and a closed-off listing is its owner's and the admins'", () => {
    const review = (change: string, status = 'published') => ({ ...service(status), reviewId: 'r1', serviceName: 'Quiet Kitchen', reviewerUserId: 'u2', change, shown: true, rating: 4, reason: null });
    for (const change of ['posted', 'edited', 'deleted', 'replied', 'approved', 'rejected', 'removed']) {
      expect(invalidationFor(event('catalog.review.changed', review(change)))).toEqual({ invalidation: { topics: ['services'], slug: 'quiet-kitchen' }, audience: { kind: 'everyone' } });
    }
    expect(invalidationFor(event('catalog.review.changed', review('reported')))).toBeNull();
    expect(invalidationFor(event('catalog.review.changed', review('removed', 'pending')))?.audience).toEqual({ kind: 'owner-and-admins', ownerUserId: 'owner-1' });
  });

  it('when a review event says visitors see nothing of it (a held review edited, a reply the checks held), then no open page is told', () => {
    const review = (change: string, publicChange: boolean) => ({
      ...service('published'),
      reviewId: 'r1',
      serviceName: 'Quiet Kitchen',
      reviewerUserId: 'u2',
      change,
      shown: false,
      publicChange,
      rating: 4,
      reason: null,
    });
    for (const change of ['posted', 'edited', 'deleted', 'replied']) expect(invalidationFor(event('catalog.review.changed', review(change, false)))).toBeNull();
    expect(invalidationFor(event('catalog.review.changed', review('reply-removed', true)))?.invalidation).toEqual({ topics: ['services'], slug: 'quiet-kitchen' });
  });

  it('when a quote request arrives or changes, then only its owner (not while staff hold it) and the admins hear of it, and nothing of it travels', () => {
    const lead = { leadId: 'l-1', serviceId: 's1', serviceName: 'Quiet Kitchen', slug: 'quiet-kitchen', ownerUserId: 'owner-1', request: { email: 'dana@example.com' } };
    expect(invalidationFor(event('catalog.lead.received', { ...lead, held: false }))).toEqual({ invalidation: { topics: ['leads'] }, audience: { kind: 'owner-and-admins', ownerUserId: 'owner-1' } });
    expect(invalidationFor(event('catalog.lead.received', { ...lead, held: true }))).toEqual({ invalidation: { topics: ['leads'] }, audience: { kind: 'owner-and-admins', ownerUserId: null } });
    expect(invalidationFor(event('catalog.lead.changed', { leadId: 'l-1', ownerUserId: 'owner-1' }))).toEqual({
      invalidation: { topics: ['leads'] },
      audience: { kind: 'owner-and-admins', ownerUserId: 'owner-1' },
    });
    expect(invalidationFor(event('catalog.lead.approved', { ...lead, ownerUserId: null }))).toEqual({ invalidation: { topics: ['leads'] }, audience: { kind: 'owner-and-admins', ownerUserId: null } });
  });
});
