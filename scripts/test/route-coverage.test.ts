import type { Express } from 'express';
import { Broker, createResolver } from '@mealprep/service-kit';
import { silentLogger, TEST_IDENTITY_SECRET, testDatabase, testOutbox } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../../gateway/src/app';
import { loadGatewayConfig } from '../../gateway/src/config';
import { createAuthApp } from '../../svc-auth/src/app';
import { createCatalogApp } from '../../svc-catalog/src/app';
import { createCheckerApp } from '../../svc-checker/src/app';
import { createMediaApp } from '../../svc-media/src/app';
import { AUTHORIZATION_MATRIX } from './authorization-matrix';
import { ROUTE_INPUTS } from './route-inputs';

/** The parts of an express (router 2) layer this test reads. */
interface Layer {
  rawPath?: string | string[];
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

/** `METHOD path` of every route an app serves, with mounted routers followed; parameters as `:`. */
function routesOf(app: Express): string[] {
  const found: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = ([] as string[]).concat(layer.route.path);
        for (const method of Object.keys(layer.route.methods)) for (const path of paths) found.push(`${method.toUpperCase()} ${normal(prefix + path)}`);
      } else if (layer.handle.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return found;
}

/** Path parameters by position only: `/services/:id` and `/services/{own}` are the same route. */
const normal = (path: string) => path.replace(/:\w+|\{\w+\}/g, ':');

/**
 * The authorization matrix claims to list every API route. Here the routes are read from the apps
 * themselves (each service's routers as its server mounts them, and the gateway's own `/api`
 * routes and forwards), so a route added to a service without a row in the matrix, or a row left
 * for a route that is gone, fails this test before the matrix is ever called.
 */
describe('the authorization matrix and the routes the apps serve', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let gateway: ReturnType<typeof createGateway>;
  const served = new Set<string>();

  beforeAll(async () => {
    db = await testDatabase('route-coverage');
    // Nothing is called: the apps are only built, on a broker that never connects.
    const broker = new Broker({ url: 'amqp://127.0.0.1:9', prefix: 'route-coverage', source: 'test', logger: silentLogger });
    const common = { logger: silentLogger, connection: db.connection, broker, outbox: testOutbox(db.connection, broker), identitySecret: TEST_IDENTITY_SECRET };
    const services: Record<string, Express> = {
      auth: createAuthApp({ ...common, siteUrl: 'http://127.0.0.1:1', adminEmails: [], mailer: { send: async () => undefined, close: () => undefined } }),
      catalog: createCatalogApp(common),
      media: createMediaApp(common),
      checker: createCheckerApp({
        ...common,
        check: { allowHosts: [], resolve: createResolver([]), userAgent: 'route-coverage', timeoutMs: 1_000, maxBytes: 1024, maxRedirects: 0, retryDelaysMs: [] },
        jobRetryDelaysMs: [],
      }),
    };
    const nowhere = 'http://127.0.0.1:9';
    gateway = createGateway(loadGatewayConfig({ IDENTITY_SECRET: TEST_IDENTITY_SECRET, PORT: '0', CATALOG_URL: nowhere, AUTH_URL: nowhere, MEDIA_URL: nowhere, CHECKER_URL: nowhere }), silentLogger);
    // What the gateway forwards (`/api/{name}` to a service) opens that service's every route under it.
    const forwards = new Map<string, Express>();
    for (const layer of (gateway.app as unknown as { router: { stack: Layer[] } }).router.stack) {
      const match = typeof layer.rawPath === 'string' ? /^\/api\/(\w+)$/.exec(layer.rawPath) : null;
      if (match && services[match[1]!]) forwards.set(match[1]!, services[match[1]!]!);
    }
    expect([...forwards.keys()].sort()).toEqual(Object.keys(services).sort());
    for (const [name, app] of forwards) for (const route of routesOf(app)) served.add(route.replace(' ', ` /api/${name}`));
    for (const route of routesOf(gateway.app)) if (route.split(' ')[1]!.startsWith('/api/')) served.add(route);
  }, 60_000);
  afterAll(async () => {
    await gateway?.close();
    await db?.drop();
  });

  it('when every route the gateway opens is read from the apps, then each is a row of the matrix and each row is one of them', () => {
    const rows = new Set(
      AUTHORIZATION_MATRIX.map((row) => {
        const input = ROUTE_INPUTS[`${row.method} ${row.path}`];
        return `${row.method} ${normal(input?.path ?? row.path.split('?')[0]!)}`;
      }),
    );
    const missing = [...served].filter((route) => !rows.has(route)).sort();
    const gone = [...rows].filter((route) => !served.has(route)).sort();
    expect({ 'served but not in the matrix': missing, 'in the matrix but not served': gone }).toEqual({ 'served but not in the matrix': [], 'in the matrix but not served': [] });
    // The reading itself found the routes: a broken walk would find none and compare nothing.
    expect(served.size).toBe(rows.size);
    expect(served.size).toBeGreaterThan(70);
  });
});
