import { readRuntimeConfig } from '@mealprep/api-client';
import { closeServer, createLogger, listen, retryUntilDone, runService } from '@mealprep/service-kit';
import type { RuntimeConfig } from '@mealprep/contracts';
import { createRendererApp } from './app';
import { loadRendererConfig } from './config';
import { PublicReleases } from './releases';
import { ShellPages } from './shell-page';
import { siteVersionFollower } from './site-version';

await runService('renderer', async () => {
  const config = loadRendererConfig();
  const logger = createLogger('renderer', config.LOG_LEVEL);
  // The runtime config, read once and again when the gateway names another site (site-version.ts).
  let runtime: Promise<RuntimeConfig> | null = null;
  const runtimeConfig = () => {
    if (!runtime) {
      const value = readRuntimeConfig({
        document: { getElementById: () => null } as unknown as Document,
        fetch: (input, init) => fetch(new URL(String(input), config.GATEWAY_URL), { ...init, signal: AbortSignal.timeout(10_000) }),
      });
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
  const siteVersion = siteVersionFollower(
    {
      dropSite: () => {
        runtime = null;
        shellPages.drop();
      },
      get release() {
        return releases.version;
      },
      loadRelease: () => releases.check(),
    },
    logger,
  );
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
