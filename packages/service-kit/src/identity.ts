import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { CLIENT_ADDRESS_HEADER, IDENTITY_HEADER, IDENTITY_SIGNATURE_HEADER, IdentitySchema, INTERNAL_HEADER, type Identity } from '@mealprep/contracts';

/** How long a signed identity header stays valid; it is made per request by the gateway. */
const MAX_AGE_MS = 60_000;

function sign(value: string, secret: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

/** Headers the gateway adds to a proxied request for a signed-in user. */
export function signIdentity(identity: Identity, secret: string, now = Date.now()): Record<string, string> {
  const value = Buffer.from(JSON.stringify({ ...identity, iat: now })).toString('base64url');
  return { [IDENTITY_HEADER]: value, [IDENTITY_SIGNATURE_HEADER]: sign(value, secret) };
}

/** The identity in a request's headers, or null when absent, forged, stale or malformed. */
export function verifyIdentity(headers: Record<string, string | string[] | undefined>, secret: string, now = Date.now()): Identity | null {
  const value = headers[IDENTITY_HEADER];
  const signature = headers[IDENTITY_SIGNATURE_HEADER];
  if (typeof value !== 'string' || typeof signature !== 'string') return null;
  const expected = Buffer.from(sign(value, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const decoded = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as { iat?: unknown };
    if (typeof decoded.iat !== 'number' || Math.abs(now - decoded.iat) > MAX_AGE_MS) return null;
    const parsed = IdentitySchema.safeParse(decoded);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Headers for a call from the gateway to a service's /internal routes. The gateway strips this
 * header from outside requests, and the signature (with a 60 s window) makes it unforgeable.
 */
export function signInternal(secret: string, now = Date.now()): Record<string, string> {
  const value = `internal.${now}`;
  return { [INTERNAL_HEADER]: `${value}.${sign(value, secret)}` };
}

export function verifyInternal(headers: Record<string, string | string[] | undefined>, secret: string, now = Date.now()): boolean {
  const given = headers[INTERNAL_HEADER];
  if (typeof given !== 'string') return false;
  const match = /^(internal\.(\d{1,15}))\.([A-Za-z0-9_-]+)$/.exec(given);
  if (!match) return false;
  const [, value, at, signature] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(sign(value, secret));
  const provided = Buffer.from(signature);
  if (expected.length !== provided.length || !timingSafeEqual(expected, provided)) return false;
  return Math.abs(now - Number(at)) <= MAX_AGE_MS;
}

/** The header the gateway adds to every proxied request: the caller's address, signed (60 s window). */
export function signClientAddress(address: string, secret: string, now = Date.now()): Record<string, string> {
  const value = `${now}.${address}`;
  return { [CLIENT_ADDRESS_HEADER]: `${value}.${sign(`client.${value}`, secret)}` };
}

/** The caller's address the gateway signed, or null when absent, forged, stale or not an IP address. */
export function verifyClientAddress(headers: Record<string, string | string[] | undefined>, secret: string, now = Date.now()): string | null {
  const given = headers[CLIENT_ADDRESS_HEADER];
  if (typeof given !== 'string' || given.length > 200) return null;
  const first = given.indexOf('.');
  const last = given.lastIndexOf('.');
  if (first <= 0 || last <= first) return null;
  const at = given.slice(0, first);
  const address = given.slice(first + 1, last);
  if (!/^\d{1,15}$/.test(at) || isIP(address) === 0) return null;
  const expected = Buffer.from(sign(`client.${at}.${address}`, secret));
  const provided = Buffer.from(given.slice(last + 1));
  if (expected.length !== provided.length || !timingSafeEqual(expected, provided)) return null;
  return Math.abs(now - Number(at)) <= MAX_AGE_MS ? address : null;
}

/** How a session token is stored and named between svc-auth and the gateway: never the token itself. */
export function sessionHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
