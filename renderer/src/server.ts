import { readRuntimeConfig } from '@mealprep/api-client';
import { closeServer, createLogger, listen, retryUntilDone, runService } from '@mealprep/service-kit';
import { SITE_VERSION_HEADER, SiteVersionSchema, type RuntimeConfig } from '@mealprep/contracts';
import { createRendererApp } from './app';
import { loadRendererConfig } from './config';
import { PublicReleases } from './releases';
import { ShellPages } from './shell-page';
import { siteVersionFollower } from './site-version';

/** How many times a runtime config of another site is read again (100 ms apart) before it is taken as it is. */
const SITE_READ_ATTEMPTS = 30;

await runService('renderer', async () => {
  const config = loadRendererConfig();
  const logger = createLogger('renderer', config.LOG_LEVEL);
  // The runtime config, read once and again when the gateway names another site (site-version.ts).
  let runtime: Promise<RuntimeConfig> | null = null;
  // The site part last named: a config read from a gateway that names another (one that has not
  // heard of a brand just published, behind the same balancer) is read again, a moment later.
  let namedSite: string | null = null;
  // The site part the config held belongs to (as the gateway that gave it named it).
  let configSite: string | null = null;
  const readFromGateway = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    for (let attempt = 0; ; attempt += 1) {
      const answer = await fetch(new URL(String(input), config.GATEWAY_URL), { ...init, signal: AbortSignal.timeout(10_000) });
      const site = answer.headers.get(SITE_VERSION_HEADER)?.split('.')[0];
      if (!namedSite || !site || site === namedSite || attempt >= SITE_READ_ATTEMPTS) {
        configSite = site ?? null;
        return answer;
      }
      await answer.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const runtimeConfig = () => {
    if (!runtime) {
      const value = readRuntimeConfig({ document: { getElementById: () => null } as unknown as Document, fetch: readFromGateway });
      value.catch(() => {
        if (runtime === value) runtime = null;
      });
      runtime = value;
    }
    return runtime;
  };
  const services = { catalog: config.CATALOG_URL, media: config.MEDIA_URL };
  const releases = new PublicReleases({ gatewayUrl: config.GATEWAY_URL, services, apiTimeoutMs: config.API_TIMEOUT_MS, logger, runtimeConfig });
  const shellPages = new ShellPages({ gatewayUrl: config.GATEWAY_URL });
  const dropSite = (site: string) => {
    namedSite = site;
    runtime = null;
    configSite = null;
    shellPages.drop();
  };
  const follow = siteVersionFollower(
    {
      dropSite,
      get release() {
        return releases.version;
      },
      loadRelease: () => releases.check(),
    },
    logger,
  );
  // The follower drops what it loaded when the named site changes; a config read before the first
  // page named one (at start, for the first release) is dropped too when it belongs to another.
  const siteVersion = (header: string | undefined) => {
    const named = SiteVersionSchema.safeParse(header).success ? header!.split('.')[0]! : null;
    if (named && configSite !== null && named !== configSite) dropSite(named);
    follow(header);
  };
  const { server, url } = await listen(createRendererApp({ logger, releases, shellPages, runtimeConfig, siteVersion }), config.PORT, config.HOST);
  // The gateway may start after this process: the first release is loaded as soon as it answers.
  const firstLoad = retryUntilDone(
    async () => {
      await releases.check();
      return true;
    },
    { minTimeout: 1_000, factor: 1, maxTimeout: 1_000, randomize: false },
  );
  return {
    url,
    logger,
    stop: async () => {
      firstLoad.stop();
      await closeServer(server);
    },
  };
});
