import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_ADDRESS_HEADER } from '@mealprep/contracts';
import { createApp } from '@mealprep/service-kit';
import { serve, silentLogger, TEST_IDENTITY_SECRET } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';

const SERVICE_ID = 'a'.repeat(24);
interface Received {
  path: string;
  body: Record<string, unknown>;
  signedAddress: boolean;
}

describe('the quote form and the delete link without JavaScript, through the gateway', () => {
  let staticRoot: string;
  let catalog: Awaited<ReturnType<typeof serve>>;
  let gateway: ReturnType<typeof createGateway>;
  let site: Awaited<ReturnType<typeof serve>>;
  const received: Received[] = [];
  /** What the fake catalogue answers next: a status, a body and headers. */
  let answer: { status: number; body?: unknown; headers?: Record<string, string> } = { status: 201, body: { outcome: 'held' } };

  beforeAll(async () => {
    staticRoot = mkdtempSync(path.join(tmpdir(), 'mealprep-gateway-quotes-'));
    mkdirSync(path.join(staticRoot, 'shell', 'dist'), { recursive: true });
    writeFileSync(path.join(staticRoot, 'shell', 'dist', 'index.html'), '<html><head><!--runtime-config--></head><body></body></html>');
    catalog = await serve(
      createApp({
        logger: silentLogger,
        identitySecret: TEST_IDENTITY_SECRET,
        readiness: () => ({}),
        mount: (app) => {
          app.post(['/services/:id/leads', '/leads/delete'], (req, res) => {
            received.push({ path: req.path, body: req.body as Record<string, unknown>, signedAddress: typeof req.headers[CLIENT_ADDRESS_HEADER] === 'string' });
            res.status(answer.status).set(answer.headers ?? {});
            if (answer.body === undefined) res.end();
            else res.json(answer.body);
          });
        },
      }),
    );
    const config = loadGatewayConfig({
      IDENTITY_SECRET: TEST_IDENTITY_SECRET,
      STATIC_ROOT: staticRoot,
      CATALOG_URL: catalog.url,
      AUTH_URL: catalog.url,
      MEDIA_URL: catalog.url,
      CHECKER_URL: catalog.url,
    });
    gateway = createGateway(config, silentLogger);
    site = await serve(gateway.app);
  });
  afterAll(async () => {
    await site?.close();
    await gateway?.close();
    await catalog?.close();
    rmSync(staticRoot, { recursive: true, force: true });
  });
  beforeEach(() => {
    received.length = 0;
  });

  const post = (pathname: string, fields: Array<[string, string]> | string, headers: Record<string, string> = {}) =>
    fetch(`${site.url}${pathname}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url, ...headers },
      body: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
    });
  const form: Array<[string, string]> = [
    ['serviceId', SERVICE_ID],
    ['formToken', 'token-of-the-form'],
    ['website', ''],
    ['name', 'Dana Rivera'],
    ['email', 'dana@example.com'],
    ['zip', '78701'],
    ['mealsPerWeek', '10'],
    ['startDate', '2099-01-04'],
    ['fulfilment', 'delivery'],
    ['mealTypes', 'keto'],
    ['mealTypes', 'vegan'],
    ['message', 'Keto dinners for a family of four, delivered on Mondays please.'],
  ];

  it('when a visitor sends the form, then svc-catalog gets it as the API takes it (the address signed, the listing from the form) and the browser is sent to the confirmation page, so a reload sends nothing', async () => {
    answer = { status: 201, body: { outcome: 'held' } };
    const sent = await post('/service/green-fork-kitchen/quote', form);
    expect([sent.status, sent.headers.get('location')]).toEqual([303, '/service/green-fork-kitchen/quote/sent?outcome=held']);
    expect(received).toEqual([
      {
        path: `/services/${SERVICE_ID}/leads`,
        signedAddress: true,
        body: {
          name: 'Dana Rivera',
          email: 'dana@example.com',
          zip: '78701',
          mealTypes: ['keto', 'vegan'],
          mealsPerWeek: 10,
          startDate: '2099-01-04',
          fulfilment: 'delivery',
          message: 'Keto dinners for a family of four, delivered on Mondays please.',
          website: '',
          formToken: 'token-of-the-form',
        },
      },
    ]);
  });

  it("when svc-catalog refuses it, then the visitor reads its message (escaped) with the way back, and a limit's Retry-After is passed on", async () => {
    answer = { status: 400, body: { error: { code: 'bad_request', message: 'Invalid request: name must be plain text, without HTML (no "<" or ">") <script>alert(1)</script>' } } };
    const refused = await post('/service/green-fork-kitchen/quote', form);
    const page = await refused.text();
    expect([refused.status, refused.headers.get('content-type')]).toEqual([400, 'text/html; charset=utf-8']);
    expect(page).toContain('Your request was not sent');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>');
    expect(page).toContain('href="/service/green-fork-kitchen/quote"');

    answer = { status: 429, body: { error: { code: 'rate_limited', message: 'You have sent 5 requests in the last hour.' } }, headers: { 'retry-after': '1800' } };
    const limited = await post('/service/green-fork-kitchen/quote', form);
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '1800']);
    expect(await limited.text()).toContain('You have sent 5 requests in the last hour.');

    answer = { status: 500, body: { error: { code: 'internal', message: 'stack trace here' } } };
    const failed = await post('/service/green-fork-kitchen/quote', form);
    expect(failed.status).toBe(503);
    expect(await failed.text()).not.toContain('stack trace');
  });

  it('when a form comes from another site, has no listing, or is larger than any form, then it is refused and svc-catalog is never asked', async () => {
    expect((await post('/service/green-fork-kitchen/quote', form, { origin: 'https://elsewhere.example' })).status).toBe(403);
    expect(
      (
        await post(
          '/service/green-fork-kitchen/quote',
          form.filter(([name]) => name !== 'serviceId'),
        )
      ).status,
    ).toBe(400);
    expect((await post('/service/green-fork-kitchen/quote', [...form, ['message', 'x'.repeat(30_000)]])).status).toBe(413);
    expect((await post('/service/not%20a%20slug!/quote', form)).status).toBe(400);
    expect(received).toEqual([]);
  });

  it('when the delete link is used without JavaScript, then the request is deleted and the browser told so; a link used already says so', async () => {
    answer = { status: 204 };
    const deleted = await post('/quote-requests/delete', [['token', 'x'.repeat(32)]]);
    expect([deleted.status, deleted.headers.get('location')]).toEqual([303, '/quote-requests/delete?done=deleted']);
    expect(received).toEqual([{ path: '/leads/delete', signedAddress: true, body: { token: 'x'.repeat(32) } }]);
    answer = { status: 404, body: { error: { code: 'not_found', message: 'There is no request for this link.' } } };
    const gone = await post('/quote-requests/delete', [['token', 'x'.repeat(32)]]);
    expect([gone.status, gone.headers.get('location')]).toEqual([303, '/quote-requests/delete?done=not-found']);
  });
});
