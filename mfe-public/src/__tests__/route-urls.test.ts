import { describe, expect, it } from 'vitest';
import { matchPublicRoute, PUBLIC_ROUTES } from '../route-table';
import { urlOfEveryRoute } from '../route-urls';

describe('one URL of every route', () => {
  const values = { stateSlug: 'texas', citySlug: 'austin', mealTypeSlug: 'keto', serviceSlug: 'green-fork-kitchen', place: 'Austin, TX', slug: 'keto-basics', formId: 'abc123' };

  it('when the values are given, then each URL is a page of its own route, with its parameters encoded as a link would be', () => {
    const urls = urlOfEveryRoute(values);
    expect(urls.map((url) => matchPublicRoute(url)?.route)).toEqual(PUBLIC_ROUTES);
    expect(urls).toContain('/near/Austin%2C%20TX');
    expect(matchPublicRoute('/near/Austin%2C%20TX')?.params).toEqual({ place: 'Austin, TX' });
  });

  it('when a parameter has no value, then it says which', () => {
    expect(() => urlOfEveryRoute({ ...values, formId: undefined as unknown as string })).toThrow('no value for :formId of /paperform/:formId');
  });
});
