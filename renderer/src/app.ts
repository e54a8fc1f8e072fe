import { createApp, type Counter, type Logger } from '@mealprep/service-kit';
import { SITE_VERSION_HEADER, type RuntimeConfig } from '@mealprep/contracts';
import { isbot } from 'isbot';
import type { Express, Response } from 'express';
import { renderPage, RenderUnavailable, type PageSink } from './render-page';
import type { PublicReleases } from './releases';
import type { ShellPages } from './shell-page';

export interface RendererDeps {
  logger: Logger;
  releases: PublicReleases;
  shellPages: ShellPages;
  runtimeConfig: () => Promise<RuntimeConfig>;
  /** Told the site's version the gateway names with each page (site-version.ts). */
  siteVersion?: (header: string | undefined) => void;
}

/** A page made with an answer marked no-store or private: not kept by the gateway, nor by the browser. */
const NOT_SHARED = 'private, no-store';

/** Writes a render into the response: headers and status once, then the HTML as it comes. */
function responseSink(res: Response, release: string, wholeDocument: boolean): PageSink & { started: () => boolean; flushWhole: () => void } {
  let started = false;
  let notShared = false;
  const held: Array<string | Uint8Array> = [];
  return {
    start(status) {
      started = true;
      res.status(status);
      res.set({
        'content-type': 'text/html; charset=utf-8',
        // The gateway keeps it for visitors (it is the same for everyone); browsers always ask again.
        'cache-control': notShared ? NOT_SHARED : 'no-cache',
        'x-rendered-release': release,
      });
      if (!wholeDocument) res.flushHeaders();
    },
    notShared() {
      // Made with an answer marked no-store or private: nobody keeps it (once its head is out, its root says so).
      notShared = true;
      if (started && !res.headersSent) res.set('cache-control', NOT_SHARED);
    },
    write(chunk) {
      if (wholeDocument) held.push(chunk);
      else res.write(chunk);
    },
    end() {
      if (wholeDocument) this.flushWhole();
      else res.end();
    },
    started: () => started,
    flushWhole() {
      const body = Buffer.concat(held.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk))));
      res.set('content-length', String(body.length)).end(body);
    },
  };
}

/**
 * The renderer: every GET is a public page, rendered with the shell and the public remote's
 * current release. It has no secrets and no database; what cannot be rendered is a 503 with no
 * body, which the gateway answers by serving the page for the browser to render.
 */
export function createRendererApp(deps: RendererDeps): Express {
  let renders: Counter<'status' | 'reads'> | null = null;
  return createApp({
    name: 'the renderer',
    logger: deps.logger,
    metrics: (metrics) => {
      renders = metrics.counter(
        'renderer_pages_total',
        'Pages rendered (each renders once), by status and by its reads: "named" when the release\'s route table named every read the page made, "missed" when the page asked for a read it does not name (shown loading, read by the browser), "browser" when its data could not be read after its head had gone out, and the page was finished for the browser to render.',
        ['status', 'reads'],
      );
    },
    readiness: () => ({ release: deps.releases.version !== null }),
    mount: (app) => {
      app.get(/.*/, async (req, res) => {
        const url = req.originalUrl;
        const wholeDocument = isbot(req.get('user-agent') ?? '');
        deps.siteVersion?.(req.get(SITE_VERSION_HEADER));
        let sink: ReturnType<typeof responseSink> | null = null;
        try {
          const [release, shell, runtimeConfig] = await Promise.all([deps.releases.get(), deps.shellPages.get(), deps.runtimeConfig()]);
          sink = responseSink(res, release.version, wholeDocument);
          const { status, missed, renderedInBrowser } = await renderPage({ url, release, shell, runtimeConfig, wholeDocument }, sink);
          renders?.inc({ status: String(status), reads: renderedInBrowser ? 'browser' : missed.length > 0 ? 'missed' : 'named' });
          if (missed.length > 0) req.log.warn({ url, missed }, 'the route table does not name every read of this page: the browser makes them');
        } catch (err) {
          req.log.warn({ err, url }, err instanceof RenderUnavailable ? 'page not rendered: its data could not be read' : 'page not rendered');
          if (!sink?.started()) res.status(503).set('cache-control', 'no-store').end();
          // Headers are out: the page is cut short, which the gateway sees and answers for the browser.
          else res.destroy(err instanceof Error ? err : new Error(String(err)));
        }
      });
    },
  });
}
