import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startPrivateBroker, startServiceProcess, TEST_IDENTITY_SECRET, type PrivateBroker, type ServiceProcess } from '@mealprep/service-kit/testing';
// @ts-expect-error plain ESM helper without types
import { startFerretdb } from '../lib/ferretdb.mjs';

export const SERVICES = ['svc-catalog', 'svc-auth', 'svc-media', 'svc-checker'] as const;
export type ServiceName = (typeof SERVICES)[number];

export interface RunningSystem {
  dataDir: string;
  mongodbUri: string;
  rabbit: PrivateBroker;
  services: Record<ServiceName, ServiceProcess>;
  gateway: ServiceProcess;
  /** Renders public pages for the gateway (no secret, no database: it reads through the gateway). */
  renderer: ServiceProcess;
  /** Starts (again) one service, on the port it had when a port is given. */
  startService: (name: ServiceName, port?: number) => Promise<void>;
  startDatabase: () => Promise<void>;
  stopDatabase: () => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * The whole back end as `npm start` runs it (four services, the gateway and the renderer, each its own
 * process), on a FerretDB and a RabbitMQ node of its own, with the demo catalogue, so a test may
 * stop and start any part. `env` adds settings to every process.
 */
export async function startSystem(env: Record<string, string> = {}): Promise<RunningSystem> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mealprep-system-'));
  // The database keeps its port across restarts (the services were given it). It is chosen as it
  // first starts: a port found free earlier may be taken meanwhile by a test running beside this one,
  // and the first start then tries another (a restart must keep the one the services know).
  let ferretPort = 0;
  let ferret: { uri: string; stop: () => Promise<void> } | null = null;
  const startDatabase = async () => {
    const first = ferretPort === 0;
    for (let attempt = 1; ; attempt += 1) {
      if (first) ferretPort = await freePort();
      try {
        ferret = await startFerretdb({ dataDir: path.join(dataDir, 'ferretdb'), port: ferretPort });
        return;
      } catch (err) {
        if (!first || attempt >= 3) throw err;
      }
    }
  };
  const rabbit = await startPrivateBroker();
  const services = {} as Record<ServiceName, ServiceProcess>;
  let gateway: ServiceProcess | null = null;
  let renderer: ServiceProcess | null = null;
  const stop = async () => {
    await renderer?.stop();
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
    // Every port first: svc-catalog asks svc-media (started after it) about logos.
    const ports = new Set<number>();
    while (ports.size < SERVICES.length) ports.add(await freePort());
    const urls = Object.fromEntries([...ports].map((port, i) => [SERVICES[i], `http://127.0.0.1:${port}`])) as Record<ServiceName, string>;
    const peers: Record<ServiceName, Record<string, string>> = {
      'svc-catalog': { MEDIA_URL: urls['svc-media'] },
      'svc-auth': { CATALOG_URL: urls['svc-catalog'] },
      'svc-media': { CATALOG_URL: urls['svc-catalog'] },
      'svc-checker': { CATALOG_URL: urls['svc-catalog'] },
    };
    const startService = async (name: ServiceName, port?: number) => {
      services[name] = await startServiceProcess(
        `${name}/src/server.ts`,
        { ...common, SITE_URL: 'http://127.0.0.1:9', ...peers[name] },
        { port: port ?? Number(new URL(urls[name]).port), timeoutMs: 120_000 },
      );
    };
    for (const name of SERVICES) await startService(name);
    const rendererPort = await freePort();
    gateway = await startServiceProcess(
      'gateway/src/server.ts',
      {
        ...common,
        CATALOG_URL: services['svc-catalog'].url,
        AUTH_URL: services['svc-auth'].url,
        MEDIA_URL: services['svc-media'].url,
        CHECKER_URL: services['svc-checker'].url,
        RENDERER_URL: `http://127.0.0.1:${rendererPort}`,
      },
      { readyPath: '/healthz' },
    );
    renderer = await startServiceProcess(
      'renderer/src/server.ts',
      { GATEWAY_URL: gateway.url, CATALOG_URL: services['svc-catalog'].url, MEDIA_URL: services['svc-media'].url, ...(env.LOG_LEVEL ? { LOG_LEVEL: env.LOG_LEVEL } : {}) },
      { port: rendererPort, timeoutMs: 60_000 },
    );
    return {
      dataDir,
      mongodbUri: common.MONGODB_URI,
      rabbit,
      services,
      gateway,
      renderer,
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

/**
 * One call through the gateway, with a session cookie or none; a live stream is not read. The body
 * goes as JSON, or with `raw` as it is (text or bytes) under `contentType` (JSON's by default).
 */
export async function callApi(gatewayUrl: string, cookie: string | undefined, method: string, pathname: string, body?: unknown, options: { raw?: boolean; contentType?: string } = {}) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 20_000);
  try {
    const answer = await fetch(`${gatewayUrl}${pathname}`, {
      method,
      signal: controller.signal,
      headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': options.contentType ?? 'application/json' }) },
      ...(body === undefined ? {} : { body: options.raw ? (Buffer.isBuffer(body) ? new Uint8Array(body) : String(body)) : JSON.stringify(body) }),
    });
    const text = answer.headers.get('content-type')?.startsWith('text/event-stream') ? '' : await answer.text();
    return { status: answer.status, text, setCookie: answer.headers.get('set-cookie') };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** Signs in by the e-mailed code (the outbox, as no SMTP server is set), as a person would; the session cookie. */
export function signIn(system: RunningSystem, email: string): Promise<string> {
  return signInAt({ gatewayUrl: system.gateway.url, dataDir: system.dataDir }, email);
}

/** The same for any running site: its gateway and its data folder (where the outbox is). */
export async function signInAt(site: { gatewayUrl: string; dataDir: string }, email: string): Promise<string> {
  const asked = await callApi(site.gatewayUrl, undefined, 'POST', '/api/auth/login/request', { email });
  if (asked.status >= 300) throw new Error(`sign-in request for ${email}: ${asked.status} ${asked.text}`);
  const outbox = path.join(site.dataDir, 'outbox');
  let code: string | undefined;
  for (const deadline = Date.now() + 15_000; !code && Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    const mail = readdirSync(outbox, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      // Quoted-printable: a soft line break (`=` at a line's end) may fall anywhere, even inside the code's line.
      .map((entry) => readFileSync(path.join(outbox, entry.name), 'utf8').replace(/=\r?\n/g, ''))
      .find((text) => text.includes(email));
    code = mail ? /sign-in page: (\d{6})/.exec(mail)?.[1] : undefined;
  }
  if (!code) throw new Error(`no sign-in code reached ${email}`);
  const answer = await callApi(site.gatewayUrl, undefined, 'POST', '/api/auth/login/code', { email, code });
  if (answer.status >= 300 || !answer.setCookie) throw new Error(`sign-in for ${email}: ${answer.status} ${answer.text}`);
  return answer.setCookie.split(';')[0]!;
}

/** A complete listing an owner could submit. */
export function listing(name: string, slug: string) {
  return {
    name,
    slug,
    tagline: 'Breakfasts that keep',
    description: 'Fresh breakfast boxes every Monday.',
    mealTypes: ['keto'],
    deliveryMethods: { localDelivery: true, pickup: false, shipsDomestically: false, shipsInternationally: false },
    contact: { email: `hello@${slug}.example.com`, phone: '555-0100', website: `https://${slug}.example.com`, socialLinks: [] },
    locations: [{ label: '', address: { line1: '1 Main St', city: 'Austin', region: 'Texas', postalCode: '78701', countryCode: 'US' }, isPrimary: true }],
    media: { logoImageId: null },
    metadata: { ownerName: 'Sam Sunrise', yearsInBusiness: '1-2 years', termsAccepted: true, submittedVia: 'dashboard' },
  };
}

/** Ids, slugs and names the route table's placeholders stand for, read from the running system. */
export async function placeholderValues(system: RunningSystem, ownServiceId: string): Promise<Record<string, string>> {
  const read = async <T>(pathname: string) => JSON.parse((await callApi(system.gateway.url, undefined, 'GET', pathname)).text) as T;
  const services = await read<{ items: Array<{ id: string; slug: string }> }>('/api/catalog/services');
  const articles = await read<{ items: Array<{ id: string; slug: string }> }>('/api/catalog/articles');
  const values: Record<string, string> = {
    own: ownServiceId,
    missing: '0'.repeat(24),
    demoService: services.items[0]!.id,
    demoSlug: services.items[0]!.slug,
    image: (await read<{ items: Array<{ id: string }> }>('/api/media/banners')).items[0]!.id,
    article: articles.items[0]!.id,
    articleSlug: articles.items[0]!.slug,
    mealType: (await read<{ items: Array<{ slug: string }> }>('/api/catalog/meal-types')).items[0]!.slug,
    region: (await read<{ items: Array<{ slug: string }> }>('/api/catalog/regions')).items[0]!.slug,
  };
  for (const [name, value] of Object.entries(values)) if (!value) throw new Error(`no value for {${name}}`);
  return values;
}
