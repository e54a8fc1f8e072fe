import type { AdminMediaItem } from '@mealprep/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, listing, signIn, startSystem, type RunningSystem } from './system';

const EMAILS = { a: 'owner-a@logos.test', b: 'owner-b@logos.test', admin: 'admin@logos.test' };

/**
 * Logos across the services as `npm start` runs them: svc-catalog asks svc-media (MEDIA_URL)
 * whose upload a logo is before a listing takes it, and svc-media ties an upload to the listing
 * that uses it and serves a deleted one to no visitor.
 */
describe('logos through the gateway', () => {
  let system: RunningSystem;
  const cookies: Record<keyof typeof EMAILS, string> = { a: '', b: '', admin: '' };
  const call = (who: keyof typeof EMAILS | null, method: string, pathname: string, body?: unknown) => callApi(system.gateway.url, who ? cookies[who] : undefined, method, pathname, body);
  const upload = async (who: keyof typeof EMAILS, colour: string) => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
      .png()
      .toBuffer();
    const answer = await callApi(system.gateway.url, cookies[who], 'POST', '/api/media/uploads?fileName=logo.png', png, { raw: true, contentType: 'application/octet-stream' });
    expect(answer.status).toBe(201);
    return (JSON.parse(answer.text) as { mediaId: string }).mediaId;
  };
  const mediaItem = async (id: string) => {
    const list = JSON.parse((await call('admin', 'GET', '/api/media/admin/media?includeDeleted=true')).text) as { items: AdminMediaItem[] };
    return list.items.find((item) => item.id === id);
  };
  const messageOf = (answer: { text: string }) => (JSON.parse(answer.text) as { error?: { message: string } }).error?.message;

  beforeAll(async () => {
    system = await startSystem({ ADMIN_EMAILS: EMAILS.admin });
    for (const who of ['a', 'b', 'admin'] as const) cookies[who] = await signIn(system, EMAILS[who]);
  }, 300_000);
  afterAll(async () => system?.stop(), 120_000);

  it("when owner B sets A's upload, an unknown id or a deleted upload as a logo, then each is refused with its message and nothing is attached; B's own upload is taken and attached; the deleted one is a 404 to visitors", async () => {
    const aUpload = await upload('a', '#c33');
    const created = await call('b', 'POST', '/api/catalog/services', listing('Logo Kitchen B', 'logo-kitchen-b'));
    expect(created.status).toBe(201);
    const serviceId = (JSON.parse(created.text) as { id: string }).id;
    const setLogo = (logoImageId: string) => call('b', 'PATCH', `/api/catalog/services/${serviceId}`, { media: { logoImageId } });

    const stolen = await setLogo(aUpload);
    expect(stolen.status).toBe(400);
    expect(messageOf(stolen)).toBe('That logo image is not one of your uploads. Please upload the logo again.');
    const unknown = await setLogo('u-000000000000000000000000');
    expect(unknown.status).toBe(400);
    expect(messageOf(unknown)).toBe('That logo image is not one of your uploads. Please upload the logo again.');

    const gone = await upload('b', '#3c3');
    expect((await call(null, 'GET', `/api/media/images/${gone}/card`)).status).toBe(200);
    expect((await call('admin', 'POST', `/api/media/admin/media/${gone}/delete`)).status).toBe(200);
    const deleted = await setLogo(gone);
    expect(deleted.status).toBe(400);
    expect(messageOf(deleted)).toBe('That logo image has been deleted. Please upload another.');
    expect((await call(null, 'GET', `/api/media/images/${gone}/card`)).status).toBe(404);
    expect((await call('b', 'GET', `/api/media/images/${gone}/card`)).status).toBe(404);
    expect((await call('admin', 'GET', `/api/media/images/${gone}/card`)).status).toBe(200);

    const own = await upload('b', '#33c');
    const taken = await setLogo(own);
    expect(taken.status).toBe(200);
    expect((JSON.parse((await call('b', 'GET', `/api/catalog/services/${serviceId}/edit`)).text) as { media: { logoImageId: string } }).media.logoImageId).toBe(own);
    // B's own upload is attached to the listing; by then the refused ones would have been too.
    await expect.poll(async () => (await mediaItem(own))?.associatedEntityId, { timeout: 15_000 }).toBe(serviceId);
    expect((await mediaItem(aUpload))?.associatedEntityId).toBeNull();
    expect((await mediaItem(gone))?.associatedEntityId).toBeNull();
  }, 60_000);
});
