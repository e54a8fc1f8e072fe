import { demoServices } from '@mealprep/demo-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signIn, startSystem, type RunningSystem } from './system';

const HEADER = 'Name,Slug,Tagline,Meal Types,City,State,Home Delivery,Shipping,Website,Image Link Full,Profile Page Image Link,Place Longitude,Place Latitude';

/**
 * What other services keep of the catalogue (svc-media's directory for the media screen,
 * svc-checker's copy for website checks) follows an admin's import, as the catalogue's own lists
 * do: the import names the services it wrote, and each reads them from svc-catalog.
 */
describe('read models after an import, in the running system', () => {
  let system: RunningSystem;
  let admin: string;

  beforeAll(async () => {
    system = await startSystem({ ADMIN_EMAILS: 'boss@example.com' });
    admin = await signIn(system, 'boss@example.com');
  }, 300_000);
  afterAll(async () => system?.stop(), 120_000);

  const call = (method: string, path: string, body?: unknown, options?: { raw?: boolean; contentType?: string }) => callApi(system.gateway.url, admin, method, path, body, options);
  const mediaNames = async (q: string) =>
    (JSON.parse((await call('GET', `/api/media/admin/media?q=${encodeURIComponent(q)}`)).text) as { items: Array<{ serviceName: string | null }> }).items.map((m) => m.serviceName);
  const checkable = async () => (JSON.parse((await call('GET', '/api/checker/admin/checks/status')).text) as { totalServices: number }).totalServices;

  it('when an admin imports a file that renames a listing with a logo and adds new ones, then the media screen finds the logo by its new name and the website checks count the new listings', async () => {
    const withLogo = demoServices(new Date()).find((s) => s.media.logoImageId && s.status === 'published' && s.contact.website)!;
    await expect.poll(() => mediaNames(withLogo.name), { timeout: 30_000 }).toEqual([withLogo.name]);
    await expect.poll(checkable, { timeout: 30_000 }).toBeGreaterThan(0);
    const before = await checkable();

    const city = withLogo.locations[0]?.address.city ?? '';
    const state = withLogo.locations[0]?.address.region ?? '';
    const csv = [
      HEADER,
      `Renamed By Import Kitchen,${withLogo.slug},New tagline,,${city},${state},Yes,No,${withLogo.contact.website},,,,`,
      'Fresh Import One,,,,Austin,Texas,Yes,No,https://fresh-import-one.example.com,,,,',
      'Fresh Import Two,,,,Austin,Texas,Yes,No,https://fresh-import-two.example.com,,,,',
    ].join('\n');
    const imported = await call('POST', '/api/catalog/admin/import/services', csv, { raw: true, contentType: 'text/csv' });
    expect(imported.status).toBe(200);
    expect(JSON.parse(imported.text)).toMatchObject({ imported: 3, skipped: 0 });

    await expect.poll(() => mediaNames('Renamed By Import'), { timeout: 15_000 }).toEqual(['Renamed By Import Kitchen']);
    await expect.poll(checkable, { timeout: 15_000 }).toBe(before + 2);
  });
});
