import type { GeoRegion, MealType } from '@mealprep/contracts';
import { AppError, type DomainEvents } from '@mealprep/service-kit';
import type { GeoRegionRepository } from '../../data-access/geo-region-repository';
import type { MealTypeRepository } from '../../data-access/meal-type-repository';
import { MEAL_TYPE_SEED } from './meal-type-catalogue';
import { US_STATES } from './us-states';

export interface ReferenceDataDeps {
  regions: GeoRegionRepository;
  mealTypes: MealTypeRepository;
  events: DomainEvents;
}

/**
 * Seeds the states and the starting meal types. States are completed on every start (the list is
 * fixed); meal types only on first start, since admins own them afterwards. An event tells the
 * rest of the system what was added.
 */
export async function seedReferenceData(deps: ReferenceDataDeps): Promise<{ regions: number; mealTypes: number }> {
  const regions = await deps.regions.insertMissing(US_STATES, (count) => [deps.events.event('catalog.regions.seeded', { count })]);
  const mealTypes = (await deps.mealTypes.count()) === 0 ? await deps.mealTypes.insertMany(MEAL_TYPE_SEED, (count) => [deps.events.event('catalog.meal-types.seeded', { count })]) : 0;
  await deps.events.relay();
  return { regions, mealTypes };
}

export async function listRegions(deps: Pick<ReferenceDataDeps, 'regions'>, countryCode: string): Promise<GeoRegion[]> {
  return deps.regions.listByCountry(countryCode);
}

export async function getRegion(deps: Pick<ReferenceDataDeps, 'regions'>, slug: string): Promise<GeoRegion> {
  const region = await deps.regions.findBySlug(slug);
  if (!region) throw AppError.notFound(`There is no state "${slug}".`);
  return region;
}

export async function listMealTypes(deps: Pick<ReferenceDataDeps, 'mealTypes'>): Promise<MealType[]> {
  return deps.mealTypes.list();
}

export async function getMealType(deps: Pick<ReferenceDataDeps, 'mealTypes'>, slug: string): Promise<MealType> {
  const mealType = await deps.mealTypes.findBySlug(slug);
  if (!mealType) throw AppError.notFound(`There is no meal type "${slug}".`);
  return mealType;
}
