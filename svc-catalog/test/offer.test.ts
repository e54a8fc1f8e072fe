import type { EditableService, PublicService, ServiceInsertInput } from '@mealprep/contracts';
import { describe, expect, it } from 'vitest';
import { as, useCatalog } from './harness';

const NOW = new Date('2026-11-01T12:00:00Z');
const owner = () => as('owner-offer');
const other = () => as('owner-other');
const admin = () => as('boss', ['admin']);

const OFFER = {
  pricePerMeal: { low: 9.5, high: 14 },
  plans: 'both',
  pauseAnyTime: true,
  deliveryDays: ['sun', 'wed'],
  orderCutoff: { day: 'thu', hour: 18 },
  minimumOrderMeals: 6,
  allergenFriendly: ['nut-free', 'gluten-free'],
  menuUrl: 'https://harvest.example.com/menu',
} as const;

function listing(overrides: Partial<ServiceInsertInput> = {}): ServiceInsertInput {
  return {
    name: 'Harvest Table Prep',
    slug: 'harvest-table-prep',
    mealTypes: ['keto'],
    deliveryMethods: { localDelivery: true, pickup: false, shipsDomestically: false, shipsInternationally: false },
    contact: { email: 'hello@harvest.example.com', website: '' },
    locations: [{ address: { city: '', region: '', postalCode: '78701' } }],
    metadata: { ownerName: 'Hana Harvest', termsAccepted: true },
    ...overrides,
  };
}

describe('the facts of an offer', () => {
  const catalog = useCatalog('catalog-offer', { demo: NOW, now: NOW });
  const send = catalog.send;
  const publicOffer = async (slug: string) => ((await send('GET', `/services/by-slug/${slug}`)).body as unknown as PublicService).offer;

  it('when an owner gives the facts of their offer, then visitors read them on the published listing, and an edit replaces them whole', async () => {
    const created = await send('POST', '/services', owner(), listing({ offer: OFFER as unknown as ServiceInsertInput['offer'] }));
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await send('PATCH', `/admin/services/${id}/status`, admin(), { status: 'published' })).status).toBe(200);
    // Days and allergens come back in the week's and the list's order, whatever order the form sent.
    expect(await publicOffer('harvest-table-prep')).toEqual({ ...OFFER, deliveryDays: ['wed', 'sun'], allergenFriendly: ['gluten-free', 'nut-free'] });

    const edited = await send('PATCH', `/services/${id}`, owner(), { offer: { pricePerMeal: { low: 11, high: 11 }, plans: 'subscription', deliveryDays: ['mon'] } });
    expect(edited.status).toBe(200);
    expect((edited.body as unknown as EditableService).offer).toEqual({
      pricePerMeal: { low: 11, high: 11 },
      plans: 'subscription',
      pauseAnyTime: null,
      deliveryDays: ['mon'],
      orderCutoff: null,
      minimumOrderMeals: null,
      allergenFriendly: [],
      menuUrl: '',
    });
    expect((await publicOffer('harvest-table-prep')).pricePerMeal).toEqual({ low: 11, high: 11 });
    // Nobody else's to change.
    expect((await send('PATCH', `/services/${id}`, other(), { offer: { plans: 'one-off' } })).status).toBe(404);
    expect((await publicOffer('harvest-table-prep')).plans).toBe('subscription');
  });

  it('when a listing says nothing of its offer, then every fact is empty', async () => {
    const created = await send('POST', '/services', owner(), listing({ name: 'Quiet Kitchen', slug: 'quiet-kitchen' }));
    expect(created.status).toBe(201);
    const edit = (await send('GET', `/services/${created.body.id as string}/edit`, owner())).body as unknown as EditableService;
    expect(edit.offer).toEqual({ pricePerMeal: null, plans: null, pauseAnyTime: null, deliveryDays: [], orderCutoff: null, minimumOrderMeals: null, allergenFriendly: [], menuUrl: '' });
  });

  it('when the facts are not facts, then each is refused with a clear message and nothing changes', async () => {
    const created = await send('POST', '/services', owner(), listing({ name: 'Steady Meals', slug: 'steady-meals', offer: OFFER as unknown as ServiceInsertInput['offer'] }));
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    for (const [offer, message] of [
      [{ pricePerMeal: { low: 15, high: 9 } }, 'the lowest price must not be above the highest'],
      [{ pricePerMeal: { low: -1, high: 9 } }, 'must not be negative'],
      [{ pricePerMeal: { low: 9.999, high: 12 } }, 'must be in dollars and cents'],
      [{ pricePerMeal: { low: 'nine', high: 12 } }, 'must be a price in dollars'],
      [{ pricePerMeal: { low: 9, high: 10_000 } }, 'must be at most $500'],
      [{ plans: 'monthly' }, 'plans'],
      [{ deliveryDays: ['sun', 'sun'] }, 'must not name one twice'],
      [{ deliveryDays: ['someday'] }, 'deliveryDays'],
      [{ orderCutoff: { day: 'thu', hour: 24 } }, 'must be 0 to 23'],
      [{ orderCutoff: { day: 'thu', hour: 6.5 } }, 'must be a whole hour'],
      [{ minimumOrderMeals: 0 }, 'must be at least 1 meal'],
      [{ allergenFriendly: ['peanut-free'] }, 'allergenFriendly'],
      [{ menuUrl: 'javascript:alert(1)' }, 'must be a web address (http or https)'],
      [{ menuUrl: `https://example.com/${'a'.repeat(10_000)}` }, 'must be at most'],
      [{ colour: 'green' }, 'colour'],
    ] as const) {
      const refused = await send('PATCH', `/services/${id}`, owner(), { offer });
      expect(refused.status, message).toBe(400);
      expect(JSON.stringify(refused.body), message).toContain(message);
    }
    const edit = (await send('GET', `/services/${id}/edit`, owner())).body as unknown as EditableService;
    expect(edit.offer.pricePerMeal).toEqual({ low: 9.5, high: 14 });
    expect(edit.offer.menuUrl).toBe('https://harvest.example.com/menu');
  });

  it('when staff import a services file with the offer columns, then the listings carry those facts; a file without them leaves them as they are', async () => {
    const upload = async (csv: string) => {
      const response = await fetch(`${catalog.url}/admin/import/services`, { method: 'POST', headers: { 'content-type': 'text/csv', ...admin() }, body: csv });
      return { status: response.status, body: (await response.json()) as { imported: number; skipped: number; unchanged: number } };
    };
    const withOffer = [
      'Name,City,State,Price Per Meal Low,Price Per Meal High,Plans,Delivery Days,Order Cutoff,Allergen Friendly',
      'Prairie Plates,Austin,Texas,$8,$12.50,both,"Mon, Thu",Sunday 8 pm,dairy-free',
    ].join('\n');
    expect(await upload(withOffer)).toMatchObject({ status: 200, body: { imported: 1, skipped: 0 } });
    const imported = {
      pricePerMeal: { low: 8, high: 12.5 },
      plans: 'both',
      pauseAnyTime: null,
      deliveryDays: ['mon', 'thu'],
      orderCutoff: { day: 'sun', hour: 20 },
      minimumOrderMeals: null,
      allergenFriendly: ['dairy-free'],
      menuUrl: '',
    };
    expect(await publicOffer('prairie-plates')).toEqual(imported);
    // The same file again changes nothing; one without the columns leaves the offer as it is.
    expect((await upload(withOffer)).body).toMatchObject({ imported: 0, unchanged: 1 });
    expect((await upload('Name,City,State,Tagline\nPrairie Plates,Austin,Texas,Plates from the prairie')).body).toMatchObject({ imported: 1 });
    expect(await publicOffer('prairie-plates')).toEqual(imported);
    // A cell that is not its column's is a skipped row, naming why; the listing is left as it was.
    const bad = await upload('Name,City,State,Plans\nPrairie Plates,Austin,Texas,monthly');
    expect(bad.body).toMatchObject({ imported: 0, skipped: 1, skippedRows: [{ reason: 'Plans is not subscription, one-off or both' }] });
    expect(await publicOffer('prairie-plates')).toEqual(imported);
  });
});
