import type { Request } from 'express';

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
  private readonly entries = new Map<string, { at: number; value: CachedResponse }>();
  private generationNumber = 0;

  constructor(
    private readonly options: { maxEntries: number; ttlMs: number; enabled: () => boolean },
  ) {}

  get generation(): number {
    return this.generationNumber;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Only plain anonymous GETs are shared between visitors. */
  cacheable(req: Request): boolean {
    return (
      req.method === 'GET' &&
      this.options.enabled() &&
      !req.headers.cookie &&
      !req.headers.authorization &&
      req.url.length <= 512
    );
  }

  get(key: string): CachedResponse | null {
    const hit = this.entries.get(key);
    if (!hit) return null;
    if (Date.now() - hit.at > this.options.ttlMs) {
      this.entries.delete(key);
      return null;
    }
    return hit.value;
  }

  set(key: string, value: CachedResponse, generation: number): void {
    if (generation !== this.generationNumber || value.body.length > MAX_BODY) return;
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { at: Date.now(), value });
  }

  clear(): void {
    this.generationNumber += 1;
    this.entries.clear();
  }
}
