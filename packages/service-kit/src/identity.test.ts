import { describe, expect, it } from 'vitest';
import { signClientAddress, signIdentity, signInternal, verifyClientAddress, verifyIdentity, verifyInternal } from './identity';

const secret = 's'.repeat(40);
const identity = { userId: 'u1', email: 'owner@example.com', roles: ['admin' as const] };

describe('identity header', () => {
  it('when the gateway signs an identity, then a service reads it back', () => {
    expect(verifyIdentity(signIdentity(identity, secret), secret)).toEqual(identity);
  });

  it('when the header is forged, signed with another secret, tampered or stale, then there is no identity', () => {
    const headers = signIdentity(identity, secret);
    expect(verifyIdentity(signIdentity(identity, 'o'.repeat(40)), secret)).toBeNull();
    const tampered = Buffer.from(JSON.stringify({ ...identity, roles: ['admin'], userId: 'u2', iat: Date.now() })).toString('base64url');
    expect(verifyIdentity({ ...headers, 'x-mealprep-identity': tampered }, secret)).toBeNull();
    expect(verifyIdentity({ 'x-mealprep-identity': headers['x-mealprep-identity'] }, secret)).toBeNull();
    const old = signIdentity(identity, secret, Date.now() - 120_000);
    expect(verifyIdentity(old, secret)).toBeNull();
    expect(verifyIdentity({}, secret)).toBeNull();
  });

  it('when the gateway signs an internal call, then only that signature, fresh and with this secret, is accepted', () => {
    expect(verifyInternal(signInternal(secret), secret)).toBe(true);
    expect(verifyInternal(signInternal('o'.repeat(40)), secret)).toBe(false);
    expect(verifyInternal(signInternal(secret, Date.now() - 120_000), secret)).toBe(false);
    const [value] = Object.values(signInternal(secret));
    expect(verifyInternal({ 'x-mealprep-internal': value!.replace(/internal\.\d+/, `internal.${Date.now() + 1}`) }, secret)).toBe(false);
    expect(verifyInternal({ 'x-mealprep-internal': 'internal.1.abc' }, secret)).toBe(false);
    expect(verifyInternal({}, secret)).toBe(false);
  });

  it("when the gateway signs the caller's address, then a service reads it back; another address, secret or age, or no address at all, is refused", () => {
    for (const address of ['203.0.113.7', '::1', '2001:db8::42']) expect(verifyClientAddress(signClientAddress(address, secret), secret)).toBe(address);
    const [value] = Object.values(signClientAddress('203.0.113.7', secret));
    expect(verifyClientAddress({ 'x-mealprep-client': value!.replace('203.0.113.7', '203.0.113.8') }, secret)).toBeNull();
    expect(verifyClientAddress(signClientAddress('203.0.113.7', 'o'.repeat(40)), secret)).toBeNull();
    expect(verifyClientAddress(signClientAddress('203.0.113.7', secret, Date.now() - 120_000), secret)).toBeNull();
    expect(verifyClientAddress(signClientAddress('not-an-address', secret), secret)).toBeNull();
    // An internal or identity signature is not an address's.
    expect(verifyClientAddress({ 'x-mealprep-client': Object.values(signInternal(secret))[0]! }, secret)).toBeNull();
    expect(verifyClientAddress({ 'x-mealprep-client': 'x'.repeat(10_000) }, secret)).toBeNull();
    expect(verifyClientAddress({}, secret)).toBeNull();
  });
});
