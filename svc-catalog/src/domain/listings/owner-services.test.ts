import { EDIT_NOT_FOUND_MESSAGE, ServiceInsertSchema, type ServiceInsertInput, type ServiceListQuery } from '@mealprep/contracts';
import { createService, getEditable, submitForApproval, updateService } from './owner-services';
import { listing, location, person, refusal, staff } from '../../testing/builders';
import { FakeServices, ownerDeps } from '../../testing/fakes';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const ALL: ServiceListQuery = { page: 1, pageSize: 50, sort: 'name' };
const ann = person('ann', 'ann@example.com');

function form(overrides: Partial<ServiceInsertInput> = {}) {
  return ServiceInsertSchema.parse({
    name: 'Basil Box',
    slug: 'basil-box',
    deliveryMethods: { localDelivery: true, pickup: false, shipsDomestically: false, shipsInternationally: false },
    contact: { email: 'ann@basilbox.com', website: 'https://basilbox.com' },
    mealTypes: ['keto'],
    locations: [{ address: { postalCode: '78701' } }],
    metadata: { ownerName: 'Ann Baker', howDidYouFindUs: 'Google Search', termsAccepted: true },
    ...overrides,
  });
}

async function setUp() {
  const published = listing({
    name: 'Green Fork Kitchen',
    ownerUserId: 'ann',
    locations: [location('Austin', 'Texas', { postalCode: '78701' })],
    contact: { email: '', phone: '', website: 'https://www.greenfork.com', socialLinks: [] },
  });
  const closed = listing({ name: 'Closed Kitchen', status: 'closed', ownerUserId: 'ann' });
  const rejected = listing({ name: 'Rejected Kitchen', status: 'rejected', ownerUserId: 'ann' });
  const draft = listing({ name: 'Draft Kitchen', status: 'draft', ownerUserId: 'ann' });
  const services = new FakeServices([published, closed, rejected, draft]);
  const { deps, events, catalog } = await ownerDeps(services, { now: NOW });
  const listed = () => catalog.index.query(ALL, NOW.getTime()).items.map((i) => i.name);
  return { deps, events, catalog, services, listed, published, closed, rejected, draft };
}

describe('adding a listing', () => {
  it("when a signed-in user adds a listing, then it is their draft, out of the public lists, placed at its ZIP code's city and state, with when they accepted the terms", async () => {
    const { deps, services, catalog, listed } = await setUp();
    const created = await createService(deps, ann, form());
    expect(created).toMatchObject({ slug: 'basil-box', status: 'draft' });
    const stored = services.get(created.id)!;
    expect(stored.ownerUserId).toBe('ann');
    expect(stored.locations[0]).toMatchObject({ address: { city: 'Austin', region: 'Texas', postalCode: '78701' } });
    expect(stored.locations[0]!.point?.latitude).toBeCloseTo(30.2711, 3);
    expect(stored.metadata).toMatchObject({ ownerName: 'Ann Baker', termsAcceptedAt: NOW.toISOString() });
    expect(stored.metadata).not.toHaveProperty('termsAccepted');
    expect(listed()).not.toContain('Basil Box');
    expect(catalog.admin.row(created.id)?.status).toBe('draft');
    expect(services.written.map((e) => e.type)).toEqual(['catalog.service.created']);
  });

  it('when the form names an unknown meal type, an unknown state, a ZIP code we do not know or one in another state, then it is refused saying which', async () => {
    const { deps } = await setUp();
    expect(await refusal(createService(deps, ann, form({ mealTypes: ['keto', 'carnivore'] })))).toMatchObject({ status: 400, message: 'Unknown meal type: carnivore.' });
    expect(await refusal(createService(deps, ann, form({ locations: [{ address: { region: 'Texass' } }] })))).toMatchObject({ status: 400, message: 'Unknown state: Texass.' });
    expect(await refusal(createService(deps, ann, form({ locations: [{ address: { postalCode: '12345' } }] })))).toMatchObject({ status: 400, message: "We don't know the ZIP code 12345." });
    expect(await refusal(createService(deps, ann, form({ locations: [{ address: { postalCode: '78701', region: 'Ohio' } }] })))).toMatchObject({
      status: 400,
      message: 'The ZIP code 78701 is in Texas, not Ohio.',
      details: [{ path: 'postalCode', message: 'in another state' }],
    });
  });

  it('when the slug is already used by another listing (whatever its status), then it is refused with a 409', async () => {
    const { deps, draft } = await setUp();
    expect(await refusal(createService(deps, ann, form({ slug: draft.slug })))).toMatchObject({ status: 409, code: 'slug_taken' });
  });

  it('when the new listing may repeat another (same website), then admins are told which, and its owner is not', async () => {
    const { deps, published } = await setUp();
    const created = await createService(deps, person('bea'), form({ name: 'Green Fork Again', slug: 'green-fork-again', contact: { email: '', website: 'http://greenfork.com/menu' } }));
    expect((await getEditable(deps, staff(), created.id)).possibleDuplicateOf).toEqual([
      { id: published.id, name: 'Green Fork Kitchen', slug: published.slug, reason: 'same website (greenfork.com)' },
    ]);
    expect((await getEditable(deps, person('bea'), created.id)).possibleDuplicateOf).toEqual([]);
  });
});

describe('editing a listing', () => {
  it('when the owner renames a published listing, then it goes back to review and leaves the public site; other changes keep it published', async () => {
    const { deps, listed, published } = await setUp();
    const tagline = await updateService(deps, ann, published.id, { tagline: 'Fresh weekly' });
    expect(tagline).toMatchObject({ status: 'published', tagline: 'Fresh weekly' });
    const renamed = await updateService(deps, ann, published.id, { name: 'Green Fork Austin' });
    expect(renamed.status).toBe('pending');
    expect(renamed.statusHistory.at(-1)).toMatchObject({ from: 'published', to: 'pending', reason: 'Name or URL slug changed by the owner' });
    expect(listed()).toEqual([]);
  });

  it('when an admin renames a published listing, then it stays published', async () => {
    const { deps, listed, published } = await setUp();
    expect((await updateService(deps, staff(), published.id, { name: 'Green Fork Austin', slug: 'green-fork-austin' })).status).toBe('published');
    expect(listed()).toEqual(['Green Fork Austin']);
  });

  it('when the owner edits a closed or rejected listing, then it is refused; an admin may', async () => {
    const { deps, closed, rejected } = await setUp();
    for (const locked of [closed, rejected]) {
      expect(await refusal(updateService(deps, ann, locked.id, { tagline: 'Open again' }))).toMatchObject({
        status: 403,
        message: 'This listing is closed or rejected and can no longer be edited. Contact us if this is a mistake.',
      });
    }
    expect((await updateService(deps, staff(), closed.id, { tagline: 'Fixed by staff' })).tagline).toBe('Fixed by staff');
  });

  it('when someone edits a listing that is not theirs, then it answers as not found, whether it exists or not', async () => {
    const { deps, published } = await setUp();
    for (const id of [published.id, 'no-such-listing']) {
      expect(await refusal(updateService(deps, person('bea'), id, { tagline: 'Mine now' }))).toMatchObject({ status: 404, message: EDIT_NOT_FOUND_MESSAGE });
      expect(await refusal(getEditable(deps, person('bea'), id))).toMatchObject({ status: 404, message: EDIT_NOT_FOUND_MESSAGE });
    }
  });

  it("when the slug asked is another listing's, then it is refused; keeping its own slug is fine", async () => {
    const { deps, published, draft } = await setUp();
    expect(await refusal(updateService(deps, ann, published.id, { slug: draft.slug }))).toMatchObject({ status: 409, code: 'slug_taken' });
    expect((await updateService(deps, ann, published.id, { slug: published.slug, tagline: 'Same slug' })).status).toBe('published');
  });

  it("when the owner gives a new ZIP code, then the main location moves to that ZIP code's city and state; an unknown one is refused", async () => {
    const { deps, services, published } = await setUp();
    await updateService(deps, ann, published.id, { postalCode: '75201' });
    expect(services.get(published.id)?.locations[0]?.address).toMatchObject({ postalCode: '75201', city: 'Dallas', region: 'Texas' });
    expect(await refusal(updateService(deps, ann, published.id, { postalCode: '12345' }))).toMatchObject({ status: 400, message: "We don't know the ZIP code 12345." });
  });
});

describe('sending a draft for approval', () => {
  it('when the owner submits a draft, then it is pending; anything but a draft cannot be submitted', async () => {
    const { deps, draft, published } = await setUp();
    expect((await submitForApproval(deps, ann, draft.id)).status).toBe('pending');
    expect(await refusal(submitForApproval(deps, ann, draft.id))).toMatchObject({ status: 409, code: 'not_draft', message: 'Only a draft can be submitted for approval.' });
    expect(await refusal(submitForApproval(deps, ann, published.id))).toMatchObject({ status: 409, code: 'not_draft' });
    expect(await refusal(submitForApproval(deps, person('bea'), draft.id))).toMatchObject({ status: 404 });
  });
});
