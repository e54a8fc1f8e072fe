import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, createApp } from '@mealprep/service-kit';
import { serve, silentLogger, TEST_IDENTITY_SECRET } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';

const LIVE_MAX_PER_IP = 3;

/** A service as every service is built (service-kit's app): it answers with the address its limits would count by. */
function addressEcho() {
  return createApp({
    logger: silentLogger,
    identitySecret: TEST_IDENTITY_SECRET,
    readiness: () => ({}),
    mount: (app) => {
      app.get('/whoami', (req, res) => res.json({ ip: req.ip }));
    },
  });
}

describe('one client address everywhere, by the TRUST_PROXY rule', () => {
  let staticRoot: string;
  let service: Awaited<ReturnType<typeof serve>>;
  const gateways: Array<{ gateway: ReturnType<typeof createGateway>; site: Awaited<ReturnType<typeof serve>> }> = [];

  beforeAll(async () => {
    staticRoot = mkdtempSync(path.join(tmpdir(), 'mealprep-gateway-client-'));
    mkdirSync(path.join(staticRoot, 'shell', 'dist'), { recursive: true });
    writeFileSync(path.join(staticRoot, 'shell', 'dist', 'index.html'), '<html><head><!--runtime-config--></head><body></body></html>');
    service = await serve(addressEcho());
  });

  afterAll(async () => {
    for (const { gateway, site } of gateways) {
      await site.close();
      await gateway.close();
    }
    await service?.close();
    rmSync(staticRoot, { recursive: true, force: true });
  });

  /** A gateway in front of the echo, with the given TRUST_PROXY (unset: the default). */
  async function gatewayWith(trustProxy?: string) {
    const config = loadGatewayConfig({
      IDENTITY_SECRET: TEST_IDENTITY_SECRET,
      STATIC_ROOT: staticRoot,
      CATALOG_URL: service.url,
      AUTH_URL: service.url,
      MEDIA_URL: service.url,
      CHECKER_URL: service.url,
      LIVE_MAX_PER_IP: String(LIVE_MAX_PER_IP),
      ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }),
    });
    const gateway = createGateway(config, silentLogger);
    const site = await serve(gateway.app);
    gateways.push({ gateway, site });
    return { gateway, url: site.url };
  }

  const seenBy = async (url: string, headers: Record<string, string>) => ((await (await fetch(`${url}/api/auth/whoami`, { headers })).json()) as { ip: string }).ip;

  /** Opens live streams, one per header set; the statuses, and a way to close those that opened. */
  async function openStreams(url: string, headerSets: Array<Record<string, string>>) {
    const controllers = headerSets.map(() => new AbortController());
    const answers = await Promise.all(headerSets.map((headers, i) => fetch(`${url}/api/live`, { headers, signal: controllers[i]!.signal })));
    const statuses = answers.map((a) => a.status);
    for (const [i, answer] of answers.entries()) if (answer.status !== 200) controllers[i]!.abort();
    return { statuses, close: () => controllers.forEach((c) => c.abort()) };
  }

  it("when TRUST_PROXY is not set, then a forged X-Forwarded-For changes nothing: services see the connection's address and the live cap counts it as one client", async () => {
    const { gateway, url } = await gatewayWith();
    expect(await seenBy(url, { 'x-forwarded-for': '203.0.113.9' })).toBe('127.0.0.1');
    expect(await seenBy(url, { forwarded: 'for=203.0.113.9', 'x-real-ip': '203.0.113.9', 'x-mealprep-client': '1.203.0.113.9.forged' })).toBe('127.0.0.1');
    const forged = Array.from({ length: LIVE_MAX_PER_IP + 2 }, (_, i) => ({ 'x-forwarded-for': `203.0.113.${i + 1}` }));
    const streams = await openStreams(url, forged);
    expect(streams.statuses).toEqual([...Array(LIVE_MAX_PER_IP).fill(200), 429, 429]);
    streams.close();
    await expect.poll(() => gateway.live.size).toBe(0);
  });

  it("when TRUST_PROXY names the proxy in front (here loopback), then the address it forwards is the client's, for the services and the live cap alike", async () => {
    const { gateway, url } = await gatewayWith('loopback');
    expect(await seenBy(url, { 'x-forwarded-for': '203.0.113.9' })).toBe('203.0.113.9');
    // Only the proxy's own entry is believed: what the client wrote before it is not.
    expect(await seenBy(url, { 'x-forwarded-for': '10.9.9.9, 203.0.113.9' })).toBe('203.0.113.9');
    expect(await seenBy(url, {})).toBe('127.0.0.1');
    const one = { 'x-forwarded-for': '203.0.113.1' };
    const streams = await openStreams(url, [...Array(LIVE_MAX_PER_IP + 1).fill(one), { 'x-forwarded-for': '203.0.113.2' }]);
    expect(streams.statuses).toEqual([...Array(LIVE_MAX_PER_IP).fill(200), 429, 200]);
    streams.close();
    await expect.poll(() => gateway.live.size).toBe(0);
  });

  it("when TRUST_PROXY is a hop count, then the address that many proxies back is the client's", async () => {
    const { url } = await gatewayWith('2');
    expect(await seenBy(url, { 'x-forwarded-for': '10.9.9.9, 203.0.113.9, 192.0.2.1' })).toBe('203.0.113.9');
    expect(await seenBy(url, { 'x-forwarded-for': '192.0.2.1' })).toBe('192.0.2.1');
    // A proxy passing on something that is not an address: the connection's is used.
    expect(await seenBy(url, { 'x-forwarded-for': 'unknown' })).toBe('127.0.0.1');
  });

  it('when TRUST_PROXY is not a setting the gateway understands, then start-up stops with one line naming it', () => {
    const load = (value: string) =>
      loadGatewayConfig({ IDENTITY_SECRET: TEST_IDENTITY_SECRET, CATALOG_URL: service.url, AUTH_URL: service.url, MEDIA_URL: service.url, CHECKER_URL: service.url, TRUST_PROXY: value });
    for (const bad of ['true', 'everyone', '0', '11', '10.0.0.0/33', '10.0.0.1,,', '10.0.0.300', '::1/129', 'loopback,example.com']) {
      let error: unknown;
      try {
        load(bad);
      } catch (err) {
        error = err;
      }
      expect(error, bad).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).lines, bad).toEqual([
        `Invalid setting TRUST_PROXY: must be "none", a number of proxies in front of the gateway from 1 to 10, or their addresses and CIDR ranges (or loopback, linklocal, uniquelocal), comma separated (got "${bad}")`,
      ]);
    }
    expect(load('none').TRUST_PROXY).toBe(false);
    expect(load('2').TRUST_PROXY).toBe(2);
    expect(load('10.0.0.0/8, 2001:db8::/32, loopback').TRUST_PROXY).toEqual(['10.0.0.0/8', '2001:db8::/32', 'loopback']);
  });
});
