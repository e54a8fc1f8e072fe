import type { QueryClient } from '@mealprep/query';
import { ShellReleaseSchema } from '@mealprep/contracts';
import type { ReactElement, ReactNode } from 'react';
import { z } from 'zod';
import { evaluateServerBuild } from './server-builds';

/** The shell as a server render uses it (shell/src/server.tsx, from the shell's own server build). */
export type ShellServerApp = (props: { queryClient: QueryClient; url: string; publicRoutes: { default: () => ReactElement } }) => ReactNode;

/**
 * The shell build's start-chunks.json (packages/build-config): the shell's chunks a page loads one
 * step after its entry, and those it loads when analytics are on. A build without it names none.
 */
const StartChunksSchema = z.object({ page: z.array(z.string()), analytics: z.array(z.string()).default([]) });
export type StartChunks = z.infer<typeof StartChunksSchema>;

/** The shell's page (its built index.html) cut where a server render puts the page's own parts. */
export interface ShellPage {
  /** From the doctype to the runtime config's place: charset, viewport, the theme's inline script. */
  headStart: string;
  /** The rest of the head (the shell's stylesheet) and the body's opening. */
  headEnd: string;
  /** The shell's scripts, which a rendered page loads after its first paint (see shell/src/index.html). */
  scripts: string;
  /** After the root: what closes the page. */
  bodyEnd: string;
  /** The shell's chunks its scripts load at start, which the page names with them. */
  startChunks: StartChunks;
  /** The shell's server part: its routes, layout, header and footer around the public remote's page. */
  ServerApp: ShellServerApp;
}

const RUNTIME_CONFIG_MARK = '<!--runtime-config-->';

/**
 * Cuts the shell's index.html for a server render. The page's own title and description replace
 * the shell's defaults, and the "needs JavaScript" note goes: the page reads without it.
 */
export function cutShellPage(html: string, ServerApp: ShellServerApp, startChunks: StartChunks = { page: [], analytics: [] }): ShellPage {
  const mark = html.indexOf(RUNTIME_CONFIG_MARK);
  const root = html.indexOf('<div id="root"></div>');
  const bodyOpen = html.indexOf('<body>');
  if (mark < 0 || root < 0 || bodyOpen < 0 || !(mark < bodyOpen && bodyOpen < root)) throw new Error("The shell's page has no runtime-config mark or no empty root.");
  const headStart = html
    .slice(0, mark)
    .replace(/\s*<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta\s+name="description"[^>]*>/, '')
    .trimEnd();
  const rest = html.slice(mark + RUNTIME_CONFIG_MARK.length, root);
  const scripts = (rest.match(/<script\b[^>]*\bsrc=[^>]*><\/script>/g) ?? []).join('');
  const headEnd = `${rest.replace(/<script\b[^>]*\bsrc=[^>]*><\/script>/g, '').trim()}\n    `;
  const bodyEnd = html.slice(root + '<div id="root"></div>'.length).replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
  return { headStart, headEnd, scripts, bodyEnd, startChunks, ServerApp };
}

/**
 * The shell's page and its server part from the gateway, read once and again after `drop` (the
 * gateway names another site: a new shell build names new files), so this process never holds a
 * file of the site's own, nor compiles the shell in: the shell's build publishes its server part
 * beside its page (release.json names it), as a remote's release carries its own.
 */
export class ShellPages {
  private page: Promise<ShellPage> | null = null;
  private stale = false;

  constructor(private readonly options: { gatewayUrl: string }) {}

  get(): Promise<ShellPage> {
    if (!this.page || this.stale) {
      this.stale = false;
      const previous = this.page;
      const value: Promise<ShellPage> = this.read().catch((err: unknown) => {
        // Keep what was read before when a re-read fails (the next drop tries again); without it, the next call tries again.
        if (previous) return previous;
        if (this.page === value) this.page = null;
        throw err;
      });
      this.page = value;
    }
    return this.page;
  }

  /** The next render reads the shell's page again. */
  drop(): void {
    this.stale = true;
  }

  private async read(): Promise<ShellPage> {
    const get = (file: string) => fetch(new URL(file, this.options.gatewayUrl), { signal: AbortSignal.timeout(10_000) });
    const [page, chunks, release] = await Promise.all([get('/index.html'), get('/start-chunks.json'), get('/release.json')]);
    if (!page.ok) throw new Error(`the shell's page answered ${page.status}`);
    if (!release.ok) throw new Error(`the shell's release.json answered ${release.status}`);
    const { server } = ShellReleaseSchema.parse(await release.json());
    const code = await get(server);
    if (!code.ok) throw new Error(`the shell's server build answered ${code.status}`);
    const ServerApp = evaluateServerBuild(await code.text(), `shell${server}`).ServerApp;
    if (typeof ServerApp !== 'function') throw new Error("The shell's server build has no ServerApp.");
    if (chunks.status === 404) {
      await chunks.body?.cancel();
      return cutShellPage(await page.text(), ServerApp as ShellServerApp);
    }
    if (!chunks.ok) throw new Error(`the shell's start chunks answered ${chunks.status}`);
    return cutShellPage(await page.text(), ServerApp as ShellServerApp, StartChunksSchema.parse(await chunks.json()));
  }
}
