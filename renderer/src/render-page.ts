import { Writable } from 'node:stream';
import { isApiError, isPublicQueryMeta, RUNTIME_CONFIG_QUERY_KEY } from '@mealprep/api-client';
import { brandHeadTags, escapeHtml, jsonInScript, QUERY_STATE_ELEMENT_ID, RUNTIME_CONFIG_ELEMENT_ID, siteNamesOf, type RuntimeConfig } from '@mealprep/contracts';
import { pageMetaTags, resolvePageMeta, type PageCollector } from '@mealprep/ui';
import { QueryClient, type Query } from '@mealprep/query';
import { dehydrate } from '@mealprep/query/server';
import { createElement, type ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { watchedRead } from './api-answers';
import type { LoadedRelease } from './releases';
import type { ShellPage } from './shell-page';

/** Where a render's HTML goes: the status and head once they are known, then the body as it comes. */
export interface PageSink {
  start(status: number): void;
  write(chunk: string | Uint8Array): void;
  end(): void;
  /**
   * The page is made with an answer a shared cache may not keep (the API marked it no-store or
   * private): the page must not be kept for others either. Said as soon as it is known; the page's
   * root says it too, for when its head has gone out already.
   */
  notShared?(): void;
}

/** A render that could not give the page's content: the gateway then serves the page for the browser to render. */
export class RenderUnavailable extends Error {
  override readonly name = 'RenderUnavailable';
}

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: unknown }).enabled;
  return typeof enabled === 'function' ? Boolean((enabled as (q: Query) => unknown)(query)) : enabled !== false;
}

/** Public queries the render asked for and nobody fetched: reads the route table does not name. */
function unfetched(queryClient: QueryClient): Query[] {
  return queryClient.getQueryCache().findAll({ predicate: (query) => isPublicQueryMeta(query.meta) && query.state.status === 'pending' && query.state.fetchStatus === 'idle' && isEnabled(query) });
}

/**
 * Renders a tree to the end and gives its HTML, every boundary inline however large (React would
 * otherwise send a big one after the rest, hidden, for an inline script to move into place, which
 * a page read without JavaScript, or under a CSP without inline scripts, would never show).
 */
function renderToHtml(element: ReactElement): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const stream = renderToPipeableStream(element, {
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () =>
        stream.pipe(
          new Writable({
            write: (chunk: Buffer, _encoding, done) => {
              chunks.push(chunk);
              done();
            },
            final: (done) => {
              done();
              resolve(chunks);
            },
          }),
        ),
      onShellError: reject,
      onError: () => undefined,
    });
  });
}

export interface RenderInput {
  /** The page's path and query, as the visitor asked for it. */
  url: string;
  release: LoadedRelease;
  shell: ShellPage;
  runtimeConfig: RuntimeConfig;
  /** A crawler gets the whole document at once; a person gets the head as soon as it is known. */
  wholeDocument: boolean;
}

type QueryOptions = Parameters<QueryClient['prefetchQuery']>[0];

/**
 * Reads one of the page's queries into its QueryClient, from the services (svc-catalog keeps its
 * answers while its indexes stay as they were); `notShared` is told when the API marked the answer
 * no-store or private.
 */
async function read(queryClient: QueryClient, options: QueryOptions, notShared: () => void): Promise<void> {
  const { shared } = await watchedRead(() => queryClient.prefetchQuery(options));
  if (!shared) notShared();
}

/**
 * Renders a public page with the shell and the public remote's current release, as the browser
 * would, and writes it to the sink. What the page reads is known from its URL (the release's route
 * table: the same query functions and keys the browser uses): it is read first, all at once, and
 * the page renders once. The head (status, meta,
 * stylesheets, preloads) is written as soon as the page has declared its meta (a not-found page
 * says so, and answers 404); the body follows from React's stream once every query is in; the data
 * the page used goes into the page for the browser to hydrate with. An API that fails (other than
 * a not-found or refused request, which the page shows) ends in RenderUnavailable, before anything
 * was written when it can.
 */
export async function renderPage(input: RenderInput, sink: PageSink): Promise<{ status: number; missed: string[]; renderedInBrowser?: boolean }> {
  // An answer is kept as it came: an error is not tried again when the page renders.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity, gcTime: Infinity } } });
  queryClient.setQueryData(RUNTIME_CONFIG_QUERY_KEY, input.runtimeConfig);
  const collector: PageCollector = { meta: null };
  const routes = input.release.server.Routes;
  const tree = () =>
    createElement(input.shell.ServerApp, {
      queryClient,
      url: input.url,
      publicRoutes: { default: () => routes({ collector }) as ReactElement },
    });

  // The head goes out in two parts: its opening (charset, viewport, theme, styles) as soon as the
  // status is known, and the page's own meta once the page has declared it. A page without a slug
  // always answers 200, so its opening leaves before any data is awaited; a page that may be a
  // 404 waits for the read that decides it.
  const { pathname, searchParams } = new URL(input.url, 'http://page.invalid');
  let opened = false;
  let headWritten: number | null = null;
  const open = (status: number) => {
    sink.start(status);
    sink.write(headOpening(input));
    opened = true;
    headWritten = status;
  };
  const writeHead = () => {
    if (!opened) open(collector.meta?.notFound ? 404 : 200);
    sink.write(headRest(input, collector));
  };
  let headDone = false;
  if (!input.wholeDocument && input.release.server.fixedStatus?.(pathname)) open(200);

  let html: Buffer[] = [];
  // The page is as of its reads: the browser's live stream asks for the changes announced since then.
  const renderedAt = Date.now();
  // Whether the page may be kept for others: not when it was made with an answer marked no-store or private.
  let shared = true;
  const notShared = () => {
    if (!shared) return;
    shared = false;
    sink.notShared?.();
  };
  // What the route table says the page reads is read first, all at once; then the page renders once.
  const known = input.release.server.pageQueries?.(pathname, searchParams) ?? [];
  let missed: string[] = [];
  try {
    await Promise.all(known.map((options) => read(queryClient, options as QueryOptions, notShared)));
    html = await renderToHtml(tree());
    const failed = queryClient.getQueryCache().findAll({ predicate: (q) => isPublicQueryMeta(q.meta) && q.state.status === 'error' });
    for (const query of failed) {
      const error = query.state.error;
      // A not-found or a refused request is an answer the page shows; anything else is not this page's to show.
      if (!(isApiError(error) && error.status >= 400 && error.status < 500)) throw new RenderUnavailable(`the page's data could not be read (${String((error as Error | null)?.message ?? error)})`);
    }
    // A read the route table does not name shows as loading, and the browser makes it after
    // hydration: said, so that the table is put right (the route-table test fails on it too).
    missed = unfetched(queryClient).map((query) => JSON.stringify(query.queryKey));
    if (!input.wholeDocument && collector.meta) {
      writeHead();
      headDone = true;
    }
  } catch (err) {
    // The head's opening is out (a page without a slug), or the whole head (a read found by
    // rendering failed after it): the page is finished as the browser's own, exactly as the gateway
    // would serve it, rather than cut short.
    if (!opened || !(err instanceof RenderUnavailable)) throw err;
    sink.write(headDone ? `<div id="root"></div>${input.shell.bodyEnd}` : clientRenderedRest(input));
    sink.end();
    return { status: 200, missed, renderedInBrowser: true };
  }
  if (!headDone) writeHead();

  // What the page was rendered with, not-found and refused answers included (the page shows them):
  // the browser's first render then matches this one.
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      isPublicQueryMeta(query.meta) && query.queryKey[0] !== RUNTIME_CONFIG_QUERY_KEY[0] && (query.state.status === 'success' || (query.state.status === 'error' && isApiError(query.state.error))),
  });
  // The page as the browser will hydrate it goes into the page's root; its live stream asks for the
  // changes announced since its data was read. The body is written in one piece: every write is a
  // chunk on the wire and a flush of the gateway's compression.
  sink.write(
    Buffer.concat([
      // A page not to be shared says so on its root (the gateway reads it there: its head may have gone out before it was known).
      Buffer.from(`<div id="root" data-release="${escapeHtml(input.release.version)}" data-rendered-at="${renderedAt}"${shared ? '' : ' data-shared="false"'}>`),
      ...html,
      Buffer.from(`</div>\n    <script type="application/json" id="${QUERY_STATE_ELEMENT_ID}">${jsonInScript(state)}</script>${input.shell.bodyEnd}`),
    ]),
  );
  sink.end();
  return { status: headWritten ?? 200, missed };
}

/** The rest of a page whose data could not be read after its head's opening went out: the page for the browser to render. */
function clientRenderedRest(input: RenderInput): string {
  const { pathname } = new URL(input.url, 'http://page.invalid');
  const meta = resolvePageMeta({}, { origin: input.runtimeConfig.siteUrl.replace(/\/+$/, ''), pathname, site: siteNamesOf(input.runtimeConfig) });
  return `\n    ${[
    pageMetaTags(meta),
    `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${jsonInScript(input.runtimeConfig)}</script>`,
    input.shell.scripts,
    input.shell.headEnd,
  ].join('\n    ')}<div id="root"></div>${input.shell.bodyEnd}`;
}

/** The head's opening, the same for every page: the shell's charset, viewport, theme script and title-less head, and the page's styles. */
function headOpening(input: RenderInput): string {
  // The page's styles block its first paint (it is shown styled).
  const styles = input.release.assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`);
  // Nor is it painted half-read: on a slow device the parser yields inside the body, and a paint
  // then showed a header or a hero still growing, which moved as the rest came in. The first paint
  // waits for the page's data, which follows the root, so the root has been read to its end (a page
  // finished for the browser has none: it waits for the end of the document; a browser without
  // rel=expect ignores it).
  const whole = `<link rel="expect" href="#${QUERY_STATE_ELEMENT_ID}" blocking="render">`;
  // The brand's colours (over the stylesheet's own), icons and manifest.
  return [input.shell.headStart, ...styles, brandHeadTags(input.runtimeConfig.brand), whole].join('\n    ');
}

/** The rest of the head: this page's meta, the runtime config, the scripts for after the first paint, and the body's opening. */
function headRest(input: RenderInput, collector: PageCollector): string {
  const { pathname } = new URL(input.url, 'http://page.invalid');
  const meta = resolvePageMeta(collector.meta ?? {}, { origin: input.runtimeConfig.siteUrl.replace(/\/+$/, ''), pathname, site: siteNamesOf(input.runtimeConfig) });
  const { assets } = input.release;
  // The browser loads this release, the one the page was rendered with, whatever is current by then.
  const runtimeConfig: RuntimeConfig = { ...input.runtimeConfig, remotes: { ...input.runtimeConfig.remotes, public: input.release.manifestUrl } };
  const page = input.release.pageFor(pathname);
  // The scripts and the hints for what they load wait in #after-paint until the page has painted
  // (shell/src/index.html loads them), so on a slow connection they do not share the bandwidth
  // with what the page shows first.
  const { startChunks } = input.shell;
  const analytics = Object.values(input.runtimeConfig.analytics).some(Boolean);
  const afterPaint = [
    input.shell.scripts,
    // The shell's chunks its entry loads at once (and its analytics' when a setting names one).
    ...[...startChunks.page, ...(analytics ? startChunks.analytics : [])].map((href) => `<link rel="prefetch" href="${escapeHtml(href)}">`),
    `<link rel="preload" href="${escapeHtml(input.release.manifestUrl)}" as="fetch" crossorigin="anonymous">`,
    // Prefetched, not preloaded: a failed preload is handed to the script that asks for the same
    // file later in the page, so "Try again" after a network failure would fail without trying.
    ...[...assets.scripts, ...(page ? [page] : [])].map((href) => `<link rel="prefetch" href="${escapeHtml(href)}">`),
  ];
  return `\n    ${[
    pageMetaTags(meta),
    `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${jsonInScript(runtimeConfig)}</script>`,
    `<template id="after-paint">${afterPaint.join('')}</template>`,
    input.shell.headEnd,
  ].join('\n    ')}`;
}
