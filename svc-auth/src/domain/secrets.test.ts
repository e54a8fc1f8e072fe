import fc from 'fast-check';
import { codeHash, deriveKey, randomCode, randomToken, sameHash, sha256 } from './secrets';

const EMAIL = /^[a-z0-9.+]{1,12}@[a-z0-9-]{1,10}\.[a-z]{2,4}$/;

describe('the secrets of sign-in', () => {
  it('a sign-in code is always the asked number of digits, leading zeros kept', () => {
    const codes = Array.from({ length: 2_000 }, () => randomCode(6));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    // 2,000 draws of a million codes: a code starting with 0 shows up (p of none ≈ 1e-91).
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1_900);
  });

  it('a code hash binds the code to its address and to the key: change any one and the hash no longer matches', () => {
    fc.assert(
      fc.property(fc.stringMatching(EMAIL), fc.stringMatching(EMAIL), fc.stringMatching(/^\d{6}$/), (email, other, code) => {
        const key = deriveKey('secret', 'login-code');
        const hash = codeHash(key, email, code);
        expect(sameHash(hash, codeHash(key, email, code))).toBe(true);
        if (other !== email) expect(sameHash(hash, codeHash(key, other, code))).toBe(false);
        expect(sameHash(hash, codeHash(deriveKey('another secret', 'login-code'), email, code))).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('the code hash cannot be shifted between address and code (a@b.c + 123456 is not a@b.c1 + 23456)', () => {
    const key = deriveKey('secret', 'login-code');
    expect(codeHash(key, 'a@b.c', '123456')).not.toBe(codeHash(key, 'a@b.c1', '23456'));
  });

  it('comparing hashes of different lengths answers false instead of throwing', () => {
    expect(sameHash(sha256('a'), sha256('a').slice(1))).toBe(false);
    expect(sameHash('', sha256('a'))).toBe(false);
    expect(sameHash(sha256('a'), sha256('b'))).toBe(false);
  });

  it('session and link tokens are 256 bits, URL-safe (they travel in links and cookies), and never repeat', () => {
    const tokens = new Set(Array.from({ length: 500 }, () => randomToken(32)));
    expect(tokens.size).toBe(500);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
