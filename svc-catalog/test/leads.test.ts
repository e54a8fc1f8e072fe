import { LEAD_KEPT_DAYS, LEAD_LIMITS, type EventPayload, type LeadChallenge, type LeadForm, type LeadPage, type ListingInsights, type SiteInsights } from '@mealprep/contracts';
import { signClientAddress } from '@mealprep/service-kit';
import { TEST_IDENTITY_SECRET } from '@mealprep/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { leadFormToken } from '../src/domain/leads/lead-form-token';
import { solved, solvedPayload } from './lead-challenges';
import { senderKey } from '../src/domain/leads/lead-inbox';
import { forgetExpiredLeads } from '../src/domain/leads/leads';
import { as, sampleListing, useCatalog } from './harness';

/**
 * Identity headers signed afresh when a signature nears its minute (this file runs longer than
 * that on a busy machine): each read of the headers (a spread, a fetch) gets one matching pair.
 */
function signedAs(...args: Parameters<typeof as>): Record<string, string> {
  let made = as(...args);
  let at = Date.now();
  return new Proxy({} as Record<string, string>, {
    ownKeys: () => {
      if (Date.now() - at > 20_000) {
        made = as(...args);
        at = Date.now();
      }
      return Reflect.ownKeys(made);
    },
    getOwnPropertyDescriptor: (_, key) => ({ enumerable: true, configurable: true, value: made[key as string] }),
    get: (_, key) => made[key as string],
  });
}
const owner = signedAs('owner-leads');
const admin = signedAs('boss', ['admin']);
const MESSAGE = 'We are two adults looking for high-protein lunches, five days a week, from next month.';

describe('quote requests to a listing', () => {
  const catalog = useCatalog('catalog-leads', { demo: new Date('2026-11-01T00:00:00Z') });
  const { send } = catalog;
  let clients = 0;
  let sent = 0;
  /** A client of its own (the gateway signs each caller's address), so the per-client limit counts each test's requests apart. */
  const client = (address = `2001:db8::${(clients += 1).toString(16)}`) => signClientAddress(address, TEST_IDENTITY_SECRET);

  async function ownedListing(slug: string): Promise<string> {
    const created = await send('POST', '/services', owner, sampleListing(`Kitchen ${slug}`, slug));
    const id = created.body.id as string;
    expect((await send('PATCH', `/admin/services/${id}/status`, admin, { status: 'published' })).status).toBe(200);
    return id;
  }
  const unclaimedListing = async () => (await catalog.repositories.services.listAll()).find((s) => s.status === 'published' && s.ownerUserId === null)!.id;
  /** A form shown ten seconds ago, as a visitor who filled it in would send it (its proof of work solved as the browser solves it). */
  const filledIn = async (serviceId: string, change: Record<string, unknown> = {}): Promise<Record<string, unknown> & { formToken: string; altcha?: string }> => {
    const form = {
      name: 'Dana Rivera',
      email: `dana.${(sent += 1)}@example.com`,
      zip: '78701',
      mealTypes: ['high-protein'],
      mealsPerWeek: 10,
      startDate: '2099-01-04',
      fulfilment: 'delivery',
      // A text of its own: the same text to two listings within the hour is held.
      message: `${MESSAGE} Our order number ${(sent += 1)}.`,
      website: '',
      formToken: leadFormToken(TEST_IDENTITY_SECRET, serviceId, Date.now() - 10_000),
      ...change,
    };
    return 'altcha' in change ? form : { ...form, altcha: await solved(String(form.formToken)) };
  };
  const stored = async (serviceId: string) => catalog.repositories.leads.latestFor(serviceId, 100);
  /** The requests announced for a listing (svc-auth mails them from these). */
  const announced = (serviceId: string) =>
    catalog.events
      .filter((e) => e.type === 'catalog.lead.received')
      .map((e) => e.payload as EventPayload<'catalog.lead.received'>)
      .filter((lead) => lead.serviceId === serviceId);

  it('when a visitor opens the form of a published listing, then it comes with a token and says whether anyone has claimed the listing; an unknown or unpublished listing has none', async () => {
    const id = await ownedListing('leads-form-kitchen');
    const form = await send('GET', `/services/${id}/lead-form`);
    expect(form.headers.get('cache-control')).toBe('no-store');
    expect(form.body).toMatchObject({ unclaimed: false, formToken: expect.stringMatching(/^[0-9]+\.[\w-]+$/) as never });
    expect((form.body as unknown as LeadForm).challenge).toMatchObject({ parameters: { algorithm: 'SHA-256', cost: 1 }, signature: expect.stringMatching(/^[0-9a-f]{64}$/) as never });
    expect(((await send('GET', `/services/${await unclaimedListing()}/lead-form`)).body as unknown as LeadForm).unclaimed).toBe(true);
    // The quote page asks by the listing's address: the same form, each time its own token.
    const bySlug = await send('GET', '/services/by-slug/leads-form-kitchen/lead-form');
    expect([bySlug.status, bySlug.headers.get('cache-control'), (bySlug.body as unknown as LeadForm).unclaimed]).toEqual([200, 'no-store', false]);
    expect((bySlug.body as unknown as LeadForm).formToken).not.toBe((form.body as unknown as LeadForm).formToken);
    expect((await send('GET', '/services/by-slug/no-such-kitchen/lead-form')).status).toBe(404);
    expect((await send('GET', '/services/0123456789abcdef01234567/lead-form')).status).toBe(404);
    const draft = await send('POST', '/services', owner, sampleListing('Kitchen Draft Leads', 'leads-draft-kitchen'));
    expect((await send('GET', `/services/${draft.body.id as string}/lead-form`)).status).toBe(404);
    expect((await send('GET', '/services/by-slug/leads-draft-kitchen/lead-form')).status).toBe(404);
  });

  it('when a visitor sends a request to an owned listing, then it is kept for its owner (180 days) without its token or hidden field; the same form sent again is refused', async () => {
    const id = await ownedListing('leads-sent-kitchen');
    const request = await filledIn(id);
    const sent = await send('POST', `/services/${id}/leads`, client(), request);
    expect([sent.status, sent.body]).toEqual([201, { outcome: 'sent' }]);
    const [lead, ...others] = await stored(id);
    expect(others).toEqual([]);
    expect(lead).toMatchObject({ serviceId: id, ownerUserId: 'owner-leads', status: 'new', held: null });
    const { website: _website, formToken: _formToken, altcha, ...kept } = request;
    expect(lead!.request).toEqual(kept);
    expect(lead!.expiresAt.getTime() - lead!.createdAt.getTime()).toBe(180 * 24 * 60 * 60 * 1000);
    expect(JSON.stringify(lead)).not.toContain(request.formToken);
    expect(JSON.stringify(lead)).not.toContain(altcha);
    const again = await send('POST', `/services/${id}/leads`, client(), { ...request, email: 'other@example.com' });
    expect([again.status, again.body.error?.message]).toEqual([400, 'This form was sent already: load the page again to send another request.']);
    expect(await stored(id)).toHaveLength(1);

    // Announced once, in the same write: svc-auth mails the owner and the visitor from it.
    await expect.poll(() => announced(id).length).toBe(1);
    const [event] = announced(id);
    expect(event).toMatchObject({ leadId: lead!.id, serviceName: 'Kitchen leads-sent-kitchen', slug: 'leads-sent-kitchen', ownerUserId: 'owner-leads', held: false, request: kept });
    // The visitor's delete link removes it at once; used again, or forged, it finds nothing.
    const forged = `${event!.deleteToken.slice(0, 24)}${'A'.repeat(32)}`;
    expect((await send('POST', '/leads/delete', {}, { token: forged })).status).toBe(404);
    expect(await stored(id)).toHaveLength(1);
    expect((await send('POST', '/leads/delete', {}, { token: event!.deleteToken })).status).toBe(204);
    expect(await stored(id)).toEqual([]);
    expect((await send('POST', '/leads/delete', {}, { token: event!.deleteToken })).status).toBe(404);
    expect((await send('POST', '/leads/delete', {}, { token: 'not-a-link' })).status).toBe(400);
  });

  it('when a listing has no owner, then the request waits for a claim (30 days); when the hidden field is filled (a bot), it is answered as sent and kept nowhere', async () => {
    const id = await unclaimedListing();
    const waiting = await send('POST', `/services/${id}/leads`, client(), await filledIn(id));
    expect([waiting.status, waiting.body]).toEqual([201, { outcome: 'waiting-for-claim' }]);
    const [lead] = await stored(id);
    expect(lead!.expiresAt.getTime() - lead!.createdAt.getTime()).toBe(30 * 24 * 60 * 60 * 1000);
    const bot = await send('POST', `/services/${id}/leads`, client(), await filledIn(id, { website: 'https://cheap-pills.example.com' }));
    expect([bot.status, bot.body]).toEqual([201, { outcome: 'sent' }]);
    expect(await stored(id)).toHaveLength(1);
    await expect.poll(() => announced(id).map((lead) => [lead.ownerUserId, lead.held])).toEqual([[null, false]]);
  });

  it('when a request has a link, strong language, shouting, or the text another listing got within the hour, then it is held for staff', async () => {
    const id = await ownedListing('leads-held-kitchen');
    const other = await ownedListing('leads-held-other');
    const held = async (serviceId: string, change: Record<string, unknown>) => (await send('POST', `/services/${serviceId}/leads`, client(), await filledIn(serviceId, change))).body;
    expect(await held(id, { message: 'Cheap meal plans for you, see www.cheap-meals.example.com today!' })).toEqual({ outcome: 'held' });
    expect(await held(id, { message: 'I WANT TEN MEALS A WEEK DELIVERED TO MY OFFICE RIGHT NOW PLEASE' })).toEqual({ outcome: 'held' });
    const copied = 'Hello, we cater office lunches and would like a quote for forty people each week.';
    expect(await held(id, { message: copied })).toEqual({ outcome: 'sent' });
    expect(await held(other, { message: copied })).toEqual({ outcome: 'held' });
    expect((await stored(id)).map((lead) => String(lead.held)).sort()).toEqual(['link', 'null', 'shouting']);
    expect((await stored(other)).map((lead) => lead.held)).toEqual(['repeated']);
  });

  it('when a request is what the issue warns of, then it is refused with a message naming the field, and nothing is kept', async () => {
    const id = await ownedListing('leads-bad-kitchen');
    const other = await ownedListing('leads-bad-other');
    const cases: Array<[Record<string, unknown> | (() => Record<string, unknown>), string | RegExp]> = [
      [{ message: 'x'.repeat(10_000) }, /message must be at most 2000 characters/],
      [{ message: 'Too short.' }, /message must be at least 20 characters/],
      [{ name: 'Dana\ud800 Rivera' }, /name must be well-formed text/],
      [{ name: 'Dana\r\nBcc: everyone@example.com' }, /name must be one line/],
      [{ email: 'dana@example.com\r\nBcc: everyone@example.com' }, /email must be an e-mail address/],
      [{ zip: '00000' }, 'Invalid request: zip 00000 is not a US ZIP code'],
      [{ zip: '7870' }, /zip must be a 5-digit ZIP code/],
      [{ startDate: '2020-01-01' }, 'Invalid request: startDate must not be in the past'],
      [{ mealsPerWeek: 0 }, /mealsPerWeek must be at least 1/],
      [{ fulfilment: 'drone' }, /fulfilment must be delivery, pickup or either/],
      [{ formToken: `${Date.now() - 10_000}.forged-signature` }, 'This form could not be checked: load the page again and send your request from it.'],
      [{ formToken: leadFormToken(TEST_IDENTITY_SECRET, other, Date.now() - 10_000) }, 'This form could not be checked: load the page again and send your request from it.'],
      // Made as it is sent (each request's check takes a moment to solve): shown just now.
      [() => ({ formToken: leadFormToken(TEST_IDENTITY_SECRET, id, Date.now() + 2_000) }), 'That was sent quicker than a person fills in the form: wait a moment and send it again.'],
      [{ formToken: leadFormToken(TEST_IDENTITY_SECRET, id, Date.now() - 3 * 60 * 60 * 1000) }, 'This form has run out (it is kept two hours): load the page again and send your request from it.'],
      [{ extra: 'field' }, /Unrecognized key/],
    ];
    for (const [made, message] of cases) {
      const change = typeof made === 'function' ? made() : made;
      const answer = await send('POST', `/services/${id}/leads`, client(), await filledIn(id, change));
      expect([change, answer.status]).toEqual([change, 400]);
      expect(answer.body.error?.message).toMatch(message);
    }
    expect(await stored(id)).toEqual([]);
  });

  it("when the browser solved the form's challenge, then the request goes through; without one (no JavaScript) it is held for staff; a challenge forged, unsolved or solved for another form is refused and nothing is kept", async () => {
    const id = await ownedListing('leads-challenge-kitchen');
    // The path a browser takes: the form and its challenge from the API, solved, sent once a person could have filled it in.
    const shown = Date.now();
    const form = (await send('GET', `/services/${id}/lead-form`)).body as unknown as LeadForm;
    const altcha = await solvedPayload(form.challenge);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, shown + 3_100 - Date.now())));
    const sent = await send('POST', `/services/${id}/leads`, client(), await filledIn(id, { formToken: form.formToken, altcha }));
    expect([sent.status, sent.body]).toEqual([201, { outcome: 'sent' }]);

    const { altcha: _none, ...withoutChallenge } = await filledIn(id);
    expect((await send('POST', `/services/${id}/leads`, client(), withoutChallenge)).body).toEqual({ outcome: 'held' });
    expect((await stored(id)).map((lead) => lead.held)).toEqual(['no-challenge', null]);

    const otherForm = await solved(leadFormToken(TEST_IDENTITY_SECRET, id, Date.now() - 10_000));
    const decoded = JSON.parse(Buffer.from(otherForm, 'base64').toString('utf8')) as { challenge: LeadChallenge; solution: { counter: number; derivedKey: string } };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const cases: Array<[string, string]> = [
      [otherForm, 'The check your browser made was for another form: load the page again and send your request from it.'],
      [await solved('', 'another-secret'), 'The check your browser made did not pass: load the page again and send your request from it.'],
      [
        encode({ ...decoded, solution: { ...decoded.solution, derivedKey: `${decoded.solution.derivedKey.slice(0, -1)}${decoded.solution.derivedKey.endsWith('0') ? '1' : '0'}` } }),
        'The check your browser made did not pass: load the page again and send your request from it.',
      ],
      [
        encode({ ...decoded, challenge: { ...decoded.challenge, parameters: { ...decoded.challenge.parameters, cost: 2 } } }),
        'The check your browser made did not pass: load the page again and send your request from it.',
      ],
      [encode({ challenge: 'none' }), 'The check your browser made could not be read: load the page again and send your request from it.'],
      ['not base64 JSON', 'The check your browser made could not be read: load the page again and send your request from it.'],
    ];
    for (const [payload, message] of cases) {
      const answer = await send('POST', `/services/${id}/leads`, client(), await filledIn(id, { altcha: payload }));
      expect([answer.status, answer.body.error?.message]).toEqual([400, message]);
    }
    expect(await stored(id)).toHaveLength(2);
  });

  it('when one client, one e-mail address or one listing reaches its limit, then the next request is refused with a clear message and Retry-After, and not kept', async () => {
    const id = await ownedListing('leads-limited-kitchen');
    const busy = client();
    for (let i = 0; i < LEAD_LIMITS.perClient.points; i += 1) expect((await send('POST', `/services/${id}/leads`, busy, await filledIn(id))).status).toBe(201);
    const refused = await send('POST', `/services/${id}/leads`, busy, await filledIn(id));
    expect([refused.status, refused.body.error?.message]).toEqual([429, 'You have sent 5 requests in the last hour, the most one connection may send. Please try again later.']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3_000);

    const email = 'busy.sender@example.com';
    const other = await ownedListing('leads-limited-email');
    for (let i = 0; i < LEAD_LIMITS.perEmail.points; i += 1) expect((await send('POST', `/services/${other}/leads`, client(), await filledIn(other, { email }))).status).toBe(201);
    const byEmail = await send('POST', `/services/${other}/leads`, client(), await filledIn(other, { email: 'Busy.Sender@example.com' }));
    expect([byEmail.status, byEmail.body.error?.message]).toEqual([429, 'This e-mail address has sent 10 requests today, the most allowed. Please try again tomorrow.']);

    for (let i = (await stored(other)).length; i < LEAD_LIMITS.perListing.points; i += 1) expect((await send('POST', `/services/${other}/leads`, client(), await filledIn(other))).status).toBe(201);
    const byListing = await send('POST', `/services/${other}/leads`, client(), await filledIn(other));
    expect([byListing.status, byListing.body.error?.message]).toEqual([429, 'This business has had 20 requests today, the most a listing takes in a day. Please try again tomorrow.']);
    expect(await stored(id)).toHaveLength(LEAD_LIMITS.perClient.points);
    expect(await stored(other)).toHaveLength(LEAD_LIMITS.perListing.points);
  });

  it("when spam the checks hold floods one listing from many clients, then it takes nothing from the listing's day: honest visitors still reach its owner", async () => {
    const id = await ownedListing('leads-spammed-kitchen');
    const spam = 'Cheap meal plans for you, see www.cheap-meals.example.com today!';
    for (let i = 0; i < LEAD_LIMITS.perListing.points + 5; i += 1) {
      const held = await send('POST', `/services/${id}/leads`, client(), await filledIn(id, { message: `${spam} Offer ${i}.` }));
      expect([held.status, held.body.outcome]).toEqual([201, 'held']);
    }
    const honest = await send('POST', `/services/${id}/leads`, client(), await filledIn(id));
    expect([honest.status, honest.body.outcome]).toEqual([201, 'sent']);
    expect((await stored(id)).filter((lead) => lead.held === null)).toHaveLength(1);
  });

  it('when their time is up (30 days unclaimed, 180 days owned), then requests are deleted by the scheduled sweep, and none before', async () => {
    const owned = await ownedListing('leads-expiring-kitchen');
    const unclaimed = (await catalog.repositories.services.listAll()).filter((s) => s.status === 'published' && s.ownerUserId === null)[1]!.id;
    for (const id of [owned, unclaimed]) expect((await send('POST', `/services/${id}/leads`, client(), await filledIn(id))).status).toBe(201);
    const sweep = (days: number) => forgetExpiredLeads({ leads: catalog.repositories.leads, now: () => new Date(Date.now() + days * 24 * 60 * 60 * 1000) });
    // The record of where a text went lately goes with the hour the repeated-text check looks back.
    const texts = () => catalog.db.connection.collection('lead_texts').countDocuments();
    expect(await texts()).toBeGreaterThan(0);
    await sweep(29);
    expect([(await stored(owned)).length, (await stored(unclaimed)).length]).toEqual([1, 1]);
    expect(await texts()).toBe(0);
    await sweep(31);
    expect([(await stored(owned)).length, (await stored(unclaimed)).length]).toEqual([1, 0]);
    await sweep(181);
    expect([(await stored(owned)).length, (await stored(unclaimed)).length]).toEqual([0, 0]);
    // The records of whose requests are whose go once every request they name is past its time.
    const indexed = () => catalog.db.connection.collection('lead_index').countDocuments();
    expect(await indexed()).toBeGreaterThan(0);
    await sweep(LEAD_KEPT_DAYS + 32);
    expect(await indexed()).toBe(0);
  });

  it("when an owner opens their inbox, then they read their listings' requests only (newest first, unread counted, held ones left out), mark them read and replied; another owner gets 404, staff lists are staff's", async () => {
    const id = await ownedListing('leads-inbox-kitchen');
    const otherOwner = signedAs('owner-inbox-other');
    const created = await send('POST', '/services', otherOwner, sampleListing('Kitchen Inbox Other', 'leads-inbox-other'));
    const otherId = created.body.id as string;
    expect((await send('PATCH', `/admin/services/${otherId}/status`, admin, { status: 'published' })).status).toBe(200);
    const first = await filledIn(id);
    const second = await filledIn(id);
    const sends: Array<[string, Awaited<ReturnType<typeof filledIn>>]> = [
      [id, first],
      [id, second],
      [id, await filledIn(id, { message: 'Cheap meal plans for you, see www.cheap-meals.example.com today!' })],
      [otherId, await filledIn(otherId)],
    ];
    for (const [to, request] of sends) expect((await send('POST', `/services/${to}/leads`, client(), request)).status).toBe(201);
    const inbox = await send('GET', '/leads', owner);
    expect(inbox.headers.get('cache-control')).toBe('no-store');
    const page = inbox.body as unknown as LeadPage;
    expect(page.items.map((lead) => lead.request.email)).toEqual([second.email, first.email]);
    expect(page).toMatchObject({ total: 2, page: 1, pageCount: 1, unread: 2 });
    expect(page.items[0]).toMatchObject({ serviceName: 'Kitchen leads-inbox-kitchen', slug: 'leads-inbox-kitchen', status: 'new', held: null, read: false });

    const [newest] = page.items;
    expect((await send('PATCH', `/leads/${newest!.id}`, otherOwner, { read: true })).status).toBe(404);
    expect((await send('PATCH', `/leads/${newest!.id}`, {}, { read: true })).status).toBe(401);
    expect((await send('PATCH', `/leads/${newest!.id}`, owner, {})).status).toBe(400);
    expect((await send('PATCH', `/leads/${newest!.id}`, owner, { status: 'archived' })).status).toBe(400);
    const read = await send('PATCH', `/leads/${newest!.id}`, owner, { read: true, status: 'replied' });
    expect([read.status, read.body.read, read.body.status]).toEqual([200, true, 'replied']);
    expect(((await send('GET', '/leads', owner)).body as unknown as LeadPage).unread).toBe(1);
    expect(((await send('GET', '/leads?status=replied', owner)).body as unknown as LeadPage).items.map((lead) => lead.id)).toEqual([newest!.id]);
    await expect.poll(() => catalog.events.filter((e) => e.type === 'catalog.lead.changed' && (e.payload as { leadId: string }).leadId === newest!.id).length).toBe(1);

    // The other owner reads none of these; the held one is staff's until they let it through.
    expect(((await send('GET', '/leads', otherOwner)).body as unknown as LeadPage).items.every((lead) => lead.serviceId === otherId)).toBe(true);
    expect((await send('GET', '/leads?view=held', owner)).status).toBe(403);
    expect((await send('GET', '/leads?view=all', owner)).status).toBe(403);
    expect((await send('GET', '/leads?page=0', owner)).status).toBe(400);
    const held = ((await send('GET', '/leads?view=held', admin)).body as unknown as LeadPage).items.filter((lead) => lead.serviceId === id);
    expect(held.map((lead) => lead.held)).toEqual(['link']);
    expect((await send('PATCH', `/leads/${held[0]!.id}`, owner, { read: true })).status).toBe(404);
    expect((await send('POST', `/admin/leads/${held[0]!.id}/approve`, owner)).status).toBe(403);
    const approved = await send('POST', `/admin/leads/${held[0]!.id}/approve`, admin);
    expect([approved.status, approved.body.held]).toEqual([200, null]);
    expect((await send('POST', `/admin/leads/${held[0]!.id}/approve`, admin)).status).toBe(409);
    expect(((await send('GET', '/leads', owner)).body as unknown as LeadPage).items.map((lead) => lead.id)).toContain(held[0]!.id);
    await expect.poll(() => catalog.events.filter((e) => e.type === 'catalog.lead.approved' && (e.payload as { leadId: string }).leadId === held[0]!.id).length).toBe(1);
  });

  it("when requests reach a listing, then its insights and the site's count them on their day, each once: a held one when staff approve it, an event delivered again adds nothing", async () => {
    const id = await ownedListing('leads-insights-kitchen');
    for (const request of [await filledIn(id), await filledIn(id), await filledIn(id, { message: 'Cheap meal plans for you, see www.cheap-meals.example.com today!' })])
      expect((await send('POST', `/services/${id}/leads`, client(), request)).status).toBe(201);
    const insights = async () => (await send('GET', `/services/${id}/insights?days=30`, owner)).body as unknown as ListingInsights;
    const today = new Date().toISOString().slice(0, 10);
    await expect.poll(async () => (await insights()).totals.leads, { timeout: 10_000 }).toBe(2);
    expect((await insights()).days.find((d) => d.day === today)?.leads).toBe(2);

    const [held] = ((await send('GET', '/leads?view=held', admin)).body as unknown as LeadPage).items.filter((lead) => lead.serviceId === id);
    expect((await send('POST', `/admin/leads/${held!.id}/approve`, admin)).status).toBe(200);
    await expect.poll(async () => (await insights()).totals.leads, { timeout: 10_000 }).toBe(3);
    const site = async () => (await send('GET', '/admin/insights?days=30', admin)).body as unknown as SiteInsights;
    expect((await site()).mostLeads.find((row) => row.serviceId === id)).toMatchObject({ slug: 'leads-insights-kitchen', leads: 3 });

    // The broker may deliver an event again (a consumer that stopped before its acknowledgement).
    const again = catalog.events.filter((e) => (e.type === 'catalog.lead.received' || e.type === 'catalog.lead.approved') && (e.payload as { serviceId: string }).serviceId === id);
    expect(again).toHaveLength(4);
    for (const event of again) await catalog.publishEnvelope(event);
    // A marker sent after them: once it is counted, the copies before it have been taken too.
    expect((await send('POST', `/services/${id}/leads`, client(), await filledIn(id))).status).toBe(201);
    await expect.poll(async () => (await insights()).totals.leads, { timeout: 10_000 }).toBe(4);
    expect((await site()).totals.leads).toBeGreaterThanOrEqual(4);
  });

  it("when staff let a held request through twice at once, then it is announced once; one held while nobody owned the listing, let through after a claim, is the new owner's", async () => {
    const id = await ownedListing('leads-approved-twice');
    expect((await send('POST', `/services/${id}/leads`, client(), await filledIn(id, { altcha: undefined }))).status).toBe(201);
    const [held] = await stored(id);
    const answers = await Promise.all([send('POST', `/admin/leads/${held!.id}/approve`, admin), send('POST', `/admin/leads/${held!.id}/approve`, admin)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    await expect.poll(() => catalog.events.filter((e) => e.type === 'catalog.lead.approved' && (e.payload as { leadId: string }).leadId === held!.id).length).toBe(1);

    // A listing nobody owns: a request held (no JavaScript), then the listing claimed, then staff let it through.
    const unclaimed = (await catalog.repositories.services.listAll()).filter((s) => s.status === 'published' && s.ownerUserId === null)[2]!.id;
    expect((await send('POST', `/services/${unclaimed}/leads`, client(), await filledIn(unclaimed, { altcha: undefined }))).status).toBe(201);
    const [waiting] = await stored(unclaimed);
    expect(waiting).toMatchObject({ ownerUserId: null, held: 'no-challenge' });
    await catalog.repositories.services.modify(unclaimed, () => ({ set: { ownerUserId: 'owner-after-claim' }, announce: () => [] }));
    await catalog.catalog.refresh();
    expect((await send('POST', `/admin/leads/${waiting!.id}/approve`, admin)).status).toBe(200);
    const newOwner = signedAs('owner-after-claim');
    const inbox = (await send('GET', '/leads', newOwner)).body as unknown as LeadPage;
    expect(inbox.items.map((lead) => lead.id)).toEqual([waiting!.id]);
  });

  it('when staff mark a request spam, then its sender cannot send another for 30 days, with a clear message', async () => {
    const id = await ownedListing('leads-spam-kitchen');
    const request = await filledIn(id, { email: 'spammer@example.com' });
    expect((await send('POST', `/services/${id}/leads`, client(), request)).status).toBe(201);
    const [lead] = await stored(id);
    const spam = await send('POST', `/admin/leads/${lead!.id}/spam`, admin);
    expect([spam.status, spam.body.status]).toEqual([200, 'spam']);
    const again = await send('POST', `/services/${id}/leads`, client(), await filledIn(id, { email: 'Spammer@Example.com' }));
    expect([again.status, again.body.error?.message]).toEqual([403, 'Requests from this e-mail address are not taken for now.']);
    expect(await stored(id)).toHaveLength(1);
    const key = senderKey('spammer@example.com');
    expect(await catalog.repositories.leads.isBlocked(key, new Date(Date.now() + 29 * 86_400_000))).toBe(true);
    expect(await catalog.repositories.leads.isBlocked(key, new Date(Date.now() + 31 * 86_400_000))).toBe(false);
  });

  it('when an owner exports their inbox, then the CSV holds their requests only, each cell as written and none a spreadsheet would run', async () => {
    const id = await ownedListing('leads-csv-kitchen');
    const formula = '=SUM(A1:A9) and a quote, "please", for ten meals a week';
    expect((await send('POST', `/services/${id}/leads`, client(), await filledIn(id, { message: formula, name: '@Dana, Rivera' }))).status).toBe(201);
    const answer = await fetch(`${catalog.url}/leads/export.csv`, { headers: owner });
    expect([answer.status, answer.headers.get('content-type'), answer.headers.get('content-disposition')]).toEqual([200, 'text/csv; charset=utf-8', 'attachment; filename="quote-requests.csv"']);
    const csv = await answer.text();
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Received,Listing,Status,Name,E-mail,ZIP code,Meals per week,Start date,Delivery or pickup,Meal types,Message');
    const row = lines.find((line) => line.includes('leads-csv-kitchen'))!;
    expect(row).toContain(`"'@Dana, Rivera"`);
    expect(row).toContain(`"'=SUM(A1:A9) and a quote, ""please"", for ten meals a week"`);
    expect(csv).not.toContain('Kitchen leads-inbox-other');
    expect((await fetch(`${catalog.url}/leads/export.csv`)).status).toBe(401);
  });

  it("when a listing nobody owned is claimed, then the requests that waited are its new owner's, kept 180 days from their arrival", async () => {
    const listing = (await catalog.repositories.services.listAll()).filter((s) => s.status === 'published' && s.ownerUserId === null && s.contact.email)[3]!;
    expect((await send('POST', `/services/${listing.id}/leads`, client(), await filledIn(listing.id))).status).toBe(201);
    const [waiting] = await stored(listing.id);
    expect(waiting).toMatchObject({ ownerUserId: null });
    const claimant = signedAs('new-owner-leads', [], listing.contact.email);
    expect(((await send('GET', '/leads', claimant)).body as unknown as LeadPage).items).toEqual([]);
    const claim = await send('POST', `/services/${listing.id}/claims`, claimant, {});
    expect([claim.status, claim.body.status]).toEqual([201, 'granted']);
    const inbox = (await send('GET', '/leads', claimant)).body as unknown as LeadPage;
    expect(inbox.items.map((lead) => lead.id)).toEqual([waiting!.id]);
    const [adopted] = await stored(listing.id);
    expect(adopted!.expiresAt.getTime() - adopted!.createdAt.getTime()).toBe(180 * 24 * 60 * 60 * 1000);
  });
});
