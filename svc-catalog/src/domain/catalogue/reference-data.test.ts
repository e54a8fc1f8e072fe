import { isSlug, type EventEnvelope, type GeoRegion, type MealType } from '@mealprep/contracts';
import type { GeoRegionRepository } from '../../data-access/geo-region-repository';
import type { MealTypeRepository } from '../../data-access/meal-type-repository';
import { MEAL_TYPE_SEED } from './meal-type-catalogue';
import { getMealType, getRegion, seedReferenceData } from './reference-data';
import { MEAL_TYPES, mealTypeRepository, refusal, regionRepository } from '../../testing/builders';
import { FakeEvents } from '../../testing/fakes';
import { US_STATE_CODES, US_STATES } from './us-states';

/** Repositories that keep what is seeded and the events each insert carried. */
function stores(existing: { regions?: GeoRegion[]; mealTypes?: MealType[] } = {}) {
  const regions = [...(existing.regions ?? [])];
  const mealTypes = [...(existing.mealTypes ?? [])];
  const carried: EventEnvelope[] = [];
  const regionRepo = {
    async insertMissing(wanted: GeoRegion[], announce: (count: number) => EventEnvelope[]) {
      const missing = wanted.filter((w) => !regions.some((r) => r.slug === w.slug));
      regions.push(...missing);
      if (missing.length > 0) carried.push(...announce(missing.length));
      return missing.length;
    },
  } as unknown as GeoRegionRepository;
  const mealTypeRepo = {
    count: async () => mealTypes.length,
    async insertMany(added: Array<Omit<MealType, 'id'>>, announce: (count: number) => EventEnvelope[]) {
      mealTypes.push(...added.map((m, i) => ({ id: `m${i}`, ...m })));
      carried.push(...announce(added.length));
      return added.length;
    },
  } as unknown as MealTypeRepository;
  return { regions, mealTypes, carried, regionRepo, mealTypeRepo };
}

describe('seeding the states and meal types', () => {
  it('when the catalogue starts for the first time, then every state and the starting meal types are added, announced and relayed', async () => {
    const s = stores();
    const events = new FakeEvents();
    expect(await seedReferenceData({ regions: s.regionRepo, mealTypes: s.mealTypeRepo, events })).toEqual({ regions: 51, mealTypes: MEAL_TYPE_SEED.length });
    expect(s.carried.map((e) => [e.type, e.payload])).toEqual([
      ['catalog.regions.seeded', { count: 51 }],
      ['catalog.meal-types.seeded', { count: MEAL_TYPE_SEED.length }],
    ]);
    expect(events.relays).toBe(1);
  });

  it('when it starts again with states missing and meal types an admin has changed, then only the missing states are added and the meal types are left alone', async () => {
    const s = stores({ regions: US_STATES.slice(0, 50), mealTypes: [{ id: 'x', slug: 'only-this', name: 'Only This', description: 'An admin kept just one.' }] });
    const result = await seedReferenceData({ regions: s.regionRepo, mealTypes: s.mealTypeRepo, events: new FakeEvents() });
    expect(result).toEqual({ regions: 1, mealTypes: 0 });
    expect(s.mealTypes.map((m) => m.slug)).toEqual(['only-this']);
    expect(s.carried.map((e) => e.type)).toEqual(['catalog.regions.seeded']);
  });
});

describe('reading a state or a meal type', () => {
  it('when a state or meal type exists, then it is given; when not, then a 404 names the slug asked', async () => {
    expect((await getRegion({ regions: regionRepository() }, 'texas')).name).toBe('Texas');
    expect(await refusal(getRegion({ regions: regionRepository() }, 'atlantis'))).toMatchObject({ status: 404, message: 'There is no state "atlantis".' });
    expect((await getMealType({ mealTypes: mealTypeRepository() }, 'keto')).name).toBe('Keto');
    expect(await refusal(getMealType({ mealTypes: mealTypeRepository(MEAL_TYPES) }, 'carnivore'))).toMatchObject({ status: 404, message: 'There is no meal type "carnivore".' });
  });
});

describe('the fixed lists', () => {
  it('when the states are listed, then there are the 50 states and the District of Columbia, each once, with a page slug and a USPS code of its own', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map((s) => s.slug)).size).toBe(51);
    expect(US_STATES.every((s) => isSlug(s.slug) && s.countryCode === 'US' && s.type === 'state')).toBe(true);
    expect(US_STATES.find((s) => s.name === 'District of Columbia')?.slug).toBe('district-of-columbia');
    expect(new Set(US_STATE_CODES.map((s) => s.code)).size).toBe(51);
    const code = new Map(US_STATE_CODES.map((s) => [s.name, s.code]));
    expect(['Texas', 'Alaska', 'Arkansas', 'Iowa', 'Maine', 'Nebraska', 'West Virginia'].map((name) => code.get(name))).toEqual(['TX', 'AK', 'AR', 'IA', 'ME', 'NE', 'WV']);
  });

  it('when a new catalogue starts, then it offers the twelve diets, each with a slug made from its name and a description', () => {
    expect(MEAL_TYPE_SEED.map((m) => m.slug)).toEqual([
      'keto',
      'paleo',
      'vegan',
      'vegetarian',
      'gluten-free',
      'high-protein',
      'low-carb',
      'whole30',
      'mediterranean',
      'dairy-free',
      'family-meals',
      'weight-loss',
    ]);
    expect(MEAL_TYPE_SEED.every((m) => isSlug(m.slug) && m.description.trim().length > 20)).toBe(true);
  });
});
