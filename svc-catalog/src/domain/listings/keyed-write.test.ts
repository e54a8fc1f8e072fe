import fc from 'fast-check';
import { keyedWrite, requestFingerprint, type KeyedRequest } from './keyed-write';
import { person } from '../../testing/builders';

const save = (body: unknown, overrides: Partial<KeyedRequest> = {}): KeyedRequest => ({ method: 'PATCH', route: '/services/:id', target: 'listing-1', body, ...overrides });

describe('the fingerprint of a keyed write', () => {
  it('when two bodies mean the same (keys in another order, undefined members left out, nested too), then they have the same fingerprint', () => {
    const a = requestFingerprint(save({ name: 'Green Fork', contact: { phone: '1', email: 'a@b.co' }, tagline: undefined }));
    const b = requestFingerprint(save({ contact: { email: 'a@b.co', phone: '1' }, name: 'Green Fork' }));
    expect(a).toBe(b);
  });

  it('when the body asks something else (another value, another array order, null instead of missing), then the fingerprint differs', () => {
    const base = requestFingerprint(save({ name: 'Green Fork', mealTypes: ['keto', 'vegan'] }));
    expect(requestFingerprint(save({ name: 'Green Fork Kitchen', mealTypes: ['keto', 'vegan'] }))).not.toBe(base);
    expect(requestFingerprint(save({ name: 'Green Fork', mealTypes: ['vegan', 'keto'] }))).not.toBe(base);
    expect(requestFingerprint(save({ name: 'Green Fork', mealTypes: ['keto', 'vegan'], tagline: null }))).not.toBe(base);
  });

  it('when the same body goes to another listing or route, then it is another write; the method is compared whatever its case', () => {
    const base = requestFingerprint(save({ status: 'pending' }));
    expect(requestFingerprint(save({ status: 'pending' }, { target: 'listing-2' }))).not.toBe(base);
    expect(requestFingerprint(save({ status: 'pending' }, { route: '/services/:id/submit' }))).not.toBe(base);
    expect(requestFingerprint(save({ status: 'pending' }, { method: 'patch' }))).toBe(base);
  });

  it('when the body is huge, then the fingerprint is still 43 base64url characters', () => {
    const fingerprint = requestFingerprint(save({ description: 'x'.repeat(100_000) }));
    expect(fingerprint).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('property: shuffling the keys of any object body never changes its fingerprint', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)), { maxKeys: 8 }), (body) => {
        const reversed = Object.fromEntries(Object.entries(body).reverse());
        expect(requestFingerprint(save(reversed))).toBe(requestFingerprint(save(body)));
      }),
      { numRuns: 200 },
    );
  });
});

describe('a keyed write', () => {
  it('when a key is sent, then it is bound to its sender and to what was asked; without one there is no keyed write', () => {
    const request = save({ name: 'Green Fork' });
    expect(keyedWrite(undefined, person('owner-1'), request)).toBeUndefined();
    expect(keyedWrite('', person('owner-1'), request)).toBeUndefined();
    const mine = keyedWrite('key-1', person('owner-1'), request);
    expect(mine).toEqual({ key: 'key-1', userId: 'owner-1', fingerprint: requestFingerprint(request) });
    expect(keyedWrite('key-1', person('owner-2'), request)?.userId).toBe('owner-2');
    expect(keyedWrite('key-1', person('owner-1'), save({ name: 'Other' }))?.fingerprint).not.toBe(mine?.fingerprint);
  });
});
