import type { Request } from 'express';
import { LRUCache } from 'lru-cache';
import { keepRule, varyMatches, type KeepRule, type VaryValues } from './shared-cache';

export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

interface Kept {
  answer: CachedResponse;
  /** The request headers its Vary names, as they were when it was read. */
  vary: VaryValues;
}

const MAX_BODY = 256 * 1024;

/**
 * Anonymous public reads kept in memory at the edge, so hot lists are answered without a hop to
 * the service. Only what a shared cache may keep is kept (shared-cache.ts: never an answer the
 * service marked no-store or private, one per Vary). Everything is dropped on any domain event
 * that changes what visitors see; while the event stream is down nothing is served from here (a
 * change could go unnoticed). A generation number keeps a response that was in flight during a
 * change from being stored.
 */
export class EdgeCache {
  /** The least recently read answer goes first when it is full; an answer older than its ttl is not served. */
  private readonly entries: LRUCache<string, Kept>;
  private generationNumber = 0;

  constructor(private readonly options: { maxEntries: number; ttlMs: number; enabled: () => boolean }) {
    this.entries = new LRUCache({ max: options.maxEntries, ttl: Math.max(1, options.ttlMs), ttlAutopurge: false });
  }

  get generation(): number {
    return this.generationNumber;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Only plain anonymous GETs are shared between visitors. */
  cacheable(req: Request): boolean {
    return req.method === 'GET' && this.options.enabled() && !req.headers.cookie && !req.headers.authorization && req.url.length <= 512;
  }

  /** The answer kept for this request: under its key, read for a request that had the same headers its Vary names. */
  get(key: string, req: Pick<Request, 'headers'>): CachedResponse | null {
    const kept = this.entries.get(key);
    return kept && varyMatches(kept.vary, req.headers) ? kept.answer : null;
  }

  /** Whether an answer to this request may be kept, and how (see keepRule); null when it may not. Read before its body is. */
  admits(req: Pick<Request, 'method' | 'originalUrl' | 'headers'>, status: number, headers: Record<string, string>): KeepRule | null {
    if (this.options.ttlMs <= 0) return null;
    return keepRule({ method: req.method, url: req.originalUrl, headers: req.headers }, { status, headers }, this.options.ttlMs);
  }

  /** Keeps an answer as `rule` says, unless it is too large or was read before the last change. */
  set(key: string, value: CachedResponse, rule: KeepRule, generation: number): void {
    if (generation !== this.generationNumber || value.body.length > MAX_BODY) return;
    this.entries.set(key, { answer: value, vary: rule.vary }, { ttl: rule.ttlMs });
  }

  clear(): void {
    this.generationNumber += 1;
    this.entries.clear();
  }
}
