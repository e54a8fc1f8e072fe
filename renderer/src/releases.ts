import { FederationManifestSchema, ReleasePointerSchema, type RuntimeConfig } from '@mealprep/contracts';
import { peerFetch, type Logger } from '@mealprep/service-kit';
import type { PageCollector } from '@mealprep/ui';
import { watchedFetch } from './api-answers';
import { evaluateServerBuild } from './server-builds';

/** What mfe-public's server build exports (mfe-public/src/server.tsx). */
export interface PublicServer {
  Routes: (props: { collector: PageCollector }) => unknown;
  /** The name of the lazily loaded chunk of the page at a path (its files are named `<chunk>.<hash>.js`), or null. */
  pageChunk: (pathname: string) => string | null;
  /** Whether the page at a path answers 200 whatever its data says (absent in older releases: never assumed). */
  fixedStatus?: (pathname: string) => boolean;
  /** The queries the page at a URL will read, fetched before its first render (absent in older releases). */
  pageQueries?: (pathname: string, search: URLSearchParams) => Array<{ queryKey: readonly unknown[] }>;
}
interface PublicServerModule {
  createPublicServer: (options: { fetch: typeof fetch; apiTimeoutMs: number }) => PublicServer;
}

/** A release of the public remote, loaded: the browser uses its manifest, the server its build. */
export interface LoadedRelease {
  version: string;
  /** The release's manifest, as the page's runtime config names it (so the browser loads this release). */
  manifestUrl: string;
  /** What the page links at once: the remote's entry and first chunks, its stylesheets, and its page chunks. */
  assets: { scripts: string[]; styles: string[]; pages: string[] };
  server: PublicServer;
  /** The file of the page's own chunk at a path, to load with the rest, or null (the home page is in the first chunks). */
  pageFor: (pathname: string) => string | null;
}

/**
 * What a release's reads go through: the API's path names its service ('/catalog/services?…' is
 * svc-catalog's '/services?…'), asked directly, one instance in turn (peerFetch).
 */
export function serviceFetch(services: { catalog: string; media: string }): typeof fetch {
  return (input, init) => {
    const url = new URL(String(input), 'http://api.invalid');
    const [, name = '', ...rest] = url.pathname.split('/');
    const urls = name === 'catalog' ? services.catalog : name === 'media' ? services.media : null;
    if (!urls) return Promise.reject(new Error(`${url.pathname} is not a path of a service renders read`));
    return peerFetch(urls, `/${rest.join('/')}${url.search}`, init ?? {});
  };
}

export interface ReleaseOptions {
  /** The gateway: release.json, manifests and server builds are read from it, and only from it (never data). */
  gatewayUrl: string;
  /** The services renders read, on the internal network: each one's URL, or its instances' comma separated. */
  services: { catalog: string; media: string };
  apiTimeoutMs: number;
  logger: Logger;
  /** The runtime config, which says where the public remote's release.json is. */
  runtimeConfig: () => Promise<RuntimeConfig>;
}

/**
 * The public remote's current release, as this process renders with it. release.json is read
 * again when the gateway names another release (site-version.ts): the new release is loaded (its
 * server build fetched and evaluated here) and then used for every render after, while the one
 * before keeps serving until it is ready. Renders never wait for a check, only for the first load.
 */
export class PublicReleases {
  private current: LoadedRelease | null = null;
  private loading: Promise<LoadedRelease> | null = null;

  constructor(private readonly options: ReleaseOptions) {}

  /** The release to render with (the first call waits for the first load). */
  async get(): Promise<LoadedRelease> {
    return this.current ?? this.check();
  }

  /** The version in use, or null before the first load. */
  get version(): string | null {
    return this.current?.version ?? null;
  }

  /** Reads release.json and loads the release it names when it is another one. */
  check(): Promise<LoadedRelease> {
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async fetchFromGateway(url: URL, as: 'json' | 'text'): Promise<unknown> {
    if (url.origin !== new URL(this.options.gatewayUrl).origin) throw new Error(`${url.href} is not on the gateway: remote code is loaded from the site only.`);
    const answer = await fetch(url, { signal: AbortSignal.timeout(10_000), headers: { accept: as === 'json' ? 'application/json' : '*/*' } });
    if (!answer.ok) throw new Error(`${url.pathname} answered ${answer.status}`);
    return as === 'json' ? answer.json() : answer.text();
  }

  private async load(): Promise<LoadedRelease> {
    const config = await this.options.runtimeConfig();
    const pointerUrl = new URL(config.remotes.public, this.options.gatewayUrl);
    if (!/\/release\.json$/.test(pointerUrl.pathname)) throw new Error('The public remote is not configured by its release.json: pages are rendered in the browser only.');
    const pointer = ReleasePointerSchema.parse(await this.fetchFromGateway(pointerUrl, 'json'));
    if (this.current?.version === pointer.version) return this.current;
    if (!pointer.server) throw new Error(`Release ${pointer.version} has no server build.`);
    const manifestUrl = new URL(pointer.manifest, pointerUrl);
    const manifest = FederationManifestSchema.parse(await this.fetchFromGateway(manifestUrl, 'json'));
    const serverUrl = new URL(pointer.server, pointerUrl);
    const code = String(await this.fetchFromGateway(serverUrl, 'text'));
    const module = evaluateServerBuild(code, `mfe-public@${pointer.version}/server.cjs`) as Partial<PublicServerModule>;
    if (typeof module.createPublicServer !== 'function') throw new Error(`Release ${pointer.version} has no createPublicServer.`);
    const server = module.createPublicServer({ fetch: watchedFetch(serviceFetch(this.options.services)), apiTimeoutMs: this.options.apiTimeoutMs });
    const base = new URL('.', manifestUrl).pathname;
    const routes = manifest.exposes.find((e) => e.name === 'routes');
    const release: LoadedRelease = {
      version: pointer.version,
      manifestUrl: manifestUrl.pathname,
      assets: {
        scripts: [manifest.metaData.remoteEntry.name, ...(routes?.assets.js.sync ?? [])].map((file) => `${base}${file}`),
        styles: (routes?.assets.css?.sync ?? []).map((file) => `${base}${file}`),
        pages: (routes?.assets.js.async ?? []).map((file) => `${base}${file}`),
      },
      server,
      pageFor: (pathname) => {
        const chunk = server.pageChunk(pathname);
        return chunk ? (release.assets.pages.find((file) => file.slice(file.lastIndexOf('/') + 1).startsWith(`${chunk}.`)) ?? null) : null;
      },
    };
    this.options.logger.info({ version: release.version, before: this.current?.version ?? null }, 'public remote release loaded');
    this.current = release;
    return release;
  }
}
