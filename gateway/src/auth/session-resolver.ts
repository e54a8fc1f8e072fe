import type { Identity } from '@mealprep/contracts';
import { sessionHash, signInternal } from '@mealprep/service-kit';
import { LRUCache } from 'lru-cache';
import type { InstancePool } from '../proxy/instance-pool';

/**
 * Turns a session cookie into an identity by asking svc-auth, and remembers the answer for up to
 * `ttlMs` so most requests cost no extra hop. A logout or a role change (auth events) drops the
 * entries at once; an answer that could not be had (svc-auth down) is not remembered.
 */
export class SessionResolver {
  /** By session hash; the least recently used goes first when it is full. */
  private readonly cache: LRUCache<string, { identity: Identity | null }>;
  private readonly pending = new Map<string, Promise<Identity | null>>();

  constructor(private readonly options: { pool: Pick<InstancePool, 'request'>; secret: string; ttlMs?: number; maxEntries?: number; timeoutMs?: number }) {
    this.cache = new LRUCache({ max: options.maxEntries ?? 50_000, ttl: options.ttlMs ?? 30_000 });
  }

  get size(): number {
    return this.cache.size;
  }

  async resolve(token: string): Promise<Identity | null> {
    const hash = sessionHash(token);
    const hit = this.cache.get(hash);
    if (hit) return hit.identity;
    const inFlight = this.pending.get(hash);
    if (inFlight) return inFlight;
    const lookup = this.ask(token)
      .then((identity) => {
        if (identity !== undefined) this.remember(hash, identity);
        return identity ?? null;
      })
      .finally(() => this.pending.delete(hash));
    this.pending.set(hash, lookup);
    return lookup;
  }

  dropSession(hash: string): void {
    this.cache.delete(hash);
  }

  dropUser(userId: string): void {
    for (const [hash, entry] of this.cache.entries()) if (entry.identity?.userId === userId) this.cache.delete(hash);
  }

  clear(): void {
    this.cache.clear();
  }

  private remember(hash: string, identity: Identity | null): void {
    this.cache.set(hash, { identity });
  }

  /** undefined when svc-auth could not answer. */
  private async ask(token: string): Promise<Identity | null | undefined> {
    try {
      const answer = await this.options.pool.request({
        method: 'POST',
        path: '/internal/sessions/resolve',
        // A lookup: another instance of svc-auth may answer it when this one's connection fails.
        idempotent: true,
        headers: { 'content-type': 'application/json', ...signInternal(this.options.secret) },
        body: JSON.stringify({ token }),
        headersTimeout: this.options.timeoutMs ?? 2_000,
        bodyTimeout: this.options.timeoutMs ?? 2_000,
      });
      if (answer.statusCode !== 200) {
        await answer.body.dump();
        return answer.statusCode === 400 ? null : undefined;
      }
      const body = (await answer.body.json()) as { identity?: Identity | null };
      return body.identity ?? null;
    } catch {
      return undefined;
    }
  }
}
