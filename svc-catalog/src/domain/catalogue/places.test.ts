import fc from 'fast-check';
import { MAX_PLACE_QUERY } from '@mealprep/contracts';
import { milesBetween, type PlaceLookup } from './places';
import { places } from '../../testing/builders';

const table = places();
const found = (lookup: PlaceLookup) => ('place' in lookup ? lookup.place : null);

describe('distances', () => {
  it('when two airports a continent apart are measured, then it is the great-circle distance in miles (JFK to LAX about 2,475)', () => {
    const miles = milesBetween({ latitude: 40.6413, longitude: -73.7781 }, { latitude: 33.9416, longitude: -118.4085 });
    expect(miles).toBeGreaterThan(2_465);
    expect(miles).toBeLessThan(2_485);
  });

  it('property: a distance is never negative, the same both ways, zero to itself and at most half way round the earth', () => {
    const point = fc.record({ latitude: fc.double({ min: -90, max: 90, noNaN: true }), longitude: fc.double({ min: -180, max: 180, noNaN: true }) });
    fc.assert(
      fc.property(point, point, (a, b) => {
        const ab = milesBetween(a, b);
        expect(ab).toBeGreaterThanOrEqual(0);
        expect(ab).toBeLessThanOrEqual(Math.PI * 3958.8 + 1e-6);
        expect(ab).toBeCloseTo(milesBetween(b, a), 6);
        expect(milesBetween(a, a)).toBeCloseTo(0, 9);
      }),
      { numRuns: 300 },
    );
  });
});

describe('finding the place a visitor typed', () => {
  it('when a known ZIP code is typed (spaces around it too), then it is found with its city and state', () => {
    expect(found(table.find(' 78701 '))).toMatchObject({ kind: 'zip', zip: '78701', city: 'Austin', state: 'TX' });
  });

  it('when a city is typed with its state as a code or a name, with or without a comma, in any case, then the city is found', () => {
    for (const text of ['Austin, TX', 'Austin TX', 'austin, texas', 'AUSTIN   tx', 'Round Rock, Texas']) {
      expect(found(table.find(text)), text).toMatchObject({ kind: 'city', zip: null, state: 'TX' });
    }
  });

  it('when a city or state name has several words, or two states have a city of that name, then the right city of the right state is found', () => {
    expect(found(table.find('Salt Lake City Utah'))).toMatchObject({ city: 'Salt Lake City', state: 'UT' });
    expect(found(table.find('New York New York'))).toMatchObject({ city: 'New York', state: 'NY' });
    expect(found(table.find('Kansas City, MO'))?.state).toBe('MO');
    expect(found(table.find('Kansas City KS'))?.state).toBe('KS');
  });

  it("when a city is found, then its point is the middle of its ZIP codes' centres", () => {
    const austin = found(table.find('Austin, TX'))!;
    expect(austin.latitude).toBeCloseTo((30.2711 + 30.2633) / 2, 4);
    expect(austin.longitude).toBeCloseTo((-97.7437 + -97.7145) / 2, 4);
  });

  it('when the text cannot name a place (empty, too long, a ZIP code without 5 digits, words without a state), then it is malformed and says what to type', () => {
    expect(table.find('   ')).toEqual({ problem: 'Enter a ZIP code or a city.', malformed: true });
    expect(table.find('7'.repeat(MAX_PLACE_QUERY + 1))).toEqual({ problem: `A place is at most ${MAX_PLACE_QUERY} characters.`, malformed: true });
    expect(table.find('7870')).toEqual({ problem: 'A ZIP code has 5 digits.', malformed: true });
    expect(table.find('787011')).toEqual({ problem: 'A ZIP code has 5 digits.', malformed: true });
    expect(table.find('best pizza')).toEqual({ problem: 'Enter a 5-digit ZIP code, or a city and its state (for example "Austin, TX").', malformed: true });
  });

  it('when a well-formed ZIP code or a city of a real state is not in the table, then it is unknown (not malformed) and named', () => {
    expect(table.find('12345')).toEqual({ problem: "We don't know the ZIP code 12345.", malformed: false });
    expect(table.find('Atlantis, TX')).toEqual({ problem: "We don't know Atlantis in TX.", malformed: false });
  });
});

describe('the ZIP table', () => {
  it('when rows name no known state or have no point, then they are left out', () => {
    expect(table.zipCount).toBe(11);
    expect(table.byZip('99999')).toBeNull();
    expect(table.byZip('00000')).toBeNull();
    expect(table.byCity('Nowhere', 'ZZ')).toBeNull();
  });

  it('when "Use my location" sends a point, then the nearest ZIP code is named; none when no ZIP code is within 100 miles', () => {
    expect(table.nearestZip({ latitude: 30.52, longitude: -97.67 })?.zip).toBe('78664');
    expect(table.nearestZip({ latitude: 21.3, longitude: -157.85 })?.zip).toBe('96813');
    expect(table.nearestZip({ latitude: 35, longitude: -50 })).toBeNull();
    expect(table.nearestZip({ latitude: 31.5, longitude: -101 })).toBeNull();
  });

  it('when a state is named by code or name, then its USPS code is found; its name comes back from the code', () => {
    expect(table.stateCode(' texas ')).toBe('TX');
    expect(table.stateCode('tx')).toBe('TX');
    expect(table.stateCode('District of Columbia')).toBe('DC');
    expect(table.stateCode('Texass')).toBeNull();
    expect(table.stateName('NY')).toBe('New York');
    expect(table.stateName('ZZ')).toBe('ZZ');
  });

  it("when a location is placed, then the import's coordinates win, else its ZIP code (ZIP+4 too), else its city, else nothing", () => {
    const address = { postalCode: '78702-1234', city: 'Dallas', region: 'Texas' };
    expect(table.locate(address, { latitude: 1, longitude: 2 })).toEqual({ latitude: 1, longitude: 2 });
    expect(table.locate(address, { latitude: Number.NaN, longitude: 2 })?.latitude).toBeCloseTo(30.2633, 3);
    expect(table.locate({ postalCode: '', city: 'Dallas', region: 'Texas' })?.latitude).toBeCloseTo(32.7876, 3);
    expect(table.locate({ postalCode: '12345', city: 'Dallas', region: 'TX' })?.latitude).toBeCloseTo(32.7876, 3);
    expect(table.locate({ postalCode: '', city: 'Atlantis', region: 'Texas' })).toBeNull();
    expect(table.locate({ postalCode: '', city: 'Dallas', region: '' })).toBeNull();
  });
});
