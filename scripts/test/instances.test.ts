import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import amqp, { type ChannelModel } from 'amqplib';
import mongoose from 'mongoose';
import { photoFileUrl, type PhotoFacts } from '@mealprep/contracts';
import { signIdentity } from '@mealprep/service-kit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startSiteProcess, type RunningSite } from '../../e2e/site-process';
import { callApi, listing, signInAt } from './system';

const ADMIN = 'boss@example.com';

/**
 * The site as `npm start` runs it with several instances of every part (INSTANCES=2, then 3): the
 * services, the gateways behind HAProxy and the renderers. What one instance does, all of them
 * must see, and nothing may be done twice or lost because there are several.
 */
describe.each([2, 3])('the site with %i instances of every part', (instances) => {
  let site: RunningSite;
  let events: ChannelModel;
  const prefix = `inst-${randomBytes(3).toString('hex')}`;
  let adminCookie = '';
  let ownerCookie = '';
  let listingId = '';
  const slug = `many-hands-${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    site = await startSiteProcess({ INSTANCES: String(instances), AMQP_PREFIX: prefix, ADMIN_EMAILS: ADMIN, LOG_LEVEL: 'warn' });
    events = await amqp.connect(inject('amqpUrl'));
    adminCookie = await signInAt({ gatewayUrl: site.url, dataDir: site.dataDir }, ADMIN);
    ownerCookie = await signInAt({ gatewayUrl: site.url, dataDir: site.dataDir }, `owner@${slug}.example.com`);
    const created = await callApi(site.url, ownerCookie, 'POST', '/api/catalog/services', listing('Many Hands Kitchen', slug));
    expect(created.status, created.text).toBe(201);
    listingId = (JSON.parse(created.text) as { id: string }).id;
    expect((await callApi(site.url, adminCookie, 'PATCH', `/api/catalog/admin/services/${listingId}/status`, { status: 'published' })).status).toBe(200);
  }, 300_000);
  afterAll(async () => {
    await events?.close();
    await site?.stop();
  }, 60_000);

  /** The listing's version as stored (every write adds one): read from the catalogue's database. */
  const storedVersion = async () => {
    const db = mongoose.createConnection(site.mongodbUri, { dbName: 'catalog' });
    try {
      const doc = await db.collection('services').findOne({ _id: new mongoose.Types.ObjectId(listingId) });
      return Number(doc?.version);
    } finally {
      await db.close();
    }
  };

  it('when every instance started at once on an empty database, then the demo catalogue and its pictures were seeded once', async () => {
    expect(site.services['svc-catalog']!.instances).toHaveLength(instances);
    expect(site.gateway.instances).toHaveLength(instances);
    const all = JSON.parse((await callApi(site.url, adminCookie, 'GET', '/api/catalog/admin/services?pageSize=100')).text) as { items: Array<{ slug: string }>; total: number };
    // The demo's 72 and this file's listing, each slug once.
    expect(all.total).toBe(73);
    expect(new Set(all.items.map((s) => s.slug)).size).toBe(all.items.length);
    const banners = JSON.parse((await callApi(site.url, adminCookie, 'GET', '/api/media/admin/banners')).text) as { items: unknown[] };
    expect(banners.items).toHaveLength(4);
  });

  it('when an owner and an admin change one listing 30 times at once through every gateway and instance, then each write that is answered is kept once: the versions and the events count each', async () => {
    const channel = await events.createChannel();
    const { queue } = await channel.assertQueue('', { exclusive: true });
    await channel.bindQueue(queue, `${prefix}.events`, 'catalog.service.*');
    const heard = new Map<string, number>();
    await channel.consume(queue, (message) => {
      if (!message) return;
      const event = JSON.parse(message.content.toString()) as { id: string; payload: { serviceId?: string; version?: number } };
      if (event.payload.serviceId === listingId) heard.set(event.id, event.payload.version ?? -1);
      channel.ack(message);
    });
    const before = await storedVersion();
    const writes = Array.from({ length: 30 }, (_, i) =>
      i % 2 === 0
        ? callApi(site.url, ownerCookie, 'PATCH', `/api/catalog/services/${listingId}`, { tagline: `Tagline number ${i}` })
        : callApi(site.url, adminCookie, 'POST', `/api/catalog/admin/services/${listingId}/feature`, { days: i }),
    );
    const answers = await Promise.all(writes);
    const kept = answers.filter((a) => a.status === 200).length;
    // A write that lost every compare-and-set is refused (409), never half done.
    for (const answer of answers) expect([200, 409], answer.text).toContain(answer.status);
    expect(kept).toBeGreaterThan(20);
    expect((await storedVersion()) - before).toBe(kept);
    await expect.poll(() => new Set(heard.values()).size, { timeout: 10_000 }).toBe(kept);
    expect([...new Set(heard.values())].sort((a, b) => a - b)).toEqual(Array.from({ length: kept }, (_, i) => before + i + 1));
    await channel.close();
  });

  it('when a listing changes through one svc-catalog instance, then every other instance shows it within a second', async () => {
    const secret = readFileSync(path.join(site.dataDir, 'run', 'identity-secret'), 'utf8').trim();
    const owner = JSON.parse((await callApi(site.url, ownerCookie, 'GET', '/api/auth/me')).text) as { user: { id: string; email: string } };
    const asOwner = signIdentity({ userId: owner.user.id, email: owner.user.email, roles: [] }, secret);
    const catalogs = site.services['svc-catalog']!.instances;
    for (const [i, writer] of catalogs.entries()) {
      const tagline = `Written through instance ${i + 1}`;
      const written = await fetch(`${writer.url}/services/${listingId}`, { method: 'PATCH', headers: { ...asOwner, 'content-type': 'application/json' }, body: JSON.stringify({ tagline }) });
      expect(written.status).toBe(200);
      const started = Date.now();
      for (const reader of catalogs) {
        await expect.poll(async () => ((await (await fetch(`${reader.url}/services/by-slug/${slug}`)).json()) as { tagline: string }).tagline, { timeout: 2_000, interval: 20 }).toBe(tagline);
      }
      expect(Date.now() - started).toBeLessThan(1_000);
    }
  });

  it('when an owner uploads a photo through one svc-media instance, then every other instance serves its files (they share the media folder)', async () => {
    const secret = readFileSync(path.join(site.dataDir, 'run', 'identity-secret'), 'utf8').trim();
    const owner = JSON.parse((await callApi(site.url, ownerCookie, 'GET', '/api/auth/me')).text) as { user: { id: string; email: string } };
    const asOwner = signIdentity({ userId: owner.user.id, email: owner.user.email, roles: [] }, secret);
    const media = site.services['svc-media']!.instances;
    const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0f766e' } })
      .jpeg()
      .toBuffer();
    // svc-media hears of the listing and its owner from svc-catalog's events: asked until it has.
    let photo: PhotoFacts | undefined;
    await expect
      .poll(
        async () => {
          const sent = await fetch(`${media[0]!.url}/photos?listingId=${listingId}&fileName=board.jpg`, {
            method: 'POST',
            headers: { ...asOwner, 'content-type': 'application/octet-stream' },
            body: new Uint8Array(bytes),
          });
          if (sent.status === 201) photo = ((await sent.json()) as { photo: PhotoFacts }).photo;
          return sent.status;
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(201);
    for (const reader of media) {
      for (const format of ['avif', 'webp', 'jpeg'] as const) {
        const served = await fetch(`${reader.url}${photoFileUrl(photo!.id, photo!.sources[0]!, format).replace('/api/media', '')}`);
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe(`image/${format}`);
      }
    }
  });

  it('when a stream is open on one gateway and a listing changes through another, then the stream hears it; when a user logs out through one gateway, then every other refuses the session at once', async () => {
    const [first, second] = site.gateway.instances;
    const stream = await fetch(`${second!.url}/api/live`, { headers: { accept: 'text/event-stream' } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let text = '';
    const heard = (async () => {
      while (!text.includes('event: invalidate')) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += new TextDecoder().decode(chunk.value);
      }
    })();
    expect((await callApi(first!.url, adminCookie, 'POST', `/api/catalog/admin/services/${listingId}/feature`, { days: 3 })).status).toBe(200);
    await Promise.race([heard, new Promise((r) => setTimeout(r, 5_000))]);
    await reader.cancel();
    expect(text).toContain('event: invalidate');
    expect(text).toContain('services');

    const visitor = await signInAt({ gatewayUrl: site.url, dataDir: site.dataDir }, `visitor@${slug}.example.com`);
    const me = async (url: string) => (JSON.parse((await callApi(url, visitor, 'GET', '/api/auth/me')).text) as { user: unknown }).user;
    // Every gateway knows the session (and keeps it for up to 30 s).
    for (const gateway of site.gateway.instances) expect(await me(gateway.url)).not.toBeNull();
    expect((await callApi(first!.url, visitor, 'POST', '/api/auth/logout')).status).toBeLessThan(300);
    for (const gateway of site.gateway.instances) await expect.poll(() => me(gateway.url), { timeout: 1_000, interval: 50 }).toBeNull();
  });

  it('when one address asks for sign-in mail through every instance, then the limit counts the asks together', async () => {
    const email = `limited@${slug}.example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await callApi(site.url, undefined, 'POST', '/api/auth/login/request', { email })).status);
    expect(statuses.slice(0, 3).every((s) => s < 300)).toBe(true);
    expect(statuses[3]).toBe(429);
  });

  it('when npm start itself is killed (SIGKILL), then every part it started ends with it: no instance lives on with its port and broker connection', async () => {
    const state = JSON.parse(readFileSync(path.join(site.dataDir, 'run', 'state.json'), 'utf8')) as {
      services: Record<string, { instances: Array<{ pid: number }> }>;
      gateway: { instances: Array<{ pid: number }> };
      renderer: { instances: Array<{ pid: number }> };
      ferretdbPid: number | null;
      loadBalancer: { pid: number } | null;
    };
    const pids = [
      ...Object.values(state.services).flatMap((service) => service.instances.map((i) => i.pid)),
      ...state.gateway.instances.map((i) => i.pid),
      ...state.renderer.instances.map((i) => i.pid),
      state.ferretdbPid!,
      state.loadBalancer!.pid,
    ];
    expect(pids).toHaveLength(6 * instances + 2);
    // Running, or a zombie nobody reaps yet (as good as gone: it holds no port or connection).
    const alive = (pid: number) => {
      try {
        return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      } catch {
        return false;
      }
    };
    expect(pids.filter(alive)).toEqual(pids);
    process.kill(site.starterPid, 'SIGKILL');
    await expect.poll(() => pids.filter(alive), { timeout: 10_000, interval: 200 }).toEqual([]);
  });
});
