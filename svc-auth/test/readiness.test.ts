import { testBroker, testDatabase, serve, silentLogger, TEST_IDENTITY_SECRET } from '@mealprep/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { createAuthApp } from '../src/app';
import { createMediaApp } from '../../svc-media/src/app';
import { createCheckerApp } from '../../svc-checker/src/app';

const services = [
  ['svc-auth', createAuthApp],
  ['svc-media', createMediaApp],
  ['svc-checker', createCheckerApp],
] as const;

describe.each(services)('%s', (name, createServiceApp) => {
  it('when its database and broker are connected, then it is ready; when the broker goes, then it is not', async () => {
    const db = await testDatabase(name);
    const mq = await testBroker(name);
    const http = await serve(
      createServiceApp({
        logger: silentLogger,
        connection: db.connection,
        broker: mq.broker,
        identitySecret: TEST_IDENTITY_SECRET,
        siteUrl: 'http://127.0.0.1:1',
        adminEmails: [],
        mailer: { send: async () => undefined, close: () => undefined },
        check: { allowHosts: [], resolve: async () => [], userAgent: 'test', timeoutMs: 1_000, maxBytes: 1_024, maxRedirects: 0, retryDelaysMs: [] },
        jobRetryDelaysMs: [],
      }),
    );
    try {
      expect((await fetch(`${http.url}/readyz`)).status).toBe(200);
      await mq.destroy();
      const after = await fetch(`${http.url}/readyz`);
      expect(after.status).toBe(503);
      expect(await after.json()).toEqual({ status: 'not ready', checks: { database: true, broker: false } });
    } finally {
      await http.close();
      await mq.destroy();
      await db.drop();
    }
  });
});
