import { gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { QUERY_STATE_ELEMENT_ID, REQUEST_ID_HEADER } from '@mealprep/contracts';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import type { Dispatcher } from 'undici';
import { keepRule, varyMatches, type VaryValues } from '../proxy/shared-cache';
import { acceptsGzip, send, startStreaming, type CachedPage, type Visit } from './page-sending';
import { RendererClient, type RendererClientOptions } from './renderer-client';
import { isSignedInPath } from './signed-in';

/** A kept page and the request headers its Vary names, as they were for the render. */
interface KeptPage {
  page: CachedPage;
  vary: VaryValues;
  /** Until then it is served as it is; after, while it is still kept, it is served stale while one render refreshes it. */
  freshUntil: number;
}

/** One fetch of a page from the cache: the headers it is asked with, and its visitor (none for a refresh in the background). */
interface Asking {
  headers: Record<string, string>;
  visit?: Visit;
  /** Set when this fetch started the render (rather than joining one under way): whether the page went out to its visitor. */
  served?: Promise<boolean>;
}

/** What became of a render: false when the page did not come, else the page kept for others (null when none). */
type Rendered = KeptPage | null | false;

/** How a render that did not come (renderer away, refused, too slow) ends the fetch other requests for the page wait on. */
const NOT_RENDERED = new Error('the renderer did not render the page');

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

export interface RenderedPagesOptions extends RendererClientOptions {
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
}

/**
 * Public pages as the renderer renders them, kept for a few seconds for every visitor (the HTML
 * is the same for all; the session settles in the browser) and dropped on any catalogue or media
 * event that changes what visitors see, as cached lists are, and when the site's version changes (a
 * new release of the public remote, a new shell); only what a shared cache may keep is
 * kept (never a page the renderer marked no-store or private). `serve` answers true when the page went out; false means the
 * renderer is away, refused, failed or was slower than `timeoutMs`, and the caller serves the
 * page for the browser to render instead. Nothing from the visitor but the user agent (a crawler
 * gets the whole document at once) and the request id goes to the renderer.
 * The cache's fetchMethod renders a page, one at a time per page, for the request that started it (the
 * render streams to that visitor, not only to the cache) or, in the background, for a kept page past its time.
 */
export class RenderedPages {
  private readonly renderer: RendererClient;
  /** The least recently served page goes first when it is full; a page is kept STALE_FOR_MS past its time. */
  private readonly entries: LRUCache<string, KeptPage, Asking>;
  /** The site's version the kept pages were rendered with: another (a new release, say) drops them. */
  private keptFor: string | null = null;
  /**
   * One page is refreshed at a time (the cache runs one fetch per page, not one in all): many pages
   * expiring together would otherwise be rendered all at once, taking the CPU the visitors' requests
   * need; their stale copies serve meanwhile.
   */
  private readonly refreshTurns = pLimit(1);

  constructor(private readonly options: RenderedPagesOptions) {
    this.renderer = new RendererClient(options);
    this.entries = new LRUCache<string, KeptPage, Asking>({
      max: options.maxEntries,
      ttl: Math.max(1, options.ttlMs) + STALE_FOR_MS,
      // A render that fails leaves a kept page as it was: the next request past its time tries again.
      noDeleteOnFetchRejection: true,
      fetchMethod: (key, _stale, { options: keeping, signal, context }) => {
        // A refresh waits its turn, and is not made at all when the page was dropped meanwhile.
        const rendering = context.visit ? this.render(key, context.headers, context.visit) : this.refreshTurns(() => (signal.aborted ? false : this.render(key, context.headers)));
        context.served = rendering.then((kept) => kept !== false);
        return rendering.then((kept) => {
          if (kept === false) throw NOT_RENDERED;
          if (kept) keeping.ttl = kept.freshUntil - Date.now() + STALE_FOR_MS;
          return kept ?? undefined;
        });
      },
    });
  }

  /** Starts probing the renderer's instances (a stopped one is left out until it answers again). */
  start(): void {
    this.renderer.start();
  }

  /** Drops every kept page (a catalogue or media event visitors see, or the event stream going down); a render under way is not kept. */
  clear(): void {
    this.entries.clear();
  }

  handles(path: string): boolean {
    // The signed-in areas belong to a signed-in person (and say noindex): the renderer does not render them.
    return !isSignedInPath(path);
  }

  async serve(req: Request, res: Response): Promise<boolean> {
    // A page kept from another release may be one the new release no longer has, or a 404 it now has.
    const version = await this.renderer.siteVersion();
    if (version !== this.keptFor) {
      if (this.keptFor !== null) this.clear();
      this.keptFor = version;
    }
    const key = req.originalUrl;
    const visit = { req, res };
    // What the renderer is told of the visitor: the user agent (a crawler gets the whole document at
    // once) and the request id.
    const headers = {
      'user-agent': String(req.headers['user-agent'] ?? ''),
      [REQUEST_ID_HEADER]: req.id,
      accept: 'text/html',
    };
    if (key.length > MAX_CACHED_URL || !this.options.enabled()) return (await this.render(key, headers, visit, false)) !== false;
    // The page kept (as it was kept while a render refreshes it), when rendered for a request with the same headers its Vary names.
    const hit = this.entries.get(key, { allowStale: true });
    if (hit && varyMatches(hit.vary, headers)) {
      if (Date.now() < hit.freshUntil) return this.sendKept(visit, hit.page, 'cached', 'hit');
      if (Date.now() < hit.freshUntil + STALE_FOR_MS && (this.options.staleAllowed?.() ?? true)) {
        // Past its time: served as it is while one render, in the background, refreshes it (a refresh under way is not started again).
        void this.entries.fetch(key, { forceRefresh: true, allowStale: true, context: { headers } }).catch(() => undefined);
        return this.sendKept(visit, hit.page, 'stale', 'stale');
      }
    }
    // Rendered for this request, or, when the page is being rendered for another, that render's page once kept
    // (null when that render did not come, undefined when it kept nothing for this request).
    const asking: Asking = { headers, visit };
    const joined = this.entries.fetch(key, { forceRefresh: true, allowStale: false, context: asking }).catch((err: unknown) => (err === NOT_RENDERED ? null : undefined));
    if (asking.served) return asking.served;
    const kept = await joined;
    if (kept === null) {
      // The renderer did not render it for that request (away, refused, too slow): nor will it for
      // this one a moment later; the browser renders it at once instead of after a second wait.
      this.options.count?.('fallback_shared');
      return false;
    }
    if (kept && varyMatches(kept.vary, headers)) return this.sendKept(visit, kept.page, 'cached', 'hit');
    // That render kept nothing this request may have (a page not to be shared, or dropped meanwhile): it is rendered for this one.
    return (await this.render(key, headers, visit, false)) !== false;
  }

  /** Keeps a whole rendered page for every visitor when a shared cache may keep it; null when it may not. */
  private keepRendered(key: string, headers: Record<string, string>, answer: Dispatcher.ResponseData, page: CachedPage): KeptPage | null {
    // Kept for every visitor only as a shared cache may keep it: never a page the renderer marked no-store or private.
    const rule = this.options.ttlMs > 0 ? keepRule({ method: 'GET', url: key, headers }, { status: page.status, headers: answer.headers }, this.options.ttlMs) : null;
    // A page the renderer had to finish for the browser to render (its data could not be read) has
    // no query state: it is not kept for others. Nor is one made with data not to be shared.
    if (!rule || NOT_SHARED_MARK.test(rootTag(page.body)) || !page.body.includes(QUERY_STATE_MARK)) return null;
    return { page: { ...page, gzipped: gzipSync(page.body) }, vary: rule.vary, freshUntil: Date.now() + rule.ttlMs };
  }

  /**
   * Asks the renderer for a page and, with `keep`, keeps it for others when a shared cache may. For a
   * visitor it is sent and what became of it counted; a refresh, for nobody, is only kept (not one too large to hold).
   */
  private async render(key: string, headers: Record<string, string>, visit?: Visit, keep = true): Promise<Rendered> {
    const abort = new AbortController();
    const deadline = setTimeout(() => abort.abort(), this.options.timeoutMs);
    const notServed = (outcome: string, details: object, message: string): Rendered => {
      if (visit) {
        this.options.count?.(outcome);
        visit.req.log.warn({ ...details, path: visit.req.path }, message);
      }
      return false;
    };
    try {
      let answer: Dispatcher.ResponseData;
      try {
        answer = await this.renderer.ask(key, headers, abort.signal);
      } catch (err) {
        if (abort.signal.aborted) return notServed('fallback_timeout', {}, 'the renderer was too slow: the page is rendered in the browser');
        return notServed('fallback_unreachable', { err }, 'the renderer could not be reached: the page is rendered in the browser');
      }
      // A visitor's page must have started within timeoutMs; a refresh, which nobody waits for, must be whole by then.
      if (visit) clearTimeout(deadline);
      if (answer.statusCode !== 200 && answer.statusCode !== 404) {
        await answer.body.dump().catch(() => undefined);
        return notServed('fallback_refused', { status: answer.statusCode }, 'the renderer did not render the page: it is rendered in the browser');
      }
      const release = String(answer.headers['x-rendered-release'] ?? '');
      const status = answer.statusCode;
      const cacheControl = String(answer.headers['cache-control'] ?? '') || 'no-cache';
      // The page is held until it is whole, then sent in one piece. Nothing of it has gone out when
      // the renderer stops in the middle (the browser then gets its own page, not half of this one),
      // or when this gateway dies before sending (the balancer sends the GET to another gateway). Only
      // a page larger than MAX_HELD_BODY goes out as it comes, once it is that large (a refresh leaves it).
      const chunks: Buffer[] = [];
      let size = 0;
      let stream: ReturnType<typeof startStreaming> | null = null;
      try {
        for await (const chunk of answer.body) {
          const piece = chunk as Buffer;
          size += piece.length;
          if (!stream && size <= MAX_HELD_BODY) {
            chunks.push(piece);
            continue;
          }
          if (!visit) return null;
          if (!stream) {
            stream = startStreaming(visit, status, release, cacheControl);
            for (const held of chunks) stream.write(held);
            chunks.length = 0;
          }
          stream.write(piece);
        }
      } catch (err) {
        if (!stream || !visit) return notServed('fallback_cut_short', { err }, 'the renderer stopped in the middle of a page: it is rendered in the browser');
        this.options.count?.('cut_short');
        visit.req.log.warn({ err, path: visit.req.path }, 'the renderer stopped in the middle of a page');
        visit.res.destroy();
        return null;
      }
      if (visit) this.options.count?.('rendered');
      if (stream) {
        await stream.end();
        return null;
      }
      const body = Buffer.concat(chunks);
      const page = { status, release, cacheControl, body, gzipped: EMPTY };
      const kept = keep ? this.keepRendered(key, headers, answer, page) : null;
      if (!visit) return kept;
      // A page not kept goes out as it came; its visitor is told not to keep one made with data not to be shared.
      const shared = !NOT_SHARED_MARK.test(rootTag(body));
      send(visit, kept?.page ?? { ...page, cacheControl: shared ? cacheControl : NOT_SHARED, gzipped: acceptsGzip(visit.req) ? gzipSync(body) : EMPTY }, 'miss');
      return kept;
    } finally {
      clearTimeout(deadline);
    }
  }

  private sendKept(visit: Visit, page: CachedPage, outcome: string, cache: 'hit' | 'stale'): boolean {
    this.options.count?.(outcome);
    send(visit, page, cache);
    return true;
  }

  async close(): Promise<void> {
    await this.renderer.close();
  }
}

/** The opening tag of the page's root (where the renderer marks a page not to be shared), or nothing. */
function rootTag(body: Buffer): string {
  const at = body.indexOf('<div id="root"');
  const end = at < 0 ? -1 : body.indexOf('>', at);
  return end < 0 ? '' : body.toString('utf8', at, end + 1);
}
