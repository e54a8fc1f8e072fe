import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { LIVE_PATH } from '@mealprep/contracts';
import { serve, silentLogger, TEST_IDENTITY_SECRET, testPublishedBrand } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';
// @ts-expect-error plain ESM helper without types
import { freePort } from '../../scripts/lib/net.mjs';
import { writePublicRelease } from './public-release';

const THEME_SCRIPT = "(function(){document.documentElement.setAttribute('data-theme','light')})();";
const themeHash = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Record<string, string[]> {
  expect(header, 'a Content-Security-Policy header').toBeTruthy();
  return Object.fromEntries(
    header!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

async function startSite(env: Record<string, string>) {
  const staticRoot = mkdtempSync(path.join(tmpdir(), 'mealprep-headers-'));
  mkdirSync(path.join(staticRoot, 'shell', 'dist', 'static'), { recursive: true });
  mkdirSync(path.join(staticRoot, 'mfe-public', 'dist'), { recursive: true });
  writeFileSync(
    path.join(staticRoot, 'shell', 'dist', 'index.html'),
    `<html><head><script>${THEME_SCRIPT}</script><!--runtime-config--><script defer src="/static/main.0123abcd.js"></script></head><body></body></html>`,
  );
  writeFileSync(path.join(staticRoot, 'shell', 'dist', 'static', 'main.0123abcd.js'), 'console.log(1)');
  writeFileSync(path.join(staticRoot, 'mfe-public', 'dist', 'mf-manifest.json'), '{"name":"public"}');
  writePublicRelease(staticRoot);
  const catalogApp = express();
  // The brand switches the analytics scripts on by their public ids.
  const ids = { productAnalyticsKey: env.ANALYTICS_KEY ?? '', siteAnalyticsId: env.SITE_ANALYTICS_ID ?? '', marketingScriptId: env.MARKETING_SCRIPT_ID ?? '' };
  catalogApp.get('/brand', (_req, res) => void res.json({ ...testPublishedBrand, settings: { ...testPublishedBrand.settings, analytics: ids } }));
  catalogApp.get(/.*/, (_req, res) => void res.json({ items: [] }));
  const catalog = await serve(catalogApp);
  const down = `http://127.0.0.1:${await freePort()}`;
  const gateway = createGateway(
    loadGatewayConfig({
      IDENTITY_SECRET: TEST_IDENTITY_SECRET,
      PORT: '0',
      STATIC_ROOT: staticRoot,
      CATALOG_URL: catalog.url,
      AUTH_URL: down,
      MEDIA_URL: down,
      CHECKER_URL: down,
      UPSTREAM_TIMEOUT_MS: '500',
      REMOTE_ADMIN_URL: 'https://admin-remote.example.com/admin/mf-manifest.json',
      ...env,
    }),
    silentLogger,
  );
  const site = await serve(gateway.app);
  return {
    url: site.url,
    close: async () => {
      await site.close();
      await gateway.close();
      await catalog.close();
      rmSync(staticRoot, { recursive: true, force: true });
    },
  };
}

/** Every kind of answer the gateway gives, with the headers it came with. */
async function everyKindOfAnswer(url: string) {
  const paths = {
    'the shell page': '/',
    'a page for a place that does not exist (404)': '/meal-prep/atlantis',
    'a hashed script': '/static/main.0123abcd.js',
    "a remote's manifest": '/remotes/public/mf-manifest.json',
    'an API answer': '/api/catalog/regions',
    'an API 404': '/api/nowhere',
    'a service that is down (503)': '/api/auth/me',
    'robots.txt': '/robots.txt',
    'a missing file (404)': '/missing.js',
    'the health check': '/healthz',
  };
  const answers: Array<[string, number, Headers]> = [];
  for (const [kind, pathname] of Object.entries(paths)) {
    const answer = await fetch(`${url}${pathname}`);
    await answer.arrayBuffer();
    answers.push([kind, answer.status, answer.headers]);
  }
  const controller = new AbortController();
  const live = await fetch(`${url}${LIVE_PATH}`, { signal: controller.signal });
  answers.push(['the live stream', live.status, live.headers]);
  controller.abort();
  return answers;
}

describe('security headers on every answer', () => {
  describe('a site on http with nothing from outside configured', () => {
    let site: Awaited<ReturnType<typeof startSite>>;
    beforeAll(async () => {
      site = await startSite({});
    });
    afterAll(async () => site?.close());

    it('when any kind of answer comes back, then it carries the same policy: own origin, the remote origin, the stock-photo hosts and the hashed theme script only; no HSTS on http', async () => {
      const answers = await everyKindOfAnswer(site.url);
      expect(answers.map(([kind, status]) => [kind, status])).toEqual([
        ['the shell page', 200],
        ['a page for a place that does not exist (404)', 404],
        ['a hashed script', 200],
        ["a remote's manifest", 200],
        ['an API answer', 200],
        ['an API 404', 404],
        ['a service that is down (503)', 503],
        ['robots.txt', 200],
        ['a missing file (404)', 404],
        ['the health check', 200],
        ['the live stream', 200],
      ]);
      for (const [kind, , headers] of answers) {
        const csp = directives(headers.get('content-security-policy'));
        expect(csp['script-src'], kind).toEqual(["'self'", themeHash, 'https://admin-remote.example.com']);
        expect(csp['default-src'], kind).toEqual(["'self'"]);
        expect(csp['connect-src'], kind).toEqual(["'self'", 'https://admin-remote.example.com']);
        expect(csp['img-src'], kind).toEqual(["'self'", 'data:', 'blob:', 'https://admin-remote.example.com', 'https://images.unsplash.com', 'https://plus.unsplash.com']);
        expect(csp['frame-src'], kind).toEqual(["'none'"]);
        expect(csp['object-src'], kind).toEqual(["'none'"]);
        expect(csp['frame-ancestors'], kind).toEqual(["'none'"]);
        expect(csp['upgrade-insecure-requests'], kind).toBeUndefined();
        expect(headers.get('strict-transport-security'), kind).toBeNull();
        expect(headers.get('x-content-type-options'), kind).toBe('nosniff');
        expect(headers.get('referrer-policy'), kind).toBe('strict-origin-when-cross-origin');
        expect(headers.get('x-frame-options'), kind).toBe('DENY');
        expect(headers.get('x-powered-by'), kind).toBeNull();
      }
    });
  });

  describe('a site on https with analytics and the form provider configured', () => {
    let site: Awaited<ReturnType<typeof startSite>>;
    beforeAll(async () => {
      site = await startSite({
        SITE_URL: 'https://mealprep.example.com',
        ANALYTICS_KEY: 'phc_key',
        SITE_ANALYTICS_ID: 'ABCDEF',
        FORM_ADD_SERVICE_ID: 'add-service',
      });
    });
    afterAll(async () => site?.close());

    it('when a page or an API answer comes back, then exactly the configured hosts are added, inline scripts stay refused, and HSTS is sent', async () => {
      for (const pathname of ['/', '/api/catalog/regions', '/api/nowhere']) {
        const answer = await fetch(`${site.url}${pathname}`);
        const csp = directives(answer.headers.get('content-security-policy'));
        expect(csp['script-src'], pathname).toEqual(["'self'", themeHash, 'https://admin-remote.example.com', 'https://us-assets.i.posthog.com', 'https://cdn.usefathom.com', 'https://paperform.co']);
        expect(csp['script-src'], pathname).not.toContain("'unsafe-inline'");
        expect(csp['connect-src'], pathname).toEqual(["'self'", 'https://admin-remote.example.com', 'https://us.i.posthog.com', 'https://us-assets.i.posthog.com', 'https://cdn.usefathom.com']);
        expect(csp['frame-src'], pathname).toEqual(['https://paperform.co', 'https://*.paperform.co']);
        expect(csp['upgrade-insecure-requests'], pathname).toEqual([]);
        expect(answer.headers.get('strict-transport-security'), pathname).toBe('max-age=31536000; includeSubDomains');
      }
    });
  });
});
