import { describe, expect, it } from 'vitest';
import { loadUsPlaces } from '../src/data-access/us-places';
import { MAX_PLACE_QUERY } from '@mealprep/contracts';
import { milesBetween } from '../src/domain/catalogue/places';
import { US_STATE_CODES, US_STATES } from '../src/domain/catalogue/us-states';

describe('places: ZIP codes and cities as points, from the ZIP table shipped with the service', () => {
  const places = loadUsPlaces();

  it('when the table is loaded, then it holds the US ZIP codes of the 50 states and DC, and every state has its USPS code', () => {
    expect(places.zipCount).toBeGreaterThan(40_000);
    expect(US_STATE_CODES.map((s) => s.name)).toEqual(US_STATES.map((s) => s.name));
    expect(US_STATE_CODES.find((s) => s.name === 'Texas')?.code).toBe('TX');
    expect(US_STATE_CODES.find((s) => s.name === 'District of Columbia')?.code).toBe('DC');
    expect(US_STATE_CODES.find((s) => s.name === 'Wyoming')?.code).toBe('WY');
    expect(new Set(US_STATE_CODES.map((s) => s.code)).size).toBe(51);
  });

  it('when a visitor types a ZIP code or a city, then it is found as a point with its city and state', () => {
    const zip = places.find(' 78701 ');
    expect(zip).toMatchObject({ place: { kind: 'zip', zip: '78701', city: 'Austin', state: 'TX' } });
    for (const typed of ['Austin, TX', 'Austin TX', 'austin, texas', 'Austin,Texas', '  Austin ,  tx ']) {
      expect(places.find(typed), typed).toMatchObject({ place: { kind: 'city', city: 'Austin', state: 'TX' } });
    }
    expect(places.find('Salt Lake City Utah')).toMatchObject({ place: { city: 'Salt Lake City', state: 'UT' } });
    expect(places.find('Kansas City, MO')).toMatchObject({ place: { city: 'Kansas City', state: 'MO' } });
    // A city's point is the middle of its ZIP codes: Austin's is within a few miles of downtown.
    const austin = places.byCity('Austin', 'TX')!;
    expect(milesBetween(austin, places.byZip('78701')!)).toBeLessThan(10);
  });

  it('when the distance between two places is asked, then it is the great-circle distance in miles', () => {
    const austin = places.byZip('78701')!;
    const dallas = places.byZip('75201')!;
    expect(milesBetween(austin, dallas)).toBeGreaterThan(175);
    expect(milesBetween(austin, dallas)).toBeLessThan(190);
    expect(milesBetween(austin, austin)).toBe(0);
    expect(milesBetween({ latitude: 40.7128, longitude: -74.006 }, { latitude: 34.0522, longitude: -118.2437 })).toBeCloseTo(2445, -1);
  });

  it('when the text is not a place, then it says why in words and finds nothing', () => {
    const problems: Array<[string, string, boolean]> = [
      ['', 'Enter a ZIP code or a city.', true],
      ['7870', 'A ZIP code has 5 digits.', true],
      ['787011', 'A ZIP code has 5 digits.', true],
      ['00000', "We don't know the ZIP code 00000.", false],
      ['Austin, Utah', "We don't know Austin in Utah.", false],
      ['Atlantis, XX', 'Enter a 5-digit ZIP code, or a city and its state (for example "Austin, TX").', true],
      ['abcde', 'Enter a 5-digit ZIP code, or a city and its state (for example "Austin, TX").', true],
      ['x'.repeat(MAX_PLACE_QUERY + 1), `A place is at most ${MAX_PLACE_QUERY} characters.`, true],
      ['7'.repeat(10_000), `A place is at most ${MAX_PLACE_QUERY} characters.`, true],
    ];
    for (const [typed, problem, malformed] of problems) expect(places.find(typed), typed.slice(0, 20)).toEqual({ problem, malformed });
  });
});
