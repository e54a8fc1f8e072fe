import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startPrivateBroker, startServiceProcess, TEST_IDENTITY_SECRET, type PrivateBroker, type ServiceProcess } from '@mealprep/service-kit/testing';
// @ts-expect-error plain ESM helper without types
import { startFerretdb } from '../lib/ferretdb.mjs';

export const SERVICES = ['svc-catalog', 'svc-auth', 'svc-media', 'svc-checker'] as const;
export type ServiceName = (typeof SERVICES)[number];

export interface RunningSystem {
  dataDir: string;
  rabbit: PrivateBroker;
  services: Record<ServiceName, ServiceProcess>;
  gateway: ServiceProcess;
  /** Starts (again) one service, on the port it had when a port is given. */
  startService: (name: ServiceName, port?: number) => Promise<void>;
  startDatabase: () => Promise<void>;
  stopDatabase: () => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * The whole back end as `npm start` runs it (four services and the gateway, each its own
 * process), on a FerretDB and a RabbitMQ node of its own, with the demo catalogue, so a test may
 * stop and start any part. `env` adds settings to every process.
 */
export async function startSystem(env: Record<string, string> = {}): Promise<RunningSystem> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mealprep-system-'));
  const ferretPort = await freePort();
  let ferret: { uri: string; stop: () => Promise<void> } | null = null;
  const startDatabase = async () => {
    ferret = await startFerretdb({ dataDir: path.join(dataDir, 'ferretdb'), port: ferretPort });
  };
  const rabbit = await startPrivateBroker();
  const services = {} as Record<ServiceName, ServiceProcess>;
  let gateway: ServiceProcess | null = null;
  const stop = async () => {
    await gateway?.stop();
    for (const name of SERVICES) await services[name]?.stop();
    await ferret?.stop();
    await rabbit.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await startDatabase();
    const common = {
      MONGODB_URI: `mongodb://127.0.0.1:${ferretPort}/`,
      AMQP_URL: rabbit.url,
      AMQP_PREFIX: 'system',
      IDENTITY_SECRET: TEST_IDENTITY_SECRET,
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'true',
      ...env,
    };
    const startService = async (name: ServiceName, port?: number) => {
      services[name] = await startServiceProcess(
        `${name}/src/server.ts`,
        { ...common, SITE_URL: 'http://127.0.0.1:9', ...(name === 'svc-checker' ? { CATALOG_URL: services['svc-catalog'].url } : {}) },
        { ...(port ? { port } : {}), timeoutMs: 120_000 },
      );
    };
    for (const name of SERVICES) await startService(name);
    gateway = await startServiceProcess(
      'gateway/src/server.ts',
      { ...common, CATALOG_URL: services['svc-catalog'].url, AUTH_URL: services['svc-auth'].url, MEDIA_URL: services['svc-media'].url, CHECKER_URL: services['svc-checker'].url },
      { readyPath: '/healthz' },
    );
    return {
      dataDir,
      rabbit,
      services,
      gateway,
      startService,
      startDatabase,
      stopDatabase: async () => {
        await ferret?.stop();
        ferret = null;
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
