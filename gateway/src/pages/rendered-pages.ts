import { once } from 'node:events';
import { constants as zlibConstants, createGzip, gzipSync, type Gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import { QUERY_STATE_ELEMENT_ID, REQUEST_ID_HEADER, SITE_VERSION_HEADER } from '@mealprep/contracts';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import type { Dispatcher } from 'undici';
import { InstancePool } from '../proxy/instance-pool';
import { keepRule, varyMatches, type VaryValues } from '../proxy/shared-cache';
import { isSignedInPath } from './signed-in';

/** A rendered page kept for every visitor: its HTML once, and once gzipped. */
interface CachedPage {
  status: number;
  release: string;
  /** What browsers are told of keeping it (the renderer's word; no-cache when it says none). */
  cacheControl: string;
  body: Buffer;
  gzipped: Buffer;
}

/** A kept page and the request headers its Vary names, as they were for the render. */
interface KeptPage {
  page: CachedPage;
  vary: VaryValues;
  /** Until then it is served as it is; after, while it is still kept, it is served stale while one render refreshes it. */
  freshUntil: number;
}

/** What became of a render other requests for the same page wait for: the page kept for them, and whether it went out at all. */
interface Rendered {
  kept: KeptPage | null;
  served: boolean;
}

/**
 * How long past its time a kept page may still be served while one render refreshes it: a page
 * that expires under load is rendered once, not once per waiting request. A catalogue or media
 * event still drops every page at once (they are never served stale past a change).
 */
const STALE_FOR_MS = 30_000;

/** Longer URLs are rendered but not kept: a visitor's 10 KB query string should not fill the cache. */
const MAX_CACHED_URL = 1_024;
/** A page is held until whole, sent at once and kept up to this size; a larger one goes out as it comes and is not kept. */
const MAX_HELD_BODY = 1024 * 1024;
const EMPTY = Buffer.alloc(0);
const QUERY_STATE_MARK = `id="${QUERY_STATE_ELEMENT_ID}"`;
/**
 * How the renderer marks a page made with an answer a shared cache may not keep (marked no-store or
 * private) when it learns of it after the page's head went out (renderer/src/render-page.ts): the
 * page is not kept, and its visitor is told not to keep it either.
 */
const NOT_SHARED_MARK = /\sdata-shared="false"/;
const NOT_SHARED = 'private, no-store';

export interface RenderedPagesOptions {
  /** The renderer, or its instances (pages are asked of them in turn; a page is asked of the next when one does not connect). */
  rendererUrls: string | readonly string[];
  /** The renderer must have answered (status and head) within this long, or the browser renders the page. */
  timeoutMs: number;
  /** How many pages the renderer is asked for at once (RENDER_CONCURRENCY). */
  concurrency: number;
  /** How long a rendered page is served to everyone before it is rendered again. */
  ttlMs: number;
  maxEntries: number;
  /** Whether kept pages may be served: not while the events that drop them could be missed. */
  enabled: () => boolean;
  /**
   * Whether a kept page past its time may be served while it is rendered again: only while the
   * services a render reads answer (a stopped catalogue gets the page rendered, which shows it).
   */
  staleAllowed?: () => boolean;
  /** Counts what became of each page request: rendered, cached or fallback (with a reason). */
  count?: (outcome: string) => void;
  /** What the renderer is to render with (site-version.ts), named with each page asked for. */
  siteVersion?: () => Promise<string>;
}

export const acceptsGzip = (req: Request) => /\bgzip\b/i.test(String(req.headers['accept-encoding'] ?? ''));

/**
 * Public pages as the renderer renders them, kept for a few seconds for every visitor (the HTML
 * is the same for all; the session settles in the browser) and dropped on any catalogue or media
 * event that changes what visitors see, as cached lists are, and when the site's version changes (a
 * new release of the public remote, a new shell); only what a shared cache may keep is
 * kept (never a page the renderer marked no-store or private). `serve` answers true when the page went out; false means the
 * renderer is away, refused, failed or was slower than `timeoutMs`, and the caller serves the
 * page for the browser to render instead. Nothing from the visitor but the user agent (a crawler
 * gets the whole document at once) and the request id goes to the renderer.
 */
export class RenderedPages {
  private readonly pool: InstancePool;
  /** The least recently served page goes first when it is full; a page older than ttlMs is rendered again. */
  private readonly entries: LRUCache<string, KeptPage>;
  private generation = 0;
  /** The site's version the kept pages were rendered with: another (a new release, say) drops them. */
  private keptFor: string | null = null;
  /** The pages being rendered now, by URL: a request for one of them waits for that render instead of starting its own. */
  private readonly rendering = new Map<string, Promise<Rendered>>();
  /** The kept pages past their time being rendered again in the background. */
  private readonly refreshing = new Set<string>();
  /**
   * One page is refreshed at a time: many pages expiring together would otherwise be rendered all
   * at once, taking the CPU the visitors' requests need; their stale copies serve meanwhile.
   */
  private readonly refreshTurns = pLimit(1);

  constructor(private readonly options: RenderedPagesOptions) {
    this.entries = new LRUCache({ max: options.maxEntries, ttl: Math.max(1, options.ttlMs) + STALE_FOR_MS });
    const urls = typeof options.rendererUrls === 'string' ? [options.rendererUrls] : options.rendererUrls;
    this.pool = new InstancePool(urls, {
      // At most this many pages are rendered at once by each instance; the others wait their turn, first come first
      // served (the wait counts in timeoutMs). Fifty renders interleaved finish no sooner in all and
      // leave the unlucky ones waiting longest (bench/page-html.ts: p99 about halves).
      connections: options.concurrency,
      keepAliveTimeout: 30_000,
      connect: { timeout: Math.min(options.timeoutMs, 1_000) },
      headersTimeout: options.timeoutMs,
      // Between two pieces of a page that has started: a stalled render is cut, not waited for.
      bodyTimeout: Math.max(options.timeoutMs, 5_000),
    });
  }

  /** Starts probing the renderer's instances (a stopped one is left out until it answers again). */
  start(): void {
    this.pool.start();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Drops every kept page (a catalogue or media event visitors see, or the event stream going down). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  handles(path: string): boolean {
    // The signed-in areas belong to a signed-in person (and say noindex): the renderer does not render them.
    return !isSignedInPath(path);
  }

  /** Asks the renderer for a page, naming the site's version: the renderer loads again what changed. */
  private async ask(key: string, headers: Record<string, string>, signal: AbortSignal): Promise<Dispatcher.ResponseData> {
    const version = await this.options.siteVersion?.();
    return this.pool.request({ method: 'GET', path: key, signal, headers: version ? { ...headers, [SITE_VERSION_HEADER]: version } : headers });
  }

  async serve(req: Request, res: Response): Promise<boolean> {
    // A page kept from another release may be one the new release no longer has, or a 404 it now has.
    const version = (await this.options.siteVersion?.()) ?? '';
    if (version !== this.keptFor) {
      if (this.keptFor !== null) this.clear();
      this.keptFor = version;
    }
    const key = req.originalUrl;
    const hearing = this.options.enabled();
    const keep = key.length <= MAX_CACHED_URL && hearing;
    const generation = this.generation;
    // What the renderer is told of the visitor: the user agent (a crawler gets the whole document at
    // once) and the request id.
    const headers = {
      'user-agent': String(req.headers['user-agent'] ?? ''),
      [REQUEST_ID_HEADER]: req.id,
      accept: 'text/html',
    };
    const hit = keep ? this.cached(key, headers) : null;
    if (hit && Date.now() < hit.freshUntil) {
      this.options.count?.('cached');
      this.send(req, res, hit.page, 'hit');
      return true;
    }
    if (hit && (this.options.staleAllowed?.() ?? true)) {
      // Past its time: served as it is while one render, in the background, refreshes it.
      this.options.count?.('stale');
      this.send(req, res, hit.page, 'stale');
      this.refresh(key, headers, generation);
      return true;
    }
    // The same page being rendered for another request: its page, once kept, answers this one too.
    const underWay = keep ? this.rendering.get(key) : undefined;
    if (underWay) {
      const { kept, served } = await underWay;
      if (kept && varyMatches(kept.vary, headers)) {
        this.options.count?.('cached');
        this.send(req, res, kept.page, 'hit');
        return true;
      }
      // The renderer did not render it for that request (away, refused, too slow): nor will it for
      // this one a moment later; the browser renders it at once instead of after a second wait.
      if (!served) {
        this.options.count?.('fallback_shared');
        return false;
      }
    }
    if (!keep || this.rendering.has(key)) return this.render(req, res, key, headers, keep, generation);
    let done!: (rendered: Rendered) => void;
    this.rendering.set(key, new Promise((resolve) => (done = resolve)));
    let kept: KeptPage | null = null;
    let served = false;
    try {
      served = await this.render(req, res, key, headers, keep, generation, (page) => (kept = page));
      return served;
    } finally {
      this.rendering.delete(key);
      done({ kept, served });
    }
  }

  /** Renders a kept page past its time again, once at a time per page, answering nobody. */
  private refresh(key: string, headers: Record<string, string>, generation: number): void {
    if (this.refreshing.has(key)) return;
    this.refreshing.add(key);
    void this.refreshTurns(async () => {
      const abort = new AbortController();
      const deadline = setTimeout(() => abort.abort(), this.options.timeoutMs);
      try {
        const answer = await this.ask(key, headers, abort.signal);
        if (answer.statusCode !== 200 && answer.statusCode !== 404) {
          await answer.body.dump();
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of answer.body) {
          size += (chunk as Buffer).length;
          if (size > MAX_HELD_BODY) return;
          chunks.push(chunk as Buffer);
        }
        this.keepRendered(key, headers, answer, Buffer.concat(chunks), generation);
      } catch {
        // The stale page stays until it is dropped; the next request past its time tries again.
      } finally {
        clearTimeout(deadline);
        this.refreshing.delete(key);
      }
    });
  }

  /** Keeps a whole rendered page for every visitor when a shared cache may keep it; null when it may not. */
  private keepRendered(key: string, headers: Record<string, string>, answer: Dispatcher.ResponseData, body: Buffer, generation: number): KeptPage | null {
    const status = answer.statusCode;
    // Kept for every visitor only as a shared cache may keep it: never a page the renderer marked no-store or private.
    const rule = this.options.ttlMs > 0 ? keepRule({ method: 'GET', url: key, headers }, { status, headers: answer.headers }, this.options.ttlMs) : null;
    // A page the renderer had to finish for the browser to render (its data could not be read) has
    // no query state: it is not kept for others. Nor is one made with data not to be shared.
    if (!rule || NOT_SHARED_MARK.test(rootTag(body)) || !body.includes(QUERY_STATE_MARK) || generation !== this.generation) return null;
    const release = String(answer.headers['x-rendered-release'] ?? '');
    const cacheControl = String(answer.headers['cache-control'] ?? '') || 'no-cache';
    const page: CachedPage = { status, release, cacheControl, body, gzipped: gzipSync(body) };
    const kept: KeptPage = { page, vary: rule.vary, freshUntil: Date.now() + rule.ttlMs };
    this.entries.set(key, kept, { ttl: rule.ttlMs + STALE_FOR_MS });
    return kept;
  }

  /** Asks the renderer for a page and sends it; `onKept` hears of the page kept for others, if any. */
  private async render(req: Request, res: Response, key: string, headers: Record<string, string>, keep: boolean, generation: number, onKept?: (page: KeptPage) => void): Promise<boolean> {
    const abort = new AbortController();
    const deadline = setTimeout(() => abort.abort(), this.options.timeoutMs);
    let answer: Dispatcher.ResponseData;
    try {
      answer = await this.ask(key, headers, abort.signal);
    } catch (err) {
      clearTimeout(deadline);
      this.options.count?.(abort.signal.aborted ? 'fallback_timeout' : 'fallback_unreachable');
      req.log.warn(
        { err: abort.signal.aborted ? undefined : err, path: req.path },
        abort.signal.aborted ? 'the renderer was too slow: the page is rendered in the browser' : 'the renderer could not be reached: the page is rendered in the browser',
      );
      return false;
    }
    clearTimeout(deadline);
    if (answer.statusCode !== 200 && answer.statusCode !== 404) {
      await answer.body.dump().catch(() => undefined);
      this.options.count?.('fallback_refused');
      req.log.warn({ path: req.path, status: answer.statusCode }, 'the renderer did not render the page: it is rendered in the browser');
      return false;
    }
    const release = String(answer.headers['x-rendered-release'] ?? '');
    const status = answer.statusCode;
    const cacheControl = String(answer.headers['cache-control'] ?? '') || 'no-cache';
    // The page is held until it is whole, then sent in one piece. Nothing of it has gone out when
    // the renderer stops in the middle (the browser then gets its own page, not half of this one),
    // or when this gateway dies before sending (the balancer sends the GET to another gateway). Only
    // a page larger than MAX_HELD_BODY goes out as it comes, once it is that large.
    const chunks: Buffer[] = [];
    let size = 0;
    let stream: ((piece: Buffer) => void) | null = null;
    let out: Gzip | null = null;
    try {
      for await (const chunk of answer.body) {
        const piece = chunk as Buffer;
        size += piece.length;
        if (!stream && size <= MAX_HELD_BODY) {
          chunks.push(piece);
          continue;
        }
        if (!stream) {
          ({ stream, out } = this.startStreaming(req, res, status, release, cacheControl));
          for (const held of chunks) stream(held);
          chunks.length = 0;
        }
        stream(piece);
      }
    } catch (err) {
      if (!stream) {
        this.options.count?.('fallback_cut_short');
        req.log.warn({ err, path: req.path }, 'the renderer stopped in the middle of a page: it is rendered in the browser');
        return false;
      }
      this.options.count?.('cut_short');
      req.log.warn({ err, path: req.path }, 'the renderer stopped in the middle of a page');
      res.destroy();
      return true;
    }
    this.options.count?.('rendered');
    if (stream) {
      if (out) {
        const ended = once(out, 'end');
        out.end();
        await ended;
      } else res.end();
      return true;
    }
    const body = Buffer.concat(chunks);
    const kept = keep ? this.keepRendered(key, headers, answer, body, generation) : null;
    if (kept) {
      onKept?.(kept);
      this.send(req, res, kept.page, 'miss');
      return true;
    }
    const shared = !NOT_SHARED_MARK.test(rootTag(body));
    this.send(req, res, { status, release, cacheControl: shared ? cacheControl : NOT_SHARED, body, gzipped: acceptsGzip(req) ? gzipSync(body) : EMPTY }, 'miss');
    return true;
  }

  /** Starts sending a page too large to hold: the rest goes out as it comes, gzipped piece by piece. */
  private startStreaming(req: Request, res: Response, status: number, release: string, cacheControl: string) {
    res.status(status);
    this.pageHeaders(res, 'miss', release, cacheControl);
    const gzip = acceptsGzip(req);
    if (gzip) res.setHeader('content-encoding', 'gzip');
    res.flushHeaders();
    const out = gzip ? createGzip({ flush: zlibConstants.Z_SYNC_FLUSH }) : null;
    out?.pipe(res);
    const stream = (piece: Buffer) => {
      if (out) out.write(piece);
      else res.write(piece);
    };
    return { stream, out };
  }

  async close(): Promise<void> {
    await this.pool.close();
  }

  /** The page kept for a URL (fresh or past its time), when it was rendered for a request with the same headers its Vary names. */
  private cached(key: string, headers: Record<string, string>): KeptPage | null {
    const kept = this.entries.get(key);
    return kept && varyMatches(kept.vary, headers) ? kept : null;
  }

  private send(req: Request, res: Response, page: CachedPage, cache: 'hit' | 'miss' | 'stale'): void {
    const gzip = acceptsGzip(req);
    const body = gzip ? page.gzipped : page.body;
    res.status(page.status);
    this.pageHeaders(res, cache, page.release, page.cacheControl);
    if (gzip) res.setHeader('content-encoding', 'gzip');
    res.setHeader('content-length', String(body.length));
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  private pageHeaders(res: Response, cache: 'hit' | 'miss' | 'stale', release: string, cacheControl: string): void {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('cache-control', cacheControl);
    res.setHeader('vary', 'accept-encoding');
    res.setHeader('x-page-cache', cache);
    if (release) res.setHeader('x-rendered-release', release);
  }
}

/** The opening tag of the page's root (where the renderer marks a page not to be shared), or nothing. */
function rootTag(body: Buffer): string {
  const at = body.indexOf('<div id="root"');
  const end = at < 0 ? -1 : body.indexOf('>', at);
  return end < 0 ? '' : body.toString('utf8', at, end + 1);
}
