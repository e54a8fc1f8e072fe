import fc from 'fast-check';
import { isSlug, OfferInputSchema, SERVICE_CSV_COLUMNS, SERVICE_CSV_OFFER_COLUMNS, SERVICE_TEXT_LIMITS } from '@mealprep/contracts';
import { mapRow, type ImportedService } from './service-import-rows';

const KNOWN = new Map(['keto', 'vegan', 'gluten-free', 'paleo'].map((slug) => [slug, slug]));
const row = (values: Record<string, string>) => mapRow({ Name: 'Green Fork Kitchen', ...values }, KNOWN);
const service = (values: Record<string, string>) => {
  const mapped = row(values);
  if ('reason' in mapped) throw new Error(`skipped: ${mapped.reason}`);
  return mapped;
};
const reason = (values: Record<string, string>) => {
  const mapped = row(values);
  return 'reason' in mapped ? mapped.reason : null;
};

describe('a row of a services file', () => {
  it('when every column is filled, then it becomes a service with its state spelled as the state is, its flags read, and its coordinates kept', () => {
    const mapped = service({
      Slug: '',
      Tagline: '  Fresh every week  ',
      'Meal Types': 'Keto, Vegan Diet; gluten free|Carnivore',
      City: 'Austin',
      State: 'texas',
      'Home Delivery': 'Yes',
      Shipping: 'x',
      Website: 'greenfork.com',
      'Image Link Full': 'https://img.example.com/a.jpg',
      'Profile Page Image Link': 'not a link',
      'Place Longitude': '-97.74',
      'Place Latitude': '30.27',
    });
    expect(mapped).toEqual<ImportedService>({
      name: 'Green Fork Kitchen',
      slug: 'green-fork-kitchen',
      tagline: 'Fresh every week',
      mealTypes: ['keto', 'vegan', 'gluten-free'],
      deliveryMethods: { localDelivery: true, pickup: false, shipsDomestically: true, shipsInternationally: false },
      website: 'https://greenfork.com',
      city: 'Austin',
      state: 'Texas',
      point: null,
      metadata: { imageLinkFull: 'https://img.example.com/a.jpg', profilePageImageLink: '', place: { longitude: -97.74, latitude: 30.27 }, submittedVia: 'import' },
    });
  });

  it('when a cell would run as a spreadsheet formula (=, +, @, - and a letter, even after spaces), then the row is skipped and the column named', () => {
    expect(reason({ Tagline: '=HYPERLINK("http://evil")' })).toBe('Tagline looks like a spreadsheet formula');
    expect(reason({ City: '+1+1' })).toBe('City looks like a spreadsheet formula');
    expect(reason({ Website: '@SUM(A1)' })).toBe('Website looks like a spreadsheet formula');
    expect(reason({ Tagline: '  -cmd|calc' })).toBe('Tagline looks like a spreadsheet formula');
    expect(reason({ 'Place Longitude': '-97.7', 'Place Latitude': '30.2', Tagline: '- fresh' })).toBeNull();
  });

  it('when a cell is arithmetic that leads to a formula (-2+3+cmd|…), or a formula after a tab or a carriage return, then the row is skipped and the column named; a longitude is kept', () => {
    expect(reason({ Tagline: "-2+3+cmd|' /C calc'!A0" })).toBe('Tagline looks like a spreadsheet formula');
    expect(reason({ City: "+2+3+cmd|' /C calc'!A0" })).toBe('City looks like a spreadsheet formula');
    expect(reason({ Tagline: "- cmd|' /C calc'!A0" })).toBe('Tagline looks like a spreadsheet formula');
    expect(reason({ Website: '\t=HYPERLINK("http://evil")' })).toBe('Website looks like a spreadsheet formula');
    expect(reason({ Name: '\r-1+1' })).toBe('Name looks like a spreadsheet formula');
    expect(reason({ 'Place Longitude': '-97.74', 'Place Latitude': '+30.27' })).toBeNull();
  });

  it('when the name is missing, too long or has no letters or digits for a slug, then the row is skipped with why', () => {
    expect(reason({ Name: '   ' })).toBe('Name is empty');
    expect(reason({ Name: 'N'.repeat(SERVICE_TEXT_LIMITS.name + 1) })).toBe(`Name is longer than ${SERVICE_TEXT_LIMITS.name} characters`);
    expect(reason({ Name: '!!!' })).toBe('Slug is empty (the name has no letters or digits)');
    expect(reason({ Name: 'N'.repeat(SERVICE_TEXT_LIMITS.name) })).toBeNull();
  });

  it('when a Slug column is given, then it is the slug (made a slug), whatever the name', () => {
    expect(service({ Slug: 'My Custom Slug!' }).slug).toBe('my-custom-slug');
    expect(service({ Name: '!!!', Slug: 'bang-bang' }).slug).toBe('bang-bang');
  });

  it('when the tagline or city is longer than a listing keeps, then the row is skipped', () => {
    expect(reason({ Tagline: 't'.repeat(SERVICE_TEXT_LIMITS.tagline + 1) })).toBe(`Tagline is longer than ${SERVICE_TEXT_LIMITS.tagline} characters`);
    expect(reason({ City: 'c'.repeat(SERVICE_TEXT_LIMITS.city + 1) })).toBe(`City is longer than ${SERVICE_TEXT_LIMITS.city} characters`);
  });

  it('when the state is not a US state, then the row is skipped naming it (cut to 40 characters); an empty state is allowed', () => {
    expect(reason({ State: 'Texass' })).toBe('Unknown state "Texass"');
    expect(reason({ State: 'TX' })).toBe('Unknown state "TX"');
    expect(reason({ State: 'Z'.repeat(100) })).toBe(`Unknown state "${'Z'.repeat(40)}"`);
    expect(service({ State: '' }).state).toBe('');
    expect(service({ State: 'DISTRICT OF COLUMBIA' }).state).toBe('District of Columbia');
  });

  it('when the website is not a web address (spaces, no dot, another scheme, too long), then the row is skipped; a bare domain gets https and a given scheme is kept as written', () => {
    for (const website of ['not a website', 'localhost', 'javascript:alert(1)', 'ftp://files.example.com', `https://example.com/${'a'.repeat(SERVICE_TEXT_LIMITS.url)}`]) {
      expect(reason({ Website: website }), website).toBe('Website is not a web address');
    }
    expect(service({ Website: 'HTTP://Example.com/Menu' }).website).toBe('HTTP://Example.com/Menu');
    expect(service({ Website: 'www.greenfork.com' }).website).toBe('https://www.greenfork.com');
    expect(service({ Website: '' }).website).toBe('');
  });

  it('when the coordinates are not numbers or out of range, then the row is skipped; with only one of them there is no place', () => {
    const why = 'Place Longitude/Latitude are not coordinates';
    expect(reason({ 'Place Longitude': '200', 'Place Latitude': '30' })).toBe(why);
    expect(reason({ 'Place Longitude': '-97', 'Place Latitude': '95' })).toBe(why);
    expect(reason({ 'Place Longitude': 'east', 'Place Latitude': '30' })).toBe(why);
    expect(service({ 'Place Longitude': '-97.7', 'Place Latitude': '' }).metadata.place).toBeNull();
  });

  it('when meal types repeat or are unknown, then each known one is kept once and the rest dropped', () => {
    expect(service({ 'Meal Types': 'keto;KETO|Keto Diet, paleo,,vegan-diet , unknown' }).mealTypes).toEqual(['keto', 'paleo', 'vegan']);
    expect(service({ 'Meal Types': '' }).mealTypes).toEqual([]);
  });

  it('when the delivery flags say no (or anything but yes, y, true, 1, x), then the listing neither delivers nor ships', () => {
    expect(service({ 'Home Delivery': 'no', Shipping: 'maybe' }).deliveryMethods).toMatchObject({ localDelivery: false, shipsDomestically: false });
    expect(service({ 'Home Delivery': 'TRUE', Shipping: '1' }).deliveryMethods).toMatchObject({ localDelivery: true, shipsDomestically: true });
  });

  it('property: whatever the cells hold, a row is either skipped with a reason or a service within every limit, with a valid slug and only known meal types', () => {
    const cellText = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom('Texas', 'keto, vegan', 'greenfork.com', '=1', '-97.5', '30.1', 'yes', '$9.50', 'Thu 18', 'Mon, Sun', 'nut-free', 'both', '6'),
    );
    fc.assert(
      fc.property(fc.record(Object.fromEntries([...SERVICE_CSV_COLUMNS, ...SERVICE_CSV_OFFER_COLUMNS].map((c) => [c, cellText])), { requiredKeys: [] }), (values) => {
        const mapped = mapRow(values as Record<string, string>, KNOWN);
        if ('reason' in mapped) {
          expect(mapped.reason.length).toBeGreaterThan(0);
          return;
        }
        expect(mapped.name.length).toBeGreaterThan(0);
        expect(mapped.name.length).toBeLessThanOrEqual(SERVICE_TEXT_LIMITS.name);
        expect(mapped.tagline.length).toBeLessThanOrEqual(SERVICE_TEXT_LIMITS.tagline);
        expect(mapped.city.length).toBeLessThanOrEqual(SERVICE_TEXT_LIMITS.city);
        expect(isSlug(mapped.slug)).toBe(true);
        expect(mapped.website === '' || /^https?:\/\//i.test(mapped.website)).toBe(true);
        expect(mapped.mealTypes.every((m) => KNOWN.has(m))).toBe(true);
        // An offer is one the owner's form would take.
        if (mapped.offer) expect(OfferInputSchema.parse(mapped.offer)).toEqual(mapped.offer);
        for (const value of Object.values(values)) expect(/^(?:[=+@]|-[A-Za-z(])/.test(String(value).trim())).toBe(false);
      }),
      { numRuns: 150 },
    );
  });
});

describe("a row's facts of the offer", () => {
  const OFFER = {
    'Price Per Meal Low': '$9.50',
    'Price Per Meal High': '14',
    Plans: 'Weekly subscription',
    'Pause Any Time': 'yes',
    'Delivery Days': 'Sun, wed',
    'Order Cutoff': 'Thursday 6 pm',
    'Minimum Order': '6 meals',
    'Allergen Friendly': 'Nut free; gluten-free',
    'Menu Link': 'greenfork.com/menu',
  };

  it('when a file has the offer columns, then they become the facts of the offer, in the order pages show them', () => {
    expect(service(OFFER).offer).toEqual({
      pricePerMeal: { low: 9.5, high: 14 },
      plans: 'subscription',
      pauseAnyTime: true,
      deliveryDays: ['wed', 'sun'],
      orderCutoff: { day: 'thu', hour: 18 },
      minimumOrderMeals: 6,
      allergenFriendly: ['gluten-free', 'nut-free'],
      menuUrl: 'https://greenfork.com/menu',
    });
    // One price is both ends; hours read as a 24-hour clock or with am/pm; empty cells say nothing.
    expect(service({ 'Price Per Meal Low': '12', 'Order Cutoff': 'sun 09:00', Plans: '', 'Pause Any Time': 'No' }).offer).toMatchObject({
      pricePerMeal: { low: 12, high: 12 },
      orderCutoff: { day: 'sun', hour: 9 },
      plans: null,
      pauseAnyTime: false,
    });
    expect(service({ 'Order Cutoff': 'Fri 12 am' }).offer?.orderCutoff).toEqual({ day: 'fri', hour: 0 });
  });

  it('when a file has none of the offer columns, then the row carries no offer, and the listing keeps its own', () => {
    expect(service({ City: 'Austin' }).offer).toBeUndefined();
  });

  it('when an offer cell is not what its column holds, then the row is skipped with the column named', () => {
    for (const [values, expected] of [
      [{ 'Price Per Meal Low': 'nine' }, 'Price Per Meal is not a price in dollars'],
      [{ 'Price Per Meal Low': '15', 'Price Per Meal High': '9' }, 'the lowest price must not be above the highest'],
      [{ 'Price Per Meal High': '9000' }, 'must be at most $500'],
      [{ Plans: 'monthly' }, 'Plans is not subscription, one-off or both'],
      [{ 'Pause Any Time': 'maybe' }, 'Pause Any Time is not yes or no'],
      [{ 'Delivery Days': 'Mon, Funday' }, 'Delivery Days are not days of the week'],
      [{ 'Order Cutoff': 'Thursday 25' }, 'must be 0 to 23'],
      [{ 'Order Cutoff': 'Thursday 13 pm' }, 'Order Cutoff is not a day and an hour'],
      [{ 'Order Cutoff': 'soon' }, 'Order Cutoff is not a day and an hour'],
      [{ 'Minimum Order': 'a few' }, 'Minimum Order is not a number of meals'],
      [{ 'Minimum Order': '0' }, 'must be at least 1 meal'],
      [{ 'Allergen Friendly': 'peanut-free' }, 'Allergen Friendly names something other than'],
      [{ 'Menu Link': 'not a link' }, 'Menu Link is not a web address'],
      [{ 'Delivery Days': 'Mon '.repeat(100) }, 'Delivery Days is longer than 200 characters'],
    ] as const) {
      expect(reason(values), expected).toContain(expected);
    }
  });
});
