import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, reviewCountLabel } from './review-constants';

describe('review counts as pages write them', () => {
  it('when a listing has one review, a dozen or thousands, then the card says "1 review", "12 reviews", "1,204 reviews"', () => {
    expect(reviewCountLabel(1)).toBe('1 review');
    expect(reviewCountLabel(0)).toBe('0 reviews');
    expect(reviewCountLabel(12)).toBe('12 reviews');
    expect(reviewCountLabel(1204)).toBe('1,204 reviews');
    expect(reviewCountLabel(1_000_000)).toBe('1,000,000 reviews');
  });

  it('when any whole number is written, then it reads as the US locale writes it', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (count) => {
        expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
      }),
    );
  });
});
