import { createHash } from 'node:crypto';
import type { Identity } from '@mealprep/contracts';
import type { KeyedWrite } from '../../data-access/service-repository';

/** What a keyed request asked: its method, its route (as declared, not as sent), what it writes to, and its body as validated. */
export interface KeyedRequest {
  method: string;
  route: string;
  target: string;
  body: unknown;
}

/** A value with its objects' keys in order and undefined members left out: two bodies that mean the same are written the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, member]) => member !== undefined);
    return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, member]) => [name, canonical(member)]));
  }
  return value;
}

/** The hash a keyed write is known by (SHA-256, base64url: 43 characters, whatever the body's size). */
export function requestFingerprint(request: KeyedRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([request.method.toUpperCase(), request.route, request.target, canonical(request.body)]))
    .digest('base64url');
}

/**
 * A request's Idempotency-Key bound to who sent it and what it asked (none without a key): the same
 * key from another user is another key, and from the same user with another request a misuse.
 */
export function keyedWrite(key: string | undefined, identity: Identity, request: KeyedRequest): KeyedWrite | undefined {
  return key ? { key, userId: identity.userId, fingerprint: requestFingerprint(request) } : undefined;
}
