import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EditableService, EventEnvelope, MediaItemFacts, ServiceInsertInput } from '@mealprep/contracts';
import { verifyInternal } from '@mealprep/service-kit';
import { TEST_IDENTITY_SECRET } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_DELETED, LOGO_IN_USE, LOGO_NOT_YOURS, LOGO_UNCHECKED } from '../src/domain/listings/logo-choice';
import { as, useCatalog } from './harness';

/**
 * svc-media as svc-catalog sees it: its signed internal route answering from a table of uploads
 * the test fills. Unsigned calls are refused as the real one refuses them; `down` makes it fail.
 */
function fakeMedia() {
  const items = new Map<string, MediaItemFacts>();
  const state = { down: false, asked: 0 };
  const server: Server = createServer((req, res) => {
    const match = /^\/internal\/media\/([a-z0-9-]+)$/.exec(req.url ?? '');
    state.asked += 1;
    if (state.down) return void res.writeHead(500).end();
    if (!match || !verifyInternal(req.headers, TEST_IDENTITY_SECRET)) return void res.writeHead(403).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ item: items.get(match[1]!) ?? null }));
  });
  return {
    items,
    state,
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const upload = (id: string, uploadedBy: string | null, extra: Partial<MediaItemFacts> = {}): MediaItemFacts => ({ id, uploadedBy, associatedEntityId: null, deletedAt: null, ...extra });

function listing(slug: string, logoImageId: string | null = null): ServiceInsertInput {
  return {
    name: `Logo Test ${slug}`,
    slug,
    tagline: 'Breakfasts that keep',
    description: 'Fresh breakfast boxes every Monday.',
    mealTypes: ['keto'],
    deliveryMethods: { localDelivery: true, pickup: false, shipsDomestically: false, shipsInternationally: false },
    contact: { email: `hello@${slug}.example.com`, phone: '555-0100', website: `https://${slug}.example.com`, socialLinks: [] },
    locations: [],
    media: { logoImageId },
    metadata: { ownerName: 'Sam Sunrise', yearsInBusiness: '1-2 years', termsAccepted: true, submittedVia: 'dashboard' },
  };
}

describe("a listing's logo", () => {
  const media = fakeMedia();
  beforeAll(() => media.start());
  afterAll(() => media.stop());
  const catalog = useCatalog('catalog-logo-choice', { mediaUrl: media.url });

  const send = catalog.send;
  const create = async (userId: string, slug: string) => {
    const created = await send('POST', '/services', as(userId), listing(slug));
    expect(created.status).toBe(201);
    return created.body.id as string;
  };
  const logoOf = async (id: string) => ((await send('GET', `/services/${id}/edit`, as('boss', ['admin']))).body as unknown as EditableService).media.logoImageId;
  const setLogo = (userId: string, id: string, logoImageId: string | null, roles: Array<'admin'> = []) => send('PATCH', `/services/${id}`, as(userId, roles), { media: { logoImageId } });
  /** Whether an update of the listing carrying this logo was announced (svc-media ties the upload to the listing on it). */
  const announced = (id: string, logo: string) =>
    catalog.events.some((e: EventEnvelope) => (e.payload as { serviceId?: string; logoImageId?: string }).serviceId === id && (e.payload as { logoImageId?: string }).logoImageId === logo);

  it("when owner B sets A's upload, an unknown id or their own deleted upload, then each is a 400 with its message, the listing keeps its logo and nothing is announced", async () => {
    const b = await create('owner-b', 'logo-b-refused');
    media.items.set('u-aaa-1', upload('u-aaa-1', 'owner-a'));
    media.items.set('u-bbb-gone', upload('u-bbb-gone', 'owner-b', { deletedAt: '2026-11-01T00:00:00.000Z' }));
    media.items.set('logo-demo', upload('logo-demo', null));
    for (const [logo, message] of [
      ['u-aaa-1', LOGO_NOT_YOURS],
      ['u-no-such-upload', LOGO_NOT_YOURS],
      ['logo-demo', LOGO_NOT_YOURS],
      ['u-bbb-gone', LOGO_DELETED],
    ] as const) {
      const refused = await setLogo('owner-b', b, logo);
      expect(refused.status, logo).toBe(400);
      expect(refused.body.error?.message).toBe(message);
      expect(refused.body.error?.details?.[0]?.path).toBe('media.logoImageId');
      expect(await logoOf(b)).toBeNull();
    }
    expect(LOGO_NOT_YOURS).toBe('That logo image is not one of your uploads. Please upload the logo again.');
    // A sentinel change after the refusals: once its event is heard, none of theirs went out.
    expect((await send('PATCH', `/services/${b}`, as('owner-b'), { tagline: 'Sentinel' })).status).toBe(200);
    await expect.poll(() => catalog.events.some((e) => e.type === 'catalog.service.updated' && (e.payload as { serviceId: string }).serviceId === b)).toBe(true);
    for (const logo of ['u-aaa-1', 'u-no-such-upload', 'logo-demo', 'u-bbb-gone']) expect(announced(b, logo)).toBe(false);
  });

  it("when an owner submits a new listing with someone else's upload, then nothing is created", async () => {
    media.items.set('u-aaa-2', upload('u-aaa-2', 'owner-a'));
    const refused = await send('POST', '/services', as('owner-b'), listing('logo-b-new', 'u-aaa-2'));
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toBe(LOGO_NOT_YOURS);
    expect((await send('GET', '/services/mine', as('owner-b'))).body.items).not.toContainEqual(expect.objectContaining({ slug: 'logo-b-new' }));
  });

  it('when an owner uses their own live upload, then the listing takes it and announces it; keeping it works even after it is deleted, and it cannot also be the logo of their other listing', async () => {
    const first = await create('owner-c', 'logo-c-first');
    const second = await create('owner-c', 'logo-c-second');
    media.items.set('u-ccc-1', upload('u-ccc-1', 'owner-c'));
    expect((await setLogo('owner-c', first, 'u-ccc-1')).status).toBe(200);
    expect(await logoOf(first)).toBe('u-ccc-1');
    await expect.poll(() => announced(first, 'u-ccc-1')).toBe(true);

    // svc-media ties it to the first listing, then an admin deletes it: the listing still keeps it through any save.
    media.items.set('u-ccc-1', upload('u-ccc-1', 'owner-c', { associatedEntityId: first, deletedAt: '2026-11-02T00:00:00.000Z' }));
    const asked = media.state.asked;
    expect((await send('PATCH', `/services/${first}`, as('owner-c'), { tagline: 'Still ours', media: { logoImageId: 'u-ccc-1' } })).status).toBe(200);
    expect(media.state.asked).toBe(asked);

    media.items.set('u-ccc-1', upload('u-ccc-1', 'owner-c', { associatedEntityId: first }));
    const reused = await setLogo('owner-c', second, 'u-ccc-1');
    expect(reused.status).toBe(400);
    expect(reused.body.error?.message).toBe(LOGO_IN_USE);
    // Removing a logo needs nobody's word.
    expect((await setLogo('owner-c', first, null)).status).toBe(200);
    expect(await logoOf(first)).toBeNull();
  });

  it("when an admin edits someone's listing, then they may give it the owner's upload or their own, never a third user's", async () => {
    const d = await create('owner-d', 'logo-d-admin');
    media.items.set('u-ddd-1', upload('u-ddd-1', 'owner-d'));
    media.items.set('u-boss-1', upload('u-boss-1', 'boss'));
    media.items.set('u-eee-1', upload('u-eee-1', 'owner-e'));
    const third = await setLogo('boss', d, 'u-eee-1', ['admin']);
    expect(third.status).toBe(400);
    expect(third.body.error?.message).toBe(LOGO_NOT_YOURS);
    expect((await setLogo('boss', d, 'u-ddd-1', ['admin'])).status).toBe(200);
    expect(await logoOf(d)).toBe('u-ddd-1');
    expect((await setLogo('boss', d, 'u-boss-1', ['admin'])).status).toBe(200);
    expect(await logoOf(d)).toBe('u-boss-1');
  });

  it('when svc-media cannot be asked, then a new logo is a 503 asking to try again, and the listing is unchanged', async () => {
    const f = await create('owner-f', 'logo-f-down');
    media.items.set('u-fff-1', upload('u-fff-1', 'owner-f'));
    media.state.down = true;
    try {
      const refused = await setLogo('owner-f', f, 'u-fff-1');
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(refused.body.error?.message).toBe(LOGO_UNCHECKED);
      expect(await logoOf(f)).toBeNull();
    } finally {
      media.state.down = false;
    }
    expect((await setLogo('owner-f', f, 'u-fff-1')).status).toBe(200);
  });
});
