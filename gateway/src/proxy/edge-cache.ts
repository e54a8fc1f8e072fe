import type { Request } from 'express';
import { LRUCache } from 'lru-cache';

export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const MAX_BODY = 256 * 1024;

/**
 * Anonymous public reads kept in memory at the edge, so hot lists are answered without a hop to
 * the service. Everything is dropped on any domain event; while the event stream is down nothing
 * is served from here (a change could go unnoticed). A generation number keeps a response that
 * was in flight during a change from being stored.
 */
export class EdgeCache {
  /** The least recently read answer goes first when it is full; an answer older than ttlMs is not served. */
  private readonly entries: LRUCache<string, CachedResponse>;
  private generationNumber = 0;

  constructor(private readonly options: { maxEntries: number; ttlMs: number; enabled: () => boolean }) {
    this.entries = new LRUCache({ max: options.maxEntries, ttl: options.ttlMs, ttlAutopurge: false });
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

  get(key: string): CachedResponse | null {
    return this.entries.get(key) ?? null;
  }

  set(key: string, value: CachedResponse, generation: number): void {
    if (generation !== this.generationNumber || value.body.length > MAX_BODY || this.options.ttlMs <= 0) return;
    this.entries.set(key, value);
  }

  clear(): void {
    this.generationNumber += 1;
    this.entries.clear();
  }
}
