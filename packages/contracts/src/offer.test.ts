import { describe, expect, it } from 'vitest';
import { OfferInputSchema } from './offer';
import { formatCutoff } from './offer-constants';
import { formatPriceRange } from './price';

describe('the facts of an offer', () => {
  it('when prices and cutoffs are shown, then they read as a visitor expects', () => {
    expect(formatPriceRange({ low: 9.5, high: 14 })).toBe('$9.50–$14');
    expect(formatPriceRange({ low: 12, high: 12 })).toBe('$12');
    expect([0, 9, 12, 18, 23].map((hour) => formatCutoff({ day: 'sun', hour }))).toEqual(['Sunday, midnight', 'Sunday, 9 am', 'Sunday, noon', 'Sunday, 6 pm', 'Sunday, 11 pm']);
  });

  it('when a form sends no facts, then the listing says none; when it sends days and allergens in any order, then they are kept in the list order', () => {
    expect(OfferInputSchema.parse({})).toEqual({
      pricePerMeal: null,
      plans: null,
      pauseAnyTime: null,
      deliveryDays: [],
      orderCutoff: null,
      minimumOrderMeals: null,
      allergenFriendly: [],
      menuUrl: '',
    });
    expect(OfferInputSchema.parse({ deliveryDays: ['sun', 'mon'], allergenFriendly: ['egg-free', 'dairy-free'] })).toMatchObject({
      deliveryDays: ['mon', 'sun'],
      allergenFriendly: ['dairy-free', 'egg-free'],
    });
  });

  it('when a price per meal is 0 or has cents, then it is taken; when it is 2.5 cents, above $500 or inverted, then it is refused', () => {
    expect(OfferInputSchema.parse({ pricePerMeal: { low: 0, high: 12.99 } }).pricePerMeal).toEqual({ low: 0, high: 12.99 });
    // Every price in cents up to $500 is taken, those floating point cannot hold exactly (9.29, 0.57) included.
    for (let cents = 0; cents <= 50_000; cents += 1) expect(OfferInputSchema.safeParse({ pricePerMeal: { low: cents / 100, high: cents / 100 } }).success, String(cents)).toBe(true);
    for (const pricePerMeal of [
      { low: 9.995, high: 12 },
      { low: 9, high: 500.01 },
      { low: 13, high: 12 },
      { low: Number.NaN, high: 12 },
    ]) {
      expect(OfferInputSchema.safeParse({ pricePerMeal }).success, JSON.stringify(pricePerMeal)).toBe(false);
    }
  });
});
