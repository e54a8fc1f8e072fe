import type { BrandAdminView, BrandSettings, PublishedBrand } from '@mealprep/contracts';
import { describe, expect, it } from 'vitest';
import { ensureFirstBrand } from '../src/domain/brand/brand';
import { KEPT_BRAND_VERSIONS } from '../src/domain/brand/brand-versions';
import { firstBrand } from '../src/domain/brand/first-brand';
import { as, useCatalog } from './harness';

const admin = as('boss', ['admin'], 'boss@example.com');
const otherAdmin = as('second', ['admin'], 'second@example.com');
const FIRST = firstBrand({ BRAND_SITE_NAME: 'Prep Finder', BRAND_SHORT_NAME: 'Prep', ANALYTICS_KEY: '', SITE_ANALYTICS_ID: 'site-1', MARKETING_SCRIPT_ID: '' });
const renamed = (settings: BrandSettings, siteName: string): BrandSettings => ({ ...settings, siteName });

describe("the operator's brand", () => {
  const catalog = useCatalog('catalog-brand');
  const announced = () => catalog.events.filter((e) => e.type === 'catalog.brand.published').map((e) => e.payload as PublishedBrand);
  const ok = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const answer = await catalog.send(method, path, headers, body);
    if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as unknown;
  };
  const view = async () => (await ok('GET', '/admin/brand', admin)) as BrandAdminView;
  const current = async () => (await ok('GET', '/brand', {})) as PublishedBrand;
  const publish = async (from: 'draft' | number, headers = admin) => (await ok('POST', '/admin/brand/publish', headers, { from })) as { version: number; published: boolean };
  const announcedAs = async (version: number) => {
    await expect.poll(() => announced().map((e) => e.version)).toContain(version);
    return announced().find((e) => e.version === version)!;
  };
  const start = () => ensureFirstBrand({ brand: catalog.repositories.brand, events: catalog.outbox }, FIRST, new Date('2026-11-01T00:00:00Z'));

  it('when instances start together on an empty database, then the first start’s brand is kept once, as version 1, and announced; a later start changes nothing', async () => {
    expect((await catalog.send('GET', '/brand')).status).toBe(503);
    await Promise.all([start(), start(), start()]);
    await start();
    expect(await current()).toEqual({ version: 1, settings: FIRST });
    expect((await view()).versions).toEqual([{ version: 1, publishedBy: 'first start', publishedAt: '2026-11-01T00:00:00.000Z', from: null }]);
    expect((await announcedAs(1)).settings.siteName).toBe('Prep Finder');
    expect(announced()).toHaveLength(1);
  });

  it('when a visitor or an owner asks for the draft or publishes, then they are refused and nothing changes', async () => {
    for (const headers of [{}, as('owner')]) {
      const expected = Object.keys(headers).length === 0 ? 401 : 403;
      expect((await catalog.send('GET', '/admin/brand', headers)).status).toBe(expected);
      expect((await catalog.send('PUT', '/admin/brand/draft', headers, renamed(FIRST, 'Taken Over'))).status).toBe(expected);
      expect((await catalog.send('POST', '/admin/brand/publish', headers, { from: 'draft' })).status).toBe(expected);
      expect((await catalog.send('GET', '/admin/brand/versions/1', headers)).status).toBe(expected);
    }
    expect((await view()).draft).toEqual({ settings: FIRST, savedBy: null, savedAt: null });
    expect((await current()).version).toBe(1);
  });

  it('when staff send a brand that fails a check, then each says why (a colour with the ratio it reached) and the draft stays as it was', async () => {
    const refused = async (settings: unknown, path: string, message: string) => {
      const answer = await catalog.send('PUT', '/admin/brand/draft', admin, settings);
      expect(answer.status).toBe(400);
      expect(answer.body.error?.details).toEqual(expect.arrayContaining([expect.objectContaining({ path, message })]));
    };
    await refused(
      { ...FIRST, colours: { ...FIRST.colours, primary: '#ffff00' } },
      'colours.primary',
      expect.stringContaining('#ffff00 reaches 1.07:1 as text on the light background (#ffffff)') as never,
    );
    await refused(
      { ...FIRST, colours: { ...FIRST.colours, accentDark: '#1f2937' } },
      'colours.accentDark',
      expect.stringContaining('on the dark background (#030712); text needs at least 4.5:1') as never,
    );
    await refused({ ...FIRST, siteName: '<b>Prep</b>' }, 'siteName', expect.stringContaining('without HTML') as never);
    await refused({ ...FIRST, socialLinks: ['javascript:alert(1)'] }, 'socialLinks.0', expect.any(String) as never);
    await refused({ ...FIRST, tagline: 'Half \ud800 a character' }, 'tagline', expect.any(String) as never);
    // A picture's id says its use: a logo's is not taken as the icon, nor a path as anything.
    await refused({ ...FIRST, iconId: 'brand-logo-0011223344556677-120x40' }, 'iconId', 'must be a media id');
    await refused({ ...FIRST, shareImageId: '../../media/brand' }, 'shareImageId', 'must be a media id');
    await refused({ ...FIRST, extra: true }, 'brand', 'Unrecognized key: "extra"');
    expect((await view()).draft.savedBy).toBeNull();
  });

  it('when staff save a draft, then visitors still see the published brand; publishing makes version 2 with who and when, announced once; publishing it again makes none', async () => {
    const draft = { ...renamed(FIRST, 'Prep Finder Plus'), colours: { ...FIRST.colours, primary: '#1d4ed8' } };
    await ok('PUT', '/admin/brand/draft', admin, draft);
    await ok('PUT', '/admin/brand/draft', admin, draft);
    expect(await current()).toEqual({ version: 1, settings: FIRST });
    const saved = await view();
    expect(saved.draft).toMatchObject({ settings: draft, savedBy: 'boss@example.com' });
    expect(saved.trail.filter((step) => step.step === 'draft-saved')).toHaveLength(1);

    expect(await publish('draft')).toEqual({ version: 2, published: true });
    expect(await current()).toEqual({ version: 2, settings: draft });
    expect((await announcedAs(2)).settings).toEqual(draft);
    expect(await publish('draft', otherAdmin)).toEqual({ version: 2, published: false });
    const after = await view();
    expect(after.versions.map((v) => [v.version, v.publishedBy, v.from])).toEqual([
      [2, 'boss@example.com', null],
      [1, 'first start', null],
    ]);
    expect(after.trail.map((step) => [step.step, step.by, step.version])).toEqual([
      ['published', 'boss@example.com', 2],
      ['draft-saved', 'boss@example.com', null],
      ['published', 'first start', 1],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(announced().map((e) => e.version)).toEqual([1, 2]);
  });

  it('when staff publish an earlier version again, then it is the brand as the version after the latest, from that one; an unknown version is a 404', async () => {
    expect(await ok('GET', '/admin/brand/versions/1', admin)).toEqual({ version: 1, settings: FIRST });
    expect(await publish(1)).toEqual({ version: 3, published: true });
    expect(await current()).toEqual({ version: 3, settings: FIRST });
    expect((await announcedAs(3)).settings).toEqual(FIRST);
    expect((await view()).trail[0]).toMatchObject({ step: 'republished', version: 3, from: 1, by: 'boss@example.com' });
    expect((await catalog.send('POST', '/admin/brand/publish', admin, { from: 99 })).status).toBe(404);
    expect((await catalog.send('GET', '/admin/brand/versions/99', admin)).status).toBe(404);
    expect((await catalog.send('GET', '/admin/brand/versions/0', admin)).status).toBe(400);
    expect((await current()).version).toBe(3);
  });

  it('when two staff publish the same version at the same moment, then it is made once; a loop of publishes keeps at most the last hundred, the current among them', async () => {
    const [one, two] = await Promise.all([publish(2), publish(2, otherAdmin)]);
    expect([one, two].filter((answer) => answer.published)).toHaveLength(1);
    expect(Math.max(one.version, two.version)).toBe(4);
    // Each time the one before the current again (so the brand changes each time).
    for (let i = 0; i < KEPT_BRAND_VERSIONS; i += 1) await publish((await current()).version - 1);
    const kept = (await view()).versions;
    expect(kept).toHaveLength(KEPT_BRAND_VERSIONS);
    expect(kept[0]!.version).toBe((await current()).version);
    expect(kept.at(-1)!.version).toBe((await current()).version - KEPT_BRAND_VERSIONS + 1);
  });
}, 120_000);
