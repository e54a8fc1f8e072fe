import type { EditableService, ServiceInsertInput, ServiceList } from '@mealprep/contracts';
import { EDIT_NOT_FOUND_MESSAGE, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_REUSED_MESSAGE } from '@mealprep/contracts';
import { OUTBOX_FIELD } from '@mealprep/service-kit';
import { Types } from 'mongoose';
import { demoServices } from '@mealprep/demo-data';
import { describe, expect, it } from 'vitest';
import { as, useCatalog } from './harness';

const NOW = new Date('2026-11-01T12:00:00Z');
const owner = () => as('owner-a');
const other = () => as('owner-b');
const admin = () => as('boss', ['admin']);

function listing(overrides: Partial<ServiceInsertInput> = {}): ServiceInsertInput {
  return {
    name: 'Sunrise Prep Co',
    slug: 'sunrise-prep-co',
    tagline: 'Breakfasts that keep',
    description: 'Fresh breakfast boxes every Monday.',
    mealTypes: ['keto'],
    deliveryMethods: { localDelivery: true, pickup: false, shipsDomestically: false, shipsInternationally: false },
    contact: { email: 'hello@sunrise.example.com', phone: '555-0100', website: 'https://sunrise.example.com', socialLinks: [] },
    locations: [{ label: '', address: { line1: '1 Main St', city: 'Austin', region: 'Texas', postalCode: '78701', countryCode: 'US' }, isPrimary: true }],
    media: { logoImageId: null },
    metadata: { ownerName: 'Sam Sunrise', yearsInBusiness: '1-2 years', termsAccepted: true, submittedVia: 'dashboard' },
    ...overrides,
  };
}

describe('owner listings', () => {
  const catalog = useCatalog('catalog-owner', { demo: NOW, now: NOW });
  const events = catalog.events;

  const send = catalog.send;
  /** The listing as stored: its version (one more with every write) and the events it still holds for the broker. */
  const stored = async (id: string) => {
    const doc = await catalog.db.connection.collection('services').findOne({ _id: new Types.ObjectId(id) });
    return { version: doc?.version as number, waiting: (doc?.[OUTBOX_FIELD] as string[] | undefined) ?? [] };
  };
  const mine = async (headers: Record<string, string>) => ((await send('GET', '/services/mine', headers)).body as unknown as { items: Array<{ id: string; status: string }> }).items;
  const publicSlugs = async (q: string) => ((await send('GET', `/services?q=${encodeURIComponent(q)}`, {})).body as unknown as ServiceList).items.map((s) => s.slug);

  it('when a signed-in owner submits a listing, then it is their draft, with its history, visible to them and admins only', async () => {
    expect((await send('POST', '/services', {}, listing())).status).toBe(401);
    const created = await send('POST', '/services', owner(), listing());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug: 'sunrise-prep-co', status: 'draft' });
    const id = created.body.id as string;
    expect((await mine(owner())).map((s) => s.id)).toContain(id);
    expect(await publicSlugs('Sunrise Prep')).not.toContain('sunrise-prep-co');

    const edit = await send('GET', `/services/${id}/edit`, owner());
    expect(edit.status).toBe(200);
    const service = edit.body as unknown as EditableService;
    expect(service).toMatchObject({ ownerUserId: 'owner-a', status: 'draft', defaultCurrency: 'USD', languages: ['en'] });
    expect(service.metadata).toMatchObject({ ownerName: 'Sam Sunrise', submittedVia: 'dashboard', termsAcceptedAt: NOW.toISOString() });
    expect(service.statusHistory).toEqual([{ at: NOW.toISOString(), byUserId: 'owner-a', byEmail: 'owner-a@example.com', from: null, to: 'draft', reason: null }]);
    expect((await send('GET', `/services/${id}/edit`, admin())).status).toBe(200);
    const stranger = await send('GET', `/services/${id}/edit`, other());
    expect(stranger.status).toBe(404);
    expect(stranger.body.error?.message).toBe(EDIT_NOT_FOUND_MESSAGE);
    expect((await send('GET', `/services/${'f'.repeat(24)}/edit`, owner())).body.error?.message).toBe(EDIT_NOT_FOUND_MESSAGE);
    await expect.poll(() => events.some((e) => e.type === 'catalog.service.created' && (e.payload as { serviceId: string }).serviceId === id)).toBe(true);
  });

  it('when the form is bad (missing fields, wrong types, unknown fields, huge strings, operators), then a 400 names it and nothing is stored', async () => {
    const before = (await mine(owner())).length;
    const bad: unknown[] = [
      { ...listing(), name: '' },
      { ...listing(), metadata: { ...listing().metadata, termsAccepted: false } },
      { ...listing(), metadata: { ...listing().metadata, ownerName: '   ' } },
      { ...listing(), deliveryMethods: { ...listing().deliveryMethods, pickup: 'yes' } },
      { ...listing(), status: 'published' },
      { ...listing(), featuredUntil: '2030-01-01' },
      { ...listing(), ownerUserId: 'owner-b' },
      { ...listing(), description: 'x'.repeat(100_000) },
      { ...listing(), name: { $ne: null } },
      { ...listing(), slug: 'Not A Slug!' },
      { ...listing(), mealTypes: ['no-such-diet'] },
      { ...listing(), contact: { ...listing().contact, website: 'javascript:alert(1)' } },
      { ...listing(), locations: [{ label: '', address: { line1: '', city: 'X', region: 'Atlantis', postalCode: '', countryCode: 'US' }, isPrimary: true }] },
      '{"name":',
    ];
    for (const body of bad) {
      const answer = await send('POST', '/services', owner(), body);
      expect(answer.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(answer.body.error?.message).toBeTruthy();
    }
    expect((await mine(owner())).length).toBe(before);
  });

  it('when the slug is taken, then the answer is a 409 that says so', async () => {
    const taken = demoServices(NOW)[0]!.slug;
    const answer = await send('POST', '/services', owner(), listing({ name: 'Copy', slug: taken }));
    expect(answer.status).toBe(409);
    expect(answer.body.error?.message).toBe('That URL slug is already used by another service. Choose another.');
  });

  it('when a listing shares a website domain or a name and city with another, then admins see it flagged as a possible duplicate', async () => {
    const existing = demoServices(NOW).find((s) => s.contact.website && s.status === 'published')!;
    const host = new URL(existing.contact.website).hostname;
    const created = await send(
      'POST',
      '/services',
      other(),
      listing({ name: 'Different Name', slug: 'different-name-dup', contact: { email: '', phone: '', website: `https://www.${host}/menu`, socialLinks: [] } }),
    );
    expect(created.status).toBe(201);
    const edit = (await send('GET', `/services/${created.body.id as string}/edit`, admin())).body as unknown as EditableService;
    expect(edit.possibleDuplicateOf).toEqual([expect.objectContaining({ id: existing.id, slug: existing.slug, reason: `same website (${host.replace(/^www\./, '')})` })]);
  });

  it("when an owner's listing repeats another owner's draft, then the owner learns nothing of that draft: not its id, name or slug, in any answer", async () => {
    const secret = await send(
      'POST',
      '/services',
      owner(),
      listing({ name: 'Secret Draft Kitchen', slug: 'secret-draft-kitchen', contact: { email: '', phone: '', website: 'https://secret-draft.example.com', socialLinks: [] } }),
    );
    expect(secret.status).toBe(201);
    const copy = await send(
      'POST',
      '/services',
      other(),
      listing({ name: 'Copycat', slug: 'copycat-kitchen', contact: { email: '', phone: '', website: 'https://secret-draft.example.com/x', socialLinks: [] } }),
    );
    expect(copy.status).toBe(201);
    const leaks = (text: string) => text.includes(secret.body.id as string) || text.includes('secret-draft-kitchen') || text.includes('Secret Draft Kitchen');
    expect(leaks(JSON.stringify(copy.body))).toBe(false);
    const asOwner = await send('GET', `/services/${copy.body.id as string}/edit`, other());
    expect((asOwner.body as unknown as EditableService).possibleDuplicateOf).toEqual([]);
    expect(leaks(JSON.stringify(asOwner.body))).toBe(false);
    const saved = await send('PATCH', `/services/${copy.body.id as string}`, other(), { tagline: 'Saved' });
    expect(leaks(JSON.stringify(saved.body))).toBe(false);
    const asAdmin = (await send('GET', `/services/${copy.body.id as string}/edit`, admin())).body as unknown as EditableService;
    expect(asAdmin.possibleDuplicateOf).toEqual([expect.objectContaining({ id: secret.body.id, name: 'Secret Draft Kitchen', slug: 'secret-draft-kitchen' })]);
  });

  it('when an admin changed an owner\'s listing, then the owner sees "an admin" in its history, never the admin\'s address; admins see who', async () => {
    const { body } = await send('POST', '/services', owner(), listing({ name: 'History Kitchen', slug: 'history-kitchen' }));
    const id = body.id as string;
    expect((await send('PATCH', `/admin/services/${id}/status`, admin(), { status: 'published' })).status).toBe(200);
    const asOwner = (await send('GET', `/services/${id}/edit`, owner())).body as unknown as EditableService;
    expect(asOwner.statusHistory.map(({ byUserId, byEmail, byAdmin, to }) => ({ byUserId, byEmail, byAdmin, to }))).toEqual([
      { byUserId: 'owner-a', byEmail: 'owner-a@example.com', byAdmin: undefined, to: 'draft' },
      { byUserId: null, byEmail: null, byAdmin: true, to: 'published' },
    ]);
    expect(JSON.stringify(asOwner)).not.toContain('boss');
    const asAdmin = (await send('GET', `/services/${id}/edit`, admin())).body as unknown as EditableService;
    expect(asAdmin.statusHistory.at(-1)).toMatchObject({ byUserId: 'boss', byEmail: 'boss@example.com', to: 'published' });
  });

  it('when the owner submits a draft for approval, then it is pending with the change recorded; a second submit is refused', async () => {
    const { body } = await send('POST', '/services', owner(), listing({ name: 'Approval Kitchen', slug: 'approval-kitchen' }));
    const id = body.id as string;
    expect((await send('POST', `/services/${id}/submit`, other())).status).toBe(404);
    const submitted = await send('POST', `/services/${id}/submit`, owner());
    expect(submitted.status).toBe(200);
    expect((submitted.body as unknown as EditableService).status).toBe('pending');
    expect((submitted.body as unknown as EditableService).statusHistory.map((h) => `${h.from}->${h.to}`)).toEqual(['null->draft', 'draft->pending']);
    expect((await send('POST', `/services/${id}/submit`, owner())).status).toBe(409);
  });

  it('when owners edit, then only their own listing and only the listed fields change; a renamed published listing goes back to review', async () => {
    const { body } = await send('POST', '/services', owner(), listing({ name: 'Edit Me Meals', slug: 'edit-me-meals' }));
    const id = body.id as string;
    const edited = await send('PATCH', `/services/${id}`, owner(), {
      tagline: 'New tagline',
      deliveryMethods: { localDelivery: true, pickup: true, shipsDomestically: true, shipsInternationally: false },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ tagline: 'New tagline', deliveryMethods: { pickup: true, shipsDomestically: true } });
    expect((await send('PATCH', `/services/${id}`, other(), { tagline: 'Hijacked' })).status).toBe(404);
    for (const change of [{ status: 'published' }, { featuredUntil: '2030-01-01' }, { ownerUserId: 'owner-b' }, {}, { tagline: { $set: 'x' } }, { name: 'x'.repeat(100_000) }]) {
      expect((await send('PATCH', `/services/${id}`, owner(), change)).status, JSON.stringify(change).slice(0, 80)).toBe(400);
    }
    const taken = demoServices(NOW)[1]!.slug;
    expect((await send('PATCH', `/services/${id}`, owner(), { slug: taken })).status).toBe(409);

    // An admin publishes it; the owner then renames it.
    expect((await send('PATCH', `/admin/services/${id}/status`, admin(), { status: 'published' })).status).toBe(200);
    expect(await publicSlugs('Edit Me Meals')).toContain('edit-me-meals');
    const renamed = await send('PATCH', `/services/${id}`, owner(), { name: 'Edited Meals', slug: 'edited-meals' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Edited Meals', slug: 'edited-meals', status: 'pending' });
    expect(await publicSlugs('Edited Meals')).not.toContain('edited-meals');
    expect(await publicSlugs('Edit Me Meals')).not.toContain('edit-me-meals');
    expect((await send('GET', '/services/by-slug/edited-meals', {})).status).toBe(404);
    const history = (renamed.body as unknown as EditableService).statusHistory.at(-1)!;
    expect(history).toMatchObject({ from: 'published', to: 'pending', byUserId: 'owner-a', reason: 'Name or URL slug changed by the owner' });
  });

  it('when an owner saves, then the listing is read once and written once, and the answer is the saved listing as its page reads it', async () => {
    const { body } = await send('POST', '/services', owner(), listing({ name: 'Read Once Meals', slug: 'read-once-meals' }));
    const id = body.id as string;
    const operations: string[] = [];
    catalog.db.connection.set('debug', (collection: string, method: string) => {
      if (collection === 'services') operations.push(method);
    });
    let saved;
    try {
      saved = await send('PATCH', `/services/${id}`, owner(), { tagline: 'Read once, written once' });
    } finally {
      catalog.db.connection.set('debug', false);
    }
    expect(saved.status).toBe(200);
    expect(operations).toEqual(['findOne', 'findOneAndUpdate']);
    const page = await send('GET', `/services/${id}/edit`, owner());
    expect(saved.body).toEqual(page.body);
    expect(saved.body).toMatchObject({ tagline: 'Read once, written once', version: (await stored(id)).version });
  });

  it('when an admin closes or rejects a listing, then the owner can no longer edit it, but an admin can; the reason is kept', async () => {
    const { body } = await send('POST', '/services', owner(), listing({ name: 'Closing Soon', slug: 'closing-soon' }));
    const id = body.id as string;
    const rejected = await send('PATCH', `/admin/services/${id}/status`, admin(), { status: 'rejected', reason: 'No kitchen licence on file' });
    expect(rejected.status).toBe(200);
    expect((rejected.body as unknown as EditableService).statusHistory.at(-1)).toMatchObject({ to: 'rejected', reason: 'No kitchen licence on file', byEmail: 'boss@example.com' });
    const locked = await send('PATCH', `/services/${id}`, owner(), { tagline: 'Please' });
    expect(locked.status).toBe(403);
    expect(locked.body.error?.message).toBe('This listing is closed or rejected and can no longer be edited. Contact us if this is a mistake.');
    expect((await send('PATCH', `/services/${id}`, admin(), { tagline: 'Fixed by staff' })).status).toBe(200);
    await expect
      .poll(() => events.find((e) => e.type === 'catalog.service.status-changed' && (e.payload as { serviceId: string }).serviceId === id)?.payload)
      .toMatchObject({
        status: 'rejected',
        previousStatus: 'draft',
        ownerUserId: 'owner-a',
        name: 'Closing Soon',
        reason: 'No kitchen licence on file',
      });
    expect((await send('PATCH', `/admin/services/${id}/status`, owner(), { status: 'published' })).status).toBe(403);
  });

  it('when an admin edits a closed listing, then its public page shows the change at once', async () => {
    const { body } = await send('POST', '/services', owner(), listing({ name: 'Shut Kitchen', slug: 'shut-kitchen' }));
    const id = body.id as string;
    expect((await send('PATCH', `/admin/services/${id}/status`, admin(), { status: 'closed' })).status).toBe(200);
    expect((await send('GET', '/services/by-slug/shut-kitchen', {})).body).toMatchObject({ status: 'closed', tagline: 'Breakfasts that keep' });
    expect((await send('PATCH', `/services/${id}`, admin(), { tagline: 'Closed for the winter' })).status).toBe(200);
    expect((await send('GET', '/services/by-slug/shut-kitchen', {})).body).toMatchObject({ status: 'closed', tagline: 'Closed for the winter' });
  });

  it('when a save is sent again with the same Idempotency-Key (its answer was lost), then it is answered as done and applied once; a new key is a new save; a bad key is refused', async () => {
    const created = await send('POST', '/services', owner(), listing({ name: 'Once Only Meals', slug: 'once-only-meals' }));
    const id = created.body.id as string;
    const updatesOf = () => events.filter((e) => e.type === 'catalog.service.updated' && (e.payload as { serviceId: string }).serviceId === id).length;
    // Every write is one version and one event: the events tell how many were applied.
    const key = 'save-0123456789abcdef';
    const saved = await send('PATCH', `/services/${id}`, { ...owner(), 'idempotency-key': key }, { tagline: 'Sent twice' });
    expect(saved.status).toBe(200);
    const again = await send('PATCH', `/services/${id}`, { ...owner(), 'idempotency-key': key }, { tagline: 'Sent twice' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ tagline: 'Sent twice' });
    await expect.poll(updatesOf).toBe(1);

    // Another save (another key), then the first sent again late: the later save stays.
    expect((await send('PATCH', `/services/${id}`, { ...owner(), 'idempotency-key': 'save-fedcba9876543210' }, { tagline: 'Second save' })).status).toBe(200);
    expect((await send('PATCH', `/services/${id}`, { ...owner(), 'idempotency-key': key }, { tagline: 'Sent twice' })).body).toMatchObject({ tagline: 'Second save' });
    await expect.poll(updatesOf).toBe(2);

    const bad = await send('PATCH', `/services/${id}`, { ...owner(), 'idempotency-key': 'short' }, { tagline: 'Nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toContain('Idempotency-Key');
    expect((await send('GET', `/services/${id}/edit`, owner())).body).toMatchObject({ tagline: 'Second save' });
    // Created at version 1, then the two saves; every event they announced is sent.
    await expect.poll(() => stored(id)).toEqual({ version: 3, waiting: [] });
    await expect.poll(updatesOf).toBe(2);
  });

  /** A listing of the owner's to save with keys: its id, how many updates it announced, and the listing as the owner reads it. */
  async function keyedListing(n: number) {
    const created = await send('POST', '/services', owner(), listing({ name: `Keyed Kitchen ${n}`, slug: `keyed-kitchen-${n}` }));
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    return {
      id,
      save: (headers: Record<string, string>, key: string, changes: Record<string, unknown>) => send('PATCH', `/services/${id}`, { ...headers, 'idempotency-key': key }, changes),
      read: async () => (await send('GET', `/services/${id}/edit`, admin())).body as unknown as EditableService,
      updates: () => events.filter((e) => e.type === 'catalog.service.updated' && (e.payload as { serviceId: string }).serviceId === id).length,
    };
  }

  it('when a save is sent with a key already used for a different change, then it is refused with a message that says so and the listing keeps the first change', async () => {
    const { id, save, read, updates } = await keyedListing(1);
    const key = 'reuse-0123456789abcdef';
    const first = await save(owner(), key, { tagline: 'First change', description: 'Made once.' });
    expect(first.status).toBe(200);

    for (const other of [{ tagline: 'Another change', description: 'Made once.' }, { description: 'Another description.' }, { tagline: 'First change' }]) {
      const reused = await save(owner(), key, other);
      expect(reused.status, JSON.stringify(other)).toBe(422);
      expect(reused.body.error).toMatchObject({ code: IDEMPOTENCY_KEY_REUSED, message: IDEMPOTENCY_KEY_REUSED_MESSAGE });
    }
    // The same key on another listing is another request too.
    const elsewhere = await keyedListing(2);
    expect((await elsewhere.save(owner(), 'reuse-0123456789abcdef', { tagline: 'First change', description: 'Made once.' })).status).toBe(200);
    expect((await elsewhere.save(owner(), 'elsewhere-0123456789ab', { tagline: 'Later change' })).status).toBe(200);
    const misplaced = await save(owner(), 'elsewhere-0123456789ab', { tagline: 'Later change' });
    expect(misplaced.status).toBe(200);
    expect(misplaced.body).toMatchObject({ tagline: 'Later change' });

    expect(await read()).toMatchObject({ tagline: 'Later change', description: 'Made once.' });
    await expect.poll(() => stored(id)).toEqual({ version: 3, waiting: [] });
    await expect.poll(updates).toBe(2);
  });

  it('when a save is sent again with its key and the same changes (in another order, with spaces the form trims), then it gets the answer of the save, applied once', async () => {
    const { id, save, read, updates } = await keyedListing(3);
    const key = 'again-0123456789abcdef';
    const saved = await save(owner(), key, { tagline: 'Saved once', contact: { email: 'once@sunrise.example.com', phone: '555-0101', website: '' } });
    expect(saved.status).toBe(200);
    const again = await save(owner(), key, { contact: { website: '', phone: '555-0101 ', email: 'once@sunrise.example.com' }, tagline: '  Saved once' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(saved.body);
    expect(await read()).toMatchObject({ tagline: 'Saved once', contact: { email: 'once@sunrise.example.com', phone: '555-0101' } });
    await expect.poll(() => stored(id)).toEqual({ version: 2, waiting: [] });
    await expect.poll(updates).toBe(1);
  });

  it("when an admin sends a change with a key the owner used, then it is the admin's own save and is applied; each one's save sent again is answered as done", async () => {
    const { id, save, read, updates } = await keyedListing(4);
    const key = 'shared-0123456789abcdef';
    expect((await save(owner(), key, { tagline: "The owner's tagline" })).status).toBe(200);
    const byAdmin = await save(admin(), key, { description: "The admin's description." });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ tagline: "The owner's tagline", description: "The admin's description." });
    // Each one's save sent again is theirs, done already: answered without a write.
    expect((await save(owner(), key, { tagline: "The owner's tagline" })).status).toBe(200);
    expect((await save(admin(), key, { description: "The admin's description." })).status).toBe(200);
    // And each one's own key with another change is refused.
    expect((await save(owner(), key, { description: 'Not this.' })).body.error?.message).toBe(IDEMPOTENCY_KEY_REUSED_MESSAGE);
    expect((await save(admin(), key, { tagline: 'Not this.' })).body.error?.message).toBe(IDEMPOTENCY_KEY_REUSED_MESSAGE);

    expect(await read()).toMatchObject({ tagline: "The owner's tagline", description: "The admin's description." });
    // Created, then the owner's save and the admin's: two, each announced once.
    await expect.poll(() => stored(id)).toEqual({ version: 3, waiting: [] });
    await expect.poll(updates).toBe(2);
  });

  it('when a listing holds bare keys kept before keys were bound to their sender, then a save with one of them is applied once, and the listing keeps only who sent it and a hash of it', async () => {
    const { id, save, read } = await keyedListing(6);
    const key = 'legacy-0123456789abcdef';
    await catalog.db.connection.collection('services').updateOne({ _id: new Types.ObjectId(id) }, { $set: { writeKeys: [key, 'legacy-fedcba9876543210'] } });
    const changes = { tagline: 'After the upgrade', description: 'x'.repeat(2_000) };
    expect((await save(owner(), key, changes)).status).toBe(200);
    expect((await save(owner(), key, changes)).status).toBe(200);
    expect(await read()).toMatchObject({ tagline: 'After the upgrade' });
    await expect.poll(() => stored(id)).toEqual({ version: 2, waiting: [] });
    const doc = await catalog.db.connection.collection('services').findOne({ _id: new Types.ObjectId(id) });
    expect(doc?.writeKeys).toEqual([{ key, userId: 'owner-a', fingerprint: expect.stringMatching(/^[\w-]{43}$/) }]);
  });

  it("when the owner saves with a key an admin used, then it is the owner's own save: applied, and answered with the owner's change, not the admin's", async () => {
    const { id, save, read, updates } = await keyedListing(5);
    const key = 'staff-0123456789abcdef';
    expect((await save(admin(), key, { tagline: "The admin's tagline" })).status).toBe(200);
    const byOwner = await save(owner(), key, { tagline: "The owner's new tagline" });
    expect(byOwner.status).toBe(200);
    expect(byOwner.body).toMatchObject({ tagline: "The owner's new tagline" });
    const ownerAgain = await save(owner(), key, { tagline: "The owner's new tagline" });
    expect(ownerAgain.status).toBe(200);
    expect(ownerAgain.body).toEqual(byOwner.body);

    expect(await read()).toMatchObject({ tagline: "The owner's new tagline" });
    await expect.poll(() => stored(id)).toEqual({ version: 3, waiting: [] });
    await expect.poll(updates).toBe(2);
  });
});
