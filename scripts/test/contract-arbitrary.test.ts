import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { arbitraryFromContract, mutate, mutation, REFINED_FIELDS } from './contract-arbitrary';
import { ROUTE_INPUTS } from './route-inputs';

/** Every JSON contract the route table names (params, queries, bodies), once each. */
const contracts = [...new Set(Object.values(ROUTE_INPUTS).flatMap((input) => [input.params, input.query, input.body]))].filter(
  (c): c is z.ZodType => Boolean(c) && typeof c === 'object' && 'safeParse' in c,
);
const context = { dictionary: ['keto', 'vegan', 'texas'], named: REFINED_FIELDS };

describe('requests drawn from a contract', () => {
  it('when values are drawn from each contract of the route table, then it accepts at least half of them, and refuses most once they are bent', () => {
    const weak: string[] = [];
    for (const contract of contracts) {
      const drawn = fc.sample(fc.tuple(arbitraryFromContract(contract, context), mutation), { numRuns: 200, seed: 7 });
      const accepted = drawn.filter(([value]) => contract.safeParse(value).success);
      const refusedBent = accepted.filter(([value, bend]) => !contract.safeParse(mutate(value, bend)).success);
      // Half at least reach the route's own rules; a bent value that is still valid (a free text in other letters) is fine, but it must be rare.
      if (accepted.length < 100 || refusedBent.length < accepted.length * 0.6)
        weak.push(`${JSON.stringify(Object.keys((contract as z.ZodObject).shape ?? {}))}: ${accepted.length}/200 accepted, ${refusedBent.length} of them refused bent`);
    }
    expect(contracts.length).toBeGreaterThan(30);
    expect(weak).toEqual([]);
  });

  it('when a value is bent, then the value drawn is left as it was', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), mutation, (value, bend) => {
        const before = JSON.stringify(value);
        mutate(value, bend);
        return JSON.stringify(value) === before;
      }),
      { numRuns: 200, seed: 7 },
    );
  });
});
