import { randomUUID } from 'node:crypto';
import { isWellFormedText, type EventEnvelope, type EventPayload, type LeadSettings } from '@mealprep/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, signIdentity } from '@mealprep/service-kit';
import { serve, silentLogger, TEST_IDENTITY_SECRET } from '@mealprep/service-kit/testing';
import { leadAddressToken, sendLeadDigests } from '../src/domain/lead-delivery';
import { leadSettingsRouter } from '../src/entry-points/http/lead-settings-router';
import { leadPublisher, SAMPLE_LEAD_REQUEST, useMailSenders } from './mail-senders';

const SITE = 'https://meals.example.com';
const REQUEST = SAMPLE_LEAD_REQUEST;

describe("where an owner's quote requests are mailed", () => {
  const senders = useMailSenders('auth-lead-delivery');
  let http: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    http = await serve(
      createApp({
        logger: silentLogger,
        identitySecret: TEST_IDENTITY_SECRET,
        readiness: () => ({}),
        mount: (app) => app.use(leadSettingsRouter({ ...senders.repositories, mailer: senders.mailer, logger: silentLogger, siteUrl: SITE, secret: TEST_IDENTITY_SECRET })),
      }),
    );
  });
  afterAll(() => http?.close());

  const ownerNamed = async (email: string) => {
    const user = (await senders.repositories.users.findOrCreate(email, new Date(), () => [])).user;
    const headers = () => signIdentity({ userId: user.id, email, roles: [] }, TEST_IDENTITY_SECRET);
    const settings = async () => (await fetch(`${http.url}/lead-settings`, { headers: headers() })).json() as Promise<LeadSettings>;
    const change = (body: unknown) => fetch(`${http.url}/lead-settings`, { method: 'PUT', headers: { ...headers(), 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { user, settings, change };
  };
  const publish = leadPublisher(senders, () => null);
  const received = (ownerUserId: string, change: Partial<EventPayload<'catalog.lead.received'>> = {}) => publish({ ownerUserId, ...change });
  const handled = () => senders.mq.broker.handled.get('auth-lead-mail') ?? 0;
  const linkIn = (text: string) => new URL(/https:\/\/meals\.example\.com\/api\/auth\/lead-settings\/confirm\?token=[\w.-]+/.exec(text)![0]);
  const local = (link: URL) => `${http.url}${link.pathname.replace('/api/auth', '')}${link.search}`;

  it('when an owner wants their requests at another address, then it is mailed a link and gets none until the link is confirmed with its button; then requests go there, and back to the sign-in address when asked', async () => {
    const owner = await ownerNamed('owner.one@example.com');
    expect(await owner.settings()).toEqual({ signInAddress: 'owner.one@example.com', address: null, pendingAddress: null, mode: 'each' });
    let started = Date.now();
    const changed = await owner.change({ address: 'Orders@Chef.example.com', mode: 'each' });
    expect([changed.status, await changed.json()]).toEqual([200, { signInAddress: 'owner.one@example.com', address: null, pendingAddress: 'orders@chef.example.com', mode: 'each' }]);
    const confirmation = await senders.smtp.next('orders@chef.example.com', started);
    expect(confirmation.subject).toBe('Confirm this address for quote requests on Meal Prep Directory');
    expect(confirmation.text).toContain('The account owner.one@example.com on Meal Prep Directory asked');
    const link = linkIn(confirmation.text);

    // Until then, requests go to the sign-in address.
    started = Date.now();
    await received(owner.user.id);
    expect((await senders.smtp.next('owner.one@example.com', started)).subject).toBe('Quote request for Chef Kitchen from Dana Rivera');
    expect(senders.smtp.mails.filter((mail) => mail.to === 'orders@chef.example.com' && mail.receivedAt >= started)).toEqual([]);

    // Opening the link (or a mail scanner following it) confirms nothing: its page has the button.
    const opened = await fetch(local(link));
    expect([opened.status, opened.headers.get('cache-control')]).toEqual([200, 'no-store']);
    expect(await opened.text()).toMatch(/<form method="post" action="\/api\/auth\/lead-settings\/confirm\?token=[\w.-]+"><button type="submit">Confirm<\/button>/);
    expect((await owner.settings()).address).toBeNull();
    const confirmed = await fetch(local(link), { method: 'POST', headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' } });
    expect([confirmed.status, await confirmed.text()]).toEqual([200, expect.stringContaining('Quote requests now go to orders@chef.example.com.')]);
    expect(await owner.settings()).toEqual({ signInAddress: 'owner.one@example.com', address: 'orders@chef.example.com', pendingAddress: null, mode: 'each' });

    started = Date.now();
    await received(owner.user.id);
    const there = await senders.smtp.next('orders@chef.example.com', started);
    expect([there.subject, there.replyTo]).toEqual(['Quote request for Chef Kitchen from Dana Rivera', 'dana.rivera@example.com']);

    expect((await (await owner.change({ address: null, mode: 'each' })).json()).address).toBeNull();
    started = Date.now();
    await received(owner.user.id);
    await senders.smtp.next('owner.one@example.com', started);
    // The old link now confirms nothing.
    expect((await fetch(local(link), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(400);
    expect((await owner.settings()).address).toBeNull();
  });

  it('when the settings are sent wrong, forged or too often, then a clear error, and nothing is mailed or changed', async () => {
    const owner = await ownerNamed('owner.two@example.com');
    expect((await fetch(`${http.url}/lead-settings`)).status).toBe(401);
    for (const body of [
      { address: 'not an address', mode: 'each' },
      { address: null, mode: 'weekly' },
      { address: null },
      { address: null, mode: 'each', extra: 1 },
      { address: 'a@b.example.com\r\nBcc: x@y.example.com', mode: 'each' },
    ]) {
      const refused = await owner.change(body);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/address|mode|settings/);
    }
    expect(await owner.settings()).toEqual({ signInAddress: 'owner.two@example.com', address: null, pendingAddress: null, mode: 'each' });

    const forged = `${Buffer.from(JSON.stringify({ u: owner.user.id, a: 'thief@example.com', e: Date.now() + 60_000 })).toString('base64url')}.${'A'.repeat(43)}`;
    const expired = leadAddressToken(TEST_IDENTITY_SECRET, owner.user.id, 'late@example.com', new Date(Date.now() - 1_000));
    for (const token of [forged, expired, 'x.y']) expect((await fetch(`${http.url}/lead-settings/confirm?token=${token}`, { method: 'POST' })).status).toBe(400);
    // A link for an address the owner never asked for confirms nothing either.
    const unasked = leadAddressToken(TEST_IDENTITY_SECRET, owner.user.id, 'unasked@example.com', new Date(Date.now() + 60_000));
    expect((await fetch(`${http.url}/lead-settings/confirm?token=${unasked}`, { method: 'POST' })).status).toBe(400);
    expect((await owner.settings()).address).toBeNull();

    // Three confirmation mails a day per account: the fourth address is refused, and not mailed.
    const started = Date.now();
    for (const n of [1, 2, 3]) expect((await owner.change({ address: `try${n}@chef.example.com`, mode: 'each' })).status).toBe(200);
    const fourth = await owner.change({ address: 'try4@chef.example.com', mode: 'each' });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(80_000);
    expect(((await fourth.json()) as { error: { message: string } }).error.message).toMatch(/^At most 3 confirmation e-mails a day\. Try again in \d+ hours\.$/);
    await senders.smtp.next('try3@chef.example.com', started);
    expect(senders.smtp.mails.filter((mail) => mail.to === 'try4@chef.example.com')).toEqual([]);
    expect((await owner.settings()).pendingAddress).toBe('try3@chef.example.com');
    // Choosing the digest needs no mail and is taken at once.
    expect((await (await owner.change({ address: 'try3@chef.example.com', mode: 'daily' })).json()).mode).toBe('daily');
  });

  it("when an owner chose a daily digest, then a day's requests come in one mail after the day ends, once, with each visitor's answers; the visitors get their copies at once", async () => {
    const owner = await ownerNamed('owner.three@example.com');
    expect((await owner.change({ address: null, mode: 'daily' })).status).toBe(200);
    const started = Date.now();
    const before = handled();
    await received(owner.user.id);
    // The second is delivered twice (the broker may deliver an event again): it adds nothing to the digest.
    const second: EventEnvelope = {
      id: randomUUID(),
      type: 'catalog.lead.received',
      occurredAt: new Date().toISOString(),
      source: 'svc-catalog',
      payload: {
        leadId: `l-${'7'.repeat(24)}`,
        serviceId: 'a'.repeat(24),
        serviceName: 'Chef Kitchen',
        slug: 'chef-kitchen',
        ownerUserId: owner.user.id,
        held: false,
        request: { ...REQUEST, name: 'Sam Lee', email: 'sam.lee@example.com', message: `${'Long message about lunches. '.repeat(40)}😀 end` },
        deleteToken: `delete-token-${'7'.repeat(19)}`,
      } satisfies EventPayload<'catalog.lead.received'>,
    };
    await senders.mq.broker.publishEnvelope(second);
    await senders.mq.broker.publishEnvelope(second);
    await expect.poll(handled, { timeout: 10_000 }).toBe(before + 3);
    expect(senders.smtp.mails.filter((mail) => mail.to === 'owner.three@example.com')).toEqual([]);
    expect(senders.smtp.mails.filter((mail) => mail.to === 'dana.rivera@example.com' && mail.receivedAt >= started)).toHaveLength(1);
    await senders.smtp.next('sam.lee@example.com', started);

    const deps = { ...senders.repositories, mailer: senders.mailer, logger: silentLogger, siteUrl: SITE, secret: TEST_IDENTITY_SECRET };
    // Not before the day ends.
    expect(await sendLeadDigests(deps)).toBe(0);
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    expect(await sendLeadDigests({ ...deps, now: () => tomorrow })).toBeGreaterThanOrEqual(1);
    const digest = await senders.smtp.next('owner.three@example.com', started);
    const today = new Date().toISOString().slice(0, 10);
    expect(digest.subject).toBe(`2 quote requests on Meal Prep Directory, ${today}`);
    for (const line of ['1. Chef Kitchen', 'Name: Dana Rivera', 'E-mail: dana.rivera@example.com', '2. Chef Kitchen', 'Name: Sam Lee', 'E-mail: sam.lee@example.com', `${SITE}/dashboard/leads`])
      expect(digest.text).toContain(line);
    // A long message is quoted (the inbox has all of it), never cutting a character in two.
    expect(digest.text).not.toContain('😀 end');
    expect(digest.text).toContain('Long message about lunches.');
    expect(isWellFormedText(digest.text)).toBe(true);
    expect(await sendLeadDigests({ ...deps, now: () => tomorrow })).toBe(0);
    expect(senders.smtp.mails.filter((mail) => mail.to === 'owner.three@example.com')).toHaveLength(1);
  });
});
