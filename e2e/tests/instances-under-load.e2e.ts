import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import amqp from 'amqplib';
import mongoose from 'mongoose';
import { createApiClient, isApiError, newIdempotencyKey } from '@mealprep/api-client';
import { SERVICE_CSV_COLUMNS } from '@mealprep/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi, listing, signInAt } from '../../scripts/test/system';
import { startFakeSites } from '../../svc-checker/test/fake-sites';
import { useBrowserPage } from '../browser';
import { cardNames } from '../page-helpers';
import { startSiteProcess, type RunningSite } from '../site-process';

const ADMIN = 'boss@under-load.example.com';
const IMPORTED = 150;
/** What `npm start` kills and starts again here, one at a time: one instance of each service, a renderer, then a gateway. */
const PARTS = ['svc-catalog', 'svc-auth', 'svc-media', 'svc-checker', 'renderer', 'gateway'] as const;
/** An answer that says the site could not do it just now, and to try again (the gateway's 503, HAProxy's 502/503/504): JSON with a message and Retry-After. */
const RETRY_LATER = new Set([502, 503, 504]);

type State = {
  services: Record<string, { instances: Array<{ name: string; pid: number; url: string }> }>;
  gateway: { instances: Array<{ name: string; pid: number }> };
  renderer: { instances: Array<{ name: string; pid: number }> };
};

describe('the site with two instances of every part, losing one at a time under load', () => {
  const browser = useBrowserPage();
  let site: RunningSite;
  let fakeSites: Awaited<ReturnType<typeof startFakeSites>>;
  const prefix = `kill-${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    fakeSites = await startFakeSites();
    site = await startSiteProcess({
      INSTANCES: '2',
      AMQP_PREFIX: prefix,
      ADMIN_EMAILS: ADMIN,
      CHECK_HOSTS: 'fake-sites.test=127.0.0.1',
      CHECK_ALLOW_HOSTS: '127.0.0.1',
      CHECK_TIMEOUT_MS: '5000',
      RESTART_DELAY_MS: '300',
      LOG_LEVEL: 'warn',
    });
  }, 300_000);
  afterAll(async () => {
    await site?.stop();
    await fakeSites?.close();
  }, 60_000);

  const state = () => JSON.parse(readFileSync(path.join(site.dataDir, 'run', 'state.json'), 'utf8')) as State;
  const firstInstance = (part: (typeof PARTS)[number]) => {
    const now = state();
    return (part === 'gateway' ? now.gateway : part === 'renderer' ? now.renderer : now.services[part]!).instances[0]!;
  };

  /** Kills the first instance of a part (SIGKILL, as a crash), and waits until npm start has it answering again (it writes the new pid once the part is ready). */
  let killing = 'nothing';
  const killAndAwait = async (part: (typeof PARTS)[number]) => {
    const { name, pid } = firstInstance(part);
    killing = name;
    process.kill(pid, 'SIGKILL');
    await expect.poll(() => firstInstance(part).pid, { timeout: 60_000, interval: 200, message: `${name} was not started again` }).not.toBe(pid);
    killing = `nothing (after ${name})`;
  };

  it(
    'when one instance of each part is killed in turn during visitor reads, writes, an import and Check All, then no read fails, every write is done once or refused to be retried, the import and the check run complete, and an open page still follows changes',
    { timeout: 300_000 },
    async () => {
      const admin = await signInAt({ gatewayUrl: site.url, dataDir: site.dataDir }, ADMIN);
      const owner = await signInAt({ gatewayUrl: site.url, dataDir: site.dataDir }, `owner@${prefix}.example.com`);
      const created = await callApi(site.url, owner, 'POST', '/api/catalog/services', listing('Steady Hands Kitchen', `steady-hands-${prefix}`));
      expect(created.status, created.text).toBe(201);
      const listingId = (JSON.parse(created.text) as { id: string }).id;
      expect((await callApi(site.url, admin, 'PATCH', `/api/catalog/admin/services/${listingId}/status`, { status: 'published' })).status).toBe(200);

      // A visitor's page, open all along.
      const { page } = browser;
      await page.goto(`${site.url}/services-by-name`);
      await expect.poll(() => cardNames(page)).toHaveLength(6);
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

      // Every event of the owner's listing, to count its writes.
      const events = await amqp.connect(inject('amqpUrl'));
      const channel = await events.createChannel();
      const { queue } = await channel.assertQueue('', { exclusive: true });
      await channel.bindQueue(queue, `${prefix}.events`, 'catalog.service.*');
      const versions = new Set<number>();
      await channel.consume(queue, (message) => {
        if (!message) return;
        const event = JSON.parse(message.content.toString()) as { payload: { serviceId?: string; version?: number } };
        if (event.payload.serviceId === listingId) versions.add(event.payload.version ?? -1);
        channel.ack(message);
      });
      const storedVersion = async () => {
        const db = mongoose.createConnection(site.mongodbUri, { dbName: 'catalog' });
        try {
          return Number((await db.collection('services').findOne({ _id: new mongoose.Types.ObjectId(listingId) }))?.version);
        } finally {
          await db.close();
        }
      };
      const firstVersion = await storedVersion();

      let running = true;
      // Visitors: six readers in turn over pages and reads of every service.
      const demo = (JSON.parse((await callApi(site.url, undefined, 'GET', '/api/catalog/services?pageSize=6')).text) as { items: Array<{ slug: string }> }).items;
      const paths = [
        '/',
        '/services-by-name',
        `/service/${demo[0]!.slug}`,
        '/api/catalog/services?state=texas',
        '/api/catalog/regions/counts',
        '/api/media/banners',
        '/api/auth/me',
        `/api/catalog/services/by-slug/${demo[1]!.slug}`,
      ];
      const reads = { done: 0, failed: [] as string[] };
      const readers = Array.from({ length: 6 }, async (_, r) => {
        for (let i = r; running; i += 1) {
          const target = paths[i % paths.length]!;
          try {
            const answer = await fetch(`${site.url}${target}`);
            // The whole body: a page cut off halfway is a failed read too.
            const body = await answer.text();
            if (answer.status !== 200) reads.failed.push(`${target} ${answer.status} ${body.slice(0, 120)} (killing ${killing})`);
          } catch (err) {
            reads.failed.push(`${target} ${String(err)} ${String((err as { cause?: unknown }).cause ?? '')} (killing ${killing})`);
          }
          reads.done += 1;
        }
      });
      // The owner saves again and again through the pages' own client: each save carries an
      // Idempotency-Key and is sent again with it when its answer is lost or the site says to try
      // again; a save refused after that shows its message, and the owner saves again (a new save).
      const client = createApiClient({
        baseUrl: `${site.url}/api`,
        fetch: (url, init) => fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie: owner } }),
      });
      const writes = { kept: 0, refused: 0, unexpected: [] as string[], last: '' };
      const writer = (async () => {
        for (let n = 1; running; n += 1) {
          const tagline = `Saved ${n} times`;
          for (let attempt = 0; attempt < 20; attempt += 1) {
            try {
              await client.request(`/catalog/services/${listingId}`, { method: 'PATCH', body: { tagline }, idempotencyKey: newIdempotencyKey() });
              writes.kept += 1;
              writes.last = tagline;
              break;
            } catch (err) {
              const status = isApiError(err) ? err.status : 0;
              const message = isApiError(err) ? err.message : String(err);
              if (!RETRY_LATER.has(status) || !/try again/i.test(message)) writes.unexpected.push(`${status} ${message} ${String((err as { cause?: unknown }).cause ?? '')} (killing ${killing})`);
              writes.refused += 1;
              await new Promise((r) => setTimeout(r, 200));
            }
          }
          await new Promise((r) => setTimeout(r, 50));
        }
      })();

      // The admin imports listings whose websites are local fake sites (by name), sending the file again when told to try again.
      const csv = [
        SERVICE_CSV_COLUMNS.join(','),
        ...Array.from(
          { length: IMPORTED },
          (_, i) => `Under Load Kitchen ${i},under-load-${prefix}-${i},Weekly meals,Keto,Austin,Texas,Yes,No,http://fake-sites.test:${fakeSites.port}/slow?ms=300&site=${i},,,,`,
        ),
      ].join('\n');
      const importAll = async () => {
        for (let attempt = 0; attempt < 10; attempt += 1) {
          const answer = await callApi(site.url, admin, 'POST', '/api/catalog/admin/import/services', csv, { raw: true, contentType: 'text/csv' });
          if (answer.status === 200) return JSON.parse(answer.text) as { imported: number; unchanged: number; skipped: number };
          expect(RETRY_LATER.has(answer.status), answer.text).toBe(true);
          await new Promise((r) => setTimeout(r, 500));
        }
        throw new Error('the import never went through');
      };
      const importing = importAll();
      await new Promise((r) => setTimeout(r, 150));
      await killAndAwait('svc-catalog');
      const imported = await importing;
      expect(imported.skipped).toBe(0);
      expect(imported.imported + imported.unchanged).toBe(IMPORTED);

      // Check All, once svc-checker counts the new listings.
      const status = async () =>
        JSON.parse((await callApi(site.url, admin, 'GET', '/api/checker/admin/checks/status')).text) as {
          totalServices: number;
          run: { queued: number; done: number; finishedAt: string | null } | null;
        };
      await expect.poll(async () => (await status()).totalServices, { timeout: 30_000 }).toBeGreaterThanOrEqual(IMPORTED);
      const run = await callApi(site.url, admin, 'POST', '/api/checker/admin/checks/run-all');
      expect(run.status).toBe(202);
      const { queued } = JSON.parse(run.text) as { queued: number };

      for (const part of PARTS.slice(1)) {
        await killAndAwait(part);
        await new Promise((r) => setTimeout(r, 500));
      }
      await expect.poll(async () => (await status()).run?.finishedAt ?? null, { timeout: 90_000, interval: 1_000 }).not.toBeNull();
      running = false;
      await Promise.all([...readers, writer]);

      console.log(
        `under load: ${reads.done} reads, ${reads.failed.length} failed; ${writes.kept} saves kept, ${writes.refused} refused to be tried again; import ${JSON.stringify(imported)}; Check All ${queued} queued`,
      );
      // No visitor read failed, while every part lost an instance.
      expect(
        reads.failed,
        readFileSync(path.join(site.dataDir, 'logs', 'load-balancer.log'), 'utf8')
          .split('\n')
          .slice(-30)
          .join('\n'),
      ).toEqual([]);
      expect(reads.done).toBeGreaterThan(200);
      // Every save was kept or refused with a message to try again; each kept write is one version and one event.
      const balancerLog = () =>
        readFileSync(path.join(site.dataDir, 'logs', 'load-balancer.log'), 'utf8')
          .split('\n')
          .slice(-30)
          .join('\n');
      expect(writes.unexpected, balancerLog()).toEqual([]);
      const lastVersion = await storedVersion();
      await expect.poll(() => versions.size, { timeout: 10_000 }).toBe(lastVersion - firstVersion);
      expect([...versions].sort((a, b) => a - b)).toEqual(Array.from({ length: lastVersion - firstVersion }, (_, i) => firstVersion + i + 1));
      // Done once: every kept save is one version; only a save refused in the end may have been applied unseen.
      expect(lastVersion - firstVersion).toBeGreaterThanOrEqual(writes.kept);
      expect(lastVersion - firstVersion).toBeLessThanOrEqual(writes.kept + writes.refused);
      expect((JSON.parse((await callApi(site.url, owner, 'GET', `/api/catalog/services/${listingId}/edit`)).text) as { tagline: string }).tagline).toBe(writes.last);
      await events.close();

      // The import: every row once. The check run: each queued check counted once, every imported listing checked.
      const search = JSON.parse((await callApi(site.url, admin, 'GET', `/api/catalog/admin/services?q=${encodeURIComponent('under load kitchen')}&pageSize=100&page=1`)).text) as { total: number };
      expect(search.total).toBe(IMPORTED);
      const finished = (await status()).run!;
      expect(finished.done).toBe(queued);
      const checks = JSON.parse((await callApi(site.url, admin, 'GET', '/api/checker/admin/checks?filter=all&pageSize=1')).text) as { total: number };
      expect(checks.total).toBeGreaterThanOrEqual(IMPORTED);

      // The open page reconnected and still follows changes: a listing published now shows without a reload.
      const live = `Aaa Still Live Kitchen`;
      const more = await callApi(
        site.url,
        admin,
        'POST',
        '/api/catalog/admin/import/services',
        [SERVICE_CSV_COLUMNS.join(','), `${live},still-live-${prefix},Fresh,Keto,Austin,Texas,Yes,No,,,,,`].join('\n'),
        {
          raw: true,
          contentType: 'text/csv',
        },
      );
      expect(more.status).toBe(200);
      await expect.poll(() => cardNames(page), { timeout: 15_000, interval: 200 }).toContain(live);
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    },
  );
});
