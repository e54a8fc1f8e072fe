import { ratingScore, type ServiceList } from '@mealprep/contracts';
import { describe, expect, it } from 'vitest';
import { useCatalog } from './harness';

const NOW = new Date('2026-11-01T12:00:00Z');

describe('filters on the public lists', () => {
  const catalog = useCatalog('catalog-list-filters', { demo: NOW, now: NOW });
  const list = async (query: string) => {
    const answer = await catalog.send('GET', `/services?pageSize=60&${query}`);
    expect(answer.status, query).toBe(200);
    return answer.body as unknown as ServiceList;
  };

  it('when a list is asked with its counts, then each choice counts exactly the listings choosing it would list', async () => {
    const plain = await list('facets=true');
    expect(plain.facets).toBeDefined();
    for (const [param, value, counted] of [
      ['meal', 'keto', plain.facets!.meal.keto],
      ['delivery', 'ships', plain.facets!.delivery.ships],
      ['price', '12', plain.facets!.price['12']],
      ['rating', '4', plain.facets!.rating['4']],
      ['pause', 'yes', plain.facets!.pause],
      ['allergen', 'gluten-free', plain.facets!.allergen['gluten-free']],
    ] as const) {
      const filtered = await list(`${param}=${value}`);
      expect([param, filtered.total]).toEqual([param, counted]);
      expect(filtered.total).toBeGreaterThan(0);
      expect(filtered.total).toBeLessThan(plain.total);
    }
    // Three at once, within a state: the counts of the narrowed list are its own.
    const texas = await list('state=texas&facets=true');
    const narrowed = await list('state=texas&delivery=local&price=15&facets=true');
    expect(narrowed.total).toBeLessThanOrEqual(texas.total);
    expect(narrowed.facets!.price['15']).toBe(narrowed.total);
  });

  it('when a list is sorted by rating, then the best rated come first: by the average weighted by how many reviews it has', async () => {
    const sorted = await list('sort=rating');
    const scores = sorted.items.map((c) => ratingScore(c.rating) ?? -1);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores[0]).toBeGreaterThan(scores.at(-1)!);
  });

  it('when filter values do not exist, repeat, or are 10 KB long, then the unknown are ignored, the repeated count once and the long are refused with a clear message', async () => {
    const plain = await list('');
    expect((await list('meal=no-such-diet&delivery=teleport&price=-3&rating=five&pause=maybe&allergen=sugar-free')).total).toBe(plain.total);
    expect((await list('meal=keto&meal=keto&meal=KETO')).total).toBe((await list('meal=keto')).total);
    for (const query of [`meal=${'k'.repeat(10_000)}`, `price=${'9'.repeat(10_000)}`, `sort=best`, `facets=maybe`]) {
      const answer = await catalog.send('GET', `/services?${query}`);
      expect(answer.status, query.slice(0, 20)).toBe(400);
      expect(answer.body.error?.message).toMatch(/must be/);
    }
    const many = await catalog.send('GET', `/services?${Array.from({ length: 25 }, () => 'meal=keto').join('&')}`);
    expect(many.status).toBe(400);
  });
});
