import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Stored instead of any token: a leaked database gives no way in. */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** A uniformly random numeric code of the given length, leading zeros kept. */
export const randomCode = (length: number) => String(randomInt(0, 10 ** length)).padStart(length, '0');

/** Keys derived from the one service secret, one per purpose. */
export function deriveKey(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(`mealprep:${purpose}`).digest('base64url');
}

/** A code is only meaningful with its address: the hash binds the two. */
export const codeHash = (key: string, email: string, code: string) => createHmac('sha256', key).update(`${email}\n${code}`).digest('base64url');

/** Two stored hashes compared in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
