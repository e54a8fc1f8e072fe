import { readRuntimeConfig } from '@mealprep/api-client';
import { closeServer, createLogger, listen, runService } from '@mealprep/service-kit';
import type { RuntimeConfig } from '@mealprep/contracts';
import { createRendererApp } from './app';
import { loadRendererConfig } from './config';
import { PublicReleases } from './releases';
import { ShellPages } from './shell-page';

/** How long the runtime config and the shell's page are trusted before they are read from the gateway again. */
const SITE_RECHECK_MS = 30_000;

await runService('renderer', async () => {
  const config = loadRendererConfig();
  const logger = createLogger('renderer', config.LOG_LEVEL);
  let runtime: { at: number; value: Promise<RuntimeConfig> } | null = null;
  const runtimeConfig = () => {
    if (!runtime || Date.now() - runtime.at >= SITE_RECHECK_MS) {
      const value = readRuntimeConfig({
        document: { getElementById: () => null } as unknown as Document,
        fetch: (input, init) => fetch(new URL(String(input), config.GATEWAY_URL), { ...init, signal: AbortSignal.timeout(10_000) }),
      });
      value.catch(() => {
        runtime = null;
      });
      runtime = { at: Date.now(), value };
    }
    return runtime.value;
  };
  const services = { catalog: config.CATALOG_URL, media: config.MEDIA_URL };
  const releases = new PublicReleases({ gatewayUrl: config.GATEWAY_URL, services, apiTimeoutMs: config.API_TIMEOUT_MS, checkEveryMs: config.RELEASE_CHECK_MS, logger, runtimeConfig });
  const shellPages = new ShellPages({ gatewayUrl: config.GATEWAY_URL, checkEveryMs: SITE_RECHECK_MS });
  const { server, url } = await listen(createRendererApp({ logger, releases, shellPages, runtimeConfig }), config.PORT, config.HOST);
  // The gateway may start after this process: the first release is loaded as soon as it answers.
  const firstLoad = setInterval(() => {
    if (releases.version !== null) return clearInterval(firstLoad);
    releases.check().catch((err: unknown) => logger.debug({ err }, 'the public remote could not be loaded yet'));
  }, 1_000);
  firstLoad.unref();
  return {
    url,
    logger,
    stop: async () => {
      clearInterval(firstLoad);
      await closeServer(server);
    },
  };
});
