import { SITE_VERSION_HEADER } from '@mealprep/contracts';
import type { Dispatcher } from 'undici';
import { InstancePool } from '../proxy/instance-pool';

export interface RendererClientOptions {
  /** The renderer, or its instances (pages are asked of them in turn; a page is asked of the next when one does not connect). */
  rendererUrls: string | readonly string[];
  /** The renderer must have answered (status and head) within this long, or the browser renders the page. */
  timeoutMs: number;
  /** How many pages the renderer is asked for at once (RENDER_CONCURRENCY). */
  concurrency: number;
  /** What the renderer is to render with (site-version.ts), named with each page asked for. */
  siteVersion?: () => Promise<string>;
}

/** The renderer as the gateway asks it for pages: its instances, a few pages at a time each. */
export class RendererClient {
  private readonly pool: InstancePool;

  constructor(private readonly options: RendererClientOptions) {
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

  async close(): Promise<void> {
    await this.pool.close();
  }

  /** The site's version pages are rendered with now (empty when there is none to name). */
  readonly siteVersion = async (): Promise<string> => (await this.options.siteVersion?.()) ?? '';

  /** Asks the renderer for a page, naming the site's version: the renderer loads again what changed. */
  async ask(path: string, headers: Record<string, string>, signal: AbortSignal): Promise<Dispatcher.ResponseData> {
    const version = await this.siteVersion();
    return this.pool.request({ method: 'GET', path, signal, headers: version ? { ...headers, [SITE_VERSION_HEADER]: version } : headers });
  }
}
