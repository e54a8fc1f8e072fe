import type { CompareResult } from '@mealprep/contracts';
import { describe, expect, it } from 'vitest';
import { as, sampleListing, useCatalog } from './harness';

const NOW = new Date('2026-11-01T12:00:00Z');

describe('listings side by side', () => {
  const catalog = useCatalog('catalog-compare', { demo: NOW, now: NOW });
  const compare = async (query: string) => catalog.send('GET', `/services/compare?${query}`);

  it('when public listings are compared from a place, then each comes in the order asked with its facts, rating, years in business and distance', async () => {
    const list = (await catalog.send('GET', '/services?state=texas&pageSize=3')).body as unknown as { items: Array<{ slug: string }> };
    const slugs = list.items.map((c) => c.slug);
    const answer = await compare(`s=${slugs.join(',')}&place=78701`);
    expect(answer.status).toBe(200);
    const result = answer.body as unknown as CompareResult;
    expect(result.items.map((i) => i.slug)).toEqual(slugs);
    expect(result.place).toMatchObject({ zip: '78701', state: 'TX' });
    for (const item of result.items) {
      expect(item.service).toMatchObject({ slug: item.slug, offer: expect.any(Object), rating: expect.any(Object), deliveryMethods: expect.any(Object) });
      expect(typeof item.service!.distanceMiles).toBe('number');
      expect(item.service!.yearsInBusiness).toEqual(expect.any(String));
    }
    // Without a place: no distances.
    const plain = (await compare(`s=${slugs[0]!}`)).body as unknown as CompareResult;
    expect(plain.place).toBeNull();
    expect(plain.items[0]!.service!.distanceMiles).toBeNull();
  });

  it('when a slug is unknown, a draft or in review, then it is not available, alike, and nothing of the draft is told', async () => {
    const draft = await catalog.send('POST', '/services', as('owner-compare'), sampleListing('Secret Draft Kitchen', 'secret-draft-kitchen'));
    expect(draft.status).toBe(201);
    const answer = await compare('s=secret-draft-kitchen,no-such-kitchen');
    expect(answer.status).toBe(200);
    expect((answer.body as unknown as CompareResult).items).toEqual([
      { slug: 'secret-draft-kitchen', service: null },
      { slug: 'no-such-kitchen', service: null },
    ]);
    expect(JSON.stringify(answer.body)).not.toContain('Secret Draft Kitchen');
  });

  it('when five or more, none, or a 10 KB list are asked for, then a clear message says so; an unknown place says why and the rest is answered', async () => {
    for (const [query, message] of [
      ['s=a,b,c,d,e', 'must name at most 4 services'],
      ['s=', 'must name a service'],
      [`s=${'a'.repeat(10_000)}`, 'must name at most 4 services'],
      ['', 'is required'],
    ] as const) {
      const answer = await compare(query);
      expect([query.slice(0, 20), answer.status]).toEqual([query.slice(0, 20), 400]);
      expect(answer.body.error?.message).toContain(message);
    }
    // The same slug twice is one.
    const twice = (await compare('s=x,x')).body as unknown as CompareResult;
    expect(twice.items).toHaveLength(1);
    const nowhere = (await compare('s=x&place=Atlantis%2C%20ZZ')).body as unknown as CompareResult;
    expect(nowhere.place).toBeNull();
    expect(nowhere.placeProblem).toEqual(expect.any(String));
  });
});
