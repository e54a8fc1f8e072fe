import type { AdminServiceList, ImportResult, PublicService } from '@mealprep/contracts';
import { Readable } from 'node:stream';
import { testOutbox } from '@mealprep/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { catalogRepositories } from '../src/app';
import { importServices } from '../src/domain/imports/service-import';
import { as, useCatalog } from './harness';

const admin = as('boss', ['admin']);
const owner = as('owner');
const HEADER = 'Name,Slug,Tagline,Meal Types,City,State,Home Delivery,Shipping,Website,Image Link Full,Profile Page Image Link,Place Longitude,Place Latitude';

describe('services CSV import', () => {
  const catalog = useCatalog('catalog-import', {});
  const events = catalog.events;

  const upload = async (body: string | Uint8Array, headers: Record<string, string> = admin) => {
    const response = await fetch(`${catalog.url}/admin/import/services`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', ...headers },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
    return { status: response.status, body: (await response.json()) as ImportResult & { error?: { message: string } } };
  };
  const total = async () => ((await (await fetch(`${catalog.url}/admin/services?pageSize=1`, { headers: admin })).json()) as AdminServiceList).total;

  it('when an admin imports a file (BOM, quoted newlines, extra columns), then rows become published services; the same file again changes nothing', async () => {
    const csv = [
      `\uFEFF${HEADER},Notes`,
      'Harbor Bowls,,"Bowls, salads\nand soups","Keto, Vegan",Seattle,Washington,Yes,No,harbor.example.com,https://img.example.com/h.jpg,,-122.33,47.61,ignored',
      'Desert Fuel,desert-fuel-az,Macro meals,high protein|paleo,Phoenix,Arizona,yes,yes,https://desert.example.com,,,,,',
    ].join('\r\n');
    const first = await upload(csv);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ imported: 2, skipped: 0 });
    const harbor = (await (await fetch(`${catalog.url}/services/by-slug/harbor-bowls`)).json()) as PublicService;
    expect(harbor).toMatchObject({
      name: 'Harbor Bowls',
      status: 'published',
      tagline: 'Bowls, salads\nand soups',
      mealTypes: ['keto', 'vegan'],
      deliveryMethods: { localDelivery: true, shipsDomestically: false, pickup: false, shipsInternationally: false },
      contact: { website: 'https://harbor.example.com' },
      locations: [{ address: { city: 'Seattle', region: 'Washington', countryCode: 'US' } }],
    });
    const desert = (await (await fetch(`${catalog.url}/services/by-slug/desert-fuel-az`)).json()) as PublicService;
    expect(desert.mealTypes).toEqual(['high-protein', 'paleo']);
    await expect.poll(() => events.map((e) => e.type)).toContain('catalog.services.imported');

    const before = harbor.updatedAt;
    const again = await upload(csv);
    expect(again.body).toMatchObject({ imported: 0, skipped: 0, unchanged: 2 });
    expect(((await (await fetch(`${catalog.url}/services/by-slug/harbor-bowls`)).json()) as PublicService).updatedAt).toBe(before);
  });

  it('when an import was cut off after writing its rows and before announcing them, then the file imported again announces them and the instance lists them', async () => {
    const csv = [HEADER, 'Cutoff Kitchen,,Half done,Keto,Austin,Texas,Yes,No,cutoff.example.com,,,,'].join('\n');
    // The first try, as an instance killed between its writes and its announcement leaves it.
    const outbox = testOutbox(catalog.db.connection);
    const repositories = catalogRepositories(catalog.db.connection, outbox);
    await importServices(
      { ...repositories, events: outbox, catalog: { reload: async () => undefined, places: repositories.places } },
      { userId: 'boss', email: 'boss@example.com' },
      Readable.from([Buffer.from(csv)]),
      {
        announce: false,
      },
    );
    expect((await fetch(`${catalog.url}/services/by-slug/cutoff-kitchen`)).status).toBe(404);

    const again = await upload(csv);
    expect(again.body).toMatchObject({ imported: 0, skipped: 0, unchanged: 1 });
    const listed = (await (await fetch(`${catalog.url}/services/by-slug/cutoff-kitchen`)).json()) as PublicService;
    expect(listed.name).toBe('Cutoff Kitchen');
    await expect.poll(() => events.some((e) => e.type === 'catalog.services.imported' && (e.payload as { serviceIds: string[] }).serviceIds.includes(listed.id))).toBe(true);
  });

  it('when many rows end in empty cells or a column is named __proto__, then every cell stays where it was written', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => `Blank Tail Kitchen ${i},,Plain,,Austin,Texas,No,No,,,,,,`);
    const result = await upload([`${HEADER},__proto__`, ...rows].join('\n'));
    expect(result.body).toMatchObject({ imported: 40, skipped: 0 });
    const last = (await (await fetch(`${catalog.url}/services/by-slug/blank-tail-kitchen-39`)).json()) as PublicService;
    expect(last).toMatchObject({ name: 'Blank Tail Kitchen 39', tagline: 'Plain', locations: [{ address: { city: 'Austin', region: 'Texas' } }] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('when rows are bad (empty name, duplicate slug, 1 MB cell, formula, unknown state, bad website), then each is skipped with its reason and line', async () => {
    const before = await total();
    const csv = [
      'Name;Slug;State;Website;Tagline',
      'Valid Semicolon Kitchen;;Texas;;Fine',
      ';no-name;Texas;;',
      'Copy Kitchen;valid-semicolon-kitchen;Texas;;',
      `Huge Kitchen;;Texas;;${'x'.repeat(1024 * 1024)}`,
      '=CMD();;Texas;;',
      'Nowhere Kitchen;;Atlantis;;',
      'Broken Site Kitchen;;Texas;not a site;',
    ].join('\n');
    const result = await upload(csv);
    expect(result.status).toBe(200);
    expect(result.body.imported).toBe(1);
    expect(result.body.skipped).toBe(6);
    expect(result.body.skippedRows).toEqual([
      { line: 3, name: '', reason: 'Name is empty' },
      { line: 4, name: 'Copy Kitchen', reason: 'Slug "valid-semicolon-kitchen" is already used by an earlier row' },
      { line: 5, name: 'Huge Kitchen', reason: 'Tagline is longer than 160 characters' },
      { line: 6, name: '=CMD()', reason: 'Name looks like a spreadsheet formula' },
      { line: 7, name: 'Nowhere Kitchen', reason: 'Unknown state "Atlantis"' },
      { line: 8, name: 'Broken Site Kitchen', reason: 'Website is not a web address' },
    ]);
    expect(await total()).toBe(before + 1);
  });

  it('when a cell is arithmetic that ends in a formula (-2+3+cmd|…) or a formula after a tab, then its row is skipped with the column named; signed coordinates are imported', async () => {
    const before = await total();
    const csv = [
      HEADER,
      `Sum Kitchen,,"-2+3+cmd|' /C calc'!A0",,Austin,Texas,,,,,,,`,
      `Tab Kitchen,,,,"	=HYPERLINK(""http://evil"")",Texas,,,,,,,`,
      'West Kitchen,,- fresh every week,,Austin,Texas,,,,,,-97.74,+30.27',
    ].join('\n');
    const result = await upload(csv);
    expect(result.body).toMatchObject({
      imported: 1,
      skipped: 2,
      skippedRows: [
        { line: 2, name: 'Sum Kitchen', reason: 'Tagline looks like a spreadsheet formula' },
        { line: 3, name: 'Tab Kitchen', reason: 'City looks like a spreadsheet formula' },
      ],
    });
    expect(await total()).toBe(before + 1);
    expect(((await (await fetch(`${catalog.url}/services/by-slug/west-kitchen`)).json()) as PublicService).tagline).toBe('- fresh every week');
  });

  it('when the file itself is wrong (empty, binary, not UTF-8, no Name column, over 20 MB), then it is refused and nothing is written', async () => {
    const before = await total();
    const cases: Array<[string | Uint8Array, number, string]> = [
      ['', 400, 'The file is empty.'],
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x01]), 400, 'That is not a CSV file: it holds binary data.'],
      [new Uint8Array([...Buffer.from('Name\nCaf'), 0xe9, 0x20, 0x4b, 0x0a]), 400, 'The file is not UTF-8 text. Save it as CSV (UTF-8) and try again.'],
      ['Title,City\nSomething,Austin', 400, 'Missing columns: Name. The first line must name the columns.'],
      ['Name\n', 400, 'The file has no rows to import.'],
      [`${HEADER}\n${'A Kitchen,,,,,,,,,,,,\n'.repeat(Math.ceil((50 * 1024 * 1024) / 24))}`, 413, 'The file is too large: at most 20 MB.'],
    ];
    for (const [body, status, message] of cases) {
      const answer = await upload(body);
      expect(answer.status).toBe(status);
      expect(answer.body.error?.message).toBe(message);
    }
    expect(await total()).toBe(before);
    expect((await upload(`${HEADER}\nX,,,,,,,,,,,,`, owner)).status).toBe(403);
    // A 50 MB upload among them: on a busy machine past 20 s.
  }, 60_000);

  it('when an owner has a listing with the slug of a row, then the import leaves it alone and reports the row as skipped with the reason; the other rows are imported and announced by id', async () => {
    const draft = {
      name: 'Captured Kitchen',
      slug: 'captured-kitchen',
      tagline: 'The owner wrote this',
      description: 'Mine.',
      mealTypes: [],
      deliveryMethods: { localDelivery: false, pickup: false, shipsDomestically: false, shipsInternationally: false },
      contact: { email: 'me@captured.example.com', phone: '', website: '', socialLinks: [] },
      locations: [],
      media: { logoImageId: null },
      metadata: { ownerName: 'Cara Capture', termsAccepted: true, submittedVia: 'dashboard' },
    };
    const created = await fetch(`${catalog.url}/services`, { method: 'POST', headers: { 'content-type': 'application/json', ...owner }, body: JSON.stringify(draft) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const result = await upload([HEADER, 'Captured Kitchen,captured-kitchen,Imported tagline,,Austin,Texas,Yes,No,,,,,', 'Free Kitchen,,Imported too,,Austin,Texas,Yes,No,,,,,'].join('\n'));
    expect(result.body).toMatchObject({
      imported: 1,
      skipped: 1,
      skippedRows: [{ line: 2, name: 'Captured Kitchen', reason: 'A listing with this slug is managed by its owner; an import never overwrites it' }],
    });
    const mine = (await (await fetch(`${catalog.url}/services/${id}/edit`, { headers: owner })).json()) as PublicService & { ownerUserId: string };
    expect(mine).toMatchObject({ ownerUserId: 'owner', status: 'draft', tagline: 'The owner wrote this', locations: [] });
    // A row that matches the owner's listing exactly changes nothing, and is no reason to skip.
    expect((await upload([HEADER, 'Captured Kitchen,captured-kitchen,The owner wrote this,,,,No,No,,,,,'].join('\n'))).body).toMatchObject({ imported: 0, skipped: 0, unchanged: 1 });
    const free = (await (await fetch(`${catalog.url}/services/by-slug/free-kitchen`)).json()) as PublicService;
    await expect.poll(() => events.filter((e) => e.type === 'catalog.services.imported').map((e) => (e.payload as { serviceIds: string[] }).serviceIds)).toContainEqual([free.id]);
  });
});
