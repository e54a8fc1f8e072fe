import { createHash } from 'node:crypto';
import {
  type CompareResult,
  NEARBY_MAX_MILES,
  NEARBY_SERVICES_COUNT,
  PUBLIC_SERVICE_STATUSES,
  type City,
  type CityList,
  type NearbyServices,
  type NearPlace,
  type NearQuery,
  type NearResult,
  type OwnedService,
  type PublicService,
  type ServiceList,
} from '@mealprep/contracts';
import { AppError, clientOf, type DomainEvents } from '@mealprep/service-kit';
import type { ServiceRepository } from '../../data-access/service-repository';
import type { ServiceReportRepository } from '../../data-access/service-report-repository';
import type { CatalogIndex } from '../catalogue/catalog-index';
import { milesBetween, type Place } from '../catalogue/places';
import type { ListQuery } from '../catalogue/public-index';

export interface ServiceDeps {
  services: ServiceRepository;
  reports: ServiceReportRepository;
  catalog: CatalogIndex;
  /** Events are written with the change they report, and relayed once the change is visible. */
  events: DomainEvents;
  /** Secret mixed into IP hashes so stored hashes cannot be reversed by trying addresses. */
  ipHashSecret: string;
  now?: () => Date;
}

const REPORT_WINDOW_MS = 24 * 60 * 60 * 1000;

export function listServices(deps: Pick<ServiceDeps, 'catalog' | 'now'>, query: ListQuery): ServiceList {
  const index = deps.catalog.index;
  if (query.state && !index.hasState(query.state)) throw AppError.notFound(`There is no state "${query.state}".`);
  if (query.mealType && !index.hasMealType(query.mealType)) throw AppError.notFound(`There is no meal type "${query.mealType}".`);
  return index.query(query, (deps.now?.() ?? new Date()).getTime());
}

/**
 * A published or closed service; drafts, pending and rejected ones are not public. Read from the
 * index, which every change to a public service refreshes before it is announced (as the lists).
 */
export function getServiceBySlug(deps: Pick<ServiceDeps, 'catalog'>, slug: string): PublicService {
  const service = deps.catalog.findPublic(slug);
  if (!service) throw AppError.notFound(`There is no service "${slug}".`);
  return service;
}

/** regions.cities: the cities of a state with published services, for its page's links. */
export function listCities(deps: Pick<ServiceDeps, 'catalog'>, stateSlug: string): CityList {
  const items = deps.catalog.index.cities(stateSlug);
  if (!items) throw AppError.notFound(`There is no state "${stateSlug}".`);
  return { items };
}

/** regions.city: a city page; 404 for a city with no published service (no empty pages). */
export function getCity(deps: Pick<ServiceDeps, 'catalog'>, stateSlug: string, citySlug: string): City {
  const city = deps.catalog.index.city(stateSlug, citySlug);
  if (!city) throw AppError.notFound(deps.catalog.index.hasState(stateSlug) ? `There is no listed service in "${citySlug}".` : `There is no state "${stateSlug}".`);
  const { stateName, ...summary } = city;
  return { ...summary, state: { slug: stateSlug, name: stateName, code: deps.catalog.places.stateCode(stateName) ?? '' } };
}

/**
 * services.nearby: "Also near {city}" on a service's page: the nearest other published services
 * (from its primary location), and its city's page when that city has published services.
 */
export function nearbyServices(deps: Pick<ServiceDeps, 'catalog' | 'now'>, slug: string): NearbyServices {
  const service = getServiceBySlug(deps, slug);
  const primary = service.locations.find((l) => l.isPrimary) ?? service.locations[0];
  if (!primary) return { city: null, items: [] };
  const where = deps.catalog.index.cityOf(primary.address);
  const city = where ? deps.catalog.index.city(where.stateSlug, where.slug) : null;
  const point = primary.point ?? deps.catalog.places.locate(primary.address);
  const now = (deps.now?.() ?? new Date()).getTime();
  return {
    city: city && where ? { name: city.name, stateSlug: where.stateSlug, slug: city.slug } : null,
    items: point ? deps.catalog.index.nearby(point, service.id, NEARBY_SERVICES_COUNT, NEARBY_MAX_MILES, now) : [],
  };
}

/**
 * A visitor says a closed service is still open. The report is kept for admins (once per visitor
 * per service a day) and announced; reports on services that are not closed are not kept.
 */
export async function reportStillOpen(deps: ServiceDeps, input: { serviceId: string; ip: string; userId: string | null }): Promise<void> {
  const service = await deps.services.findById(input.serviceId);
  if (!service || !PUBLIC_SERVICE_STATUSES.includes(service.status)) throw AppError.notFound('There is no such service.');
  if (service.status !== 'closed') return;
  const now = deps.now?.() ?? new Date();
  const ipHash = createHash('sha256')
    .update(`${deps.ipHashSecret}:${clientOf(input.ip)}`)
    .digest('hex');
  if (await deps.reports.findRecent(service.id, ipHash, new Date(now.getTime() - REPORT_WINDOW_MS))) return;
  await deps.reports.create({ serviceId: service.id, reportedAt: now, ipHash, userId: input.userId }, (reportId) => [
    deps.events.event('catalog.service.reported-open', { serviceId: service.id, slug: service.slug, reportId }),
  ]);
  await deps.events.relay();
}

/** services.myServices: the caller's own listings, whatever their status, from memory (every page of the dashboard asks). */
export function listMyServices(deps: Pick<ServiceDeps, 'catalog'>, userId: string): { items: OwnedService[] } {
  return { items: deps.catalog.admin.ownedBy(userId).map((s) => ({ id: s.id, name: s.name, slug: s.slug, status: s.status })) };
}

/** A place as the near-me page names it, with its state's page. */
function nearPlace(deps: Pick<ServiceDeps, 'catalog'>, place: Place): NearPlace {
  const stateName = deps.catalog.places.stateName(place.state);
  return {
    kind: place.kind,
    zip: place.zip,
    city: place.city,
    state: place.state,
    stateSlug: deps.catalog.index.stateSlugOf(stateName) ?? '',
    latitude: place.latitude,
    longitude: place.longitude,
    label: place.zip ? `${place.city}, ${place.state} ${place.zip}` : `${place.city}, ${place.state}`,
  };
}

/**
 * services.near: the published services that reach a ZIP code or city, nearest first, and the
 * ones that ship there from farther away. A place the ZIP table does not know is a 404 that says
 * which (a 400 when what was typed cannot name a place); nothing a visitor types reaches more than a table lookup.
 */
export function findNear(deps: Pick<ServiceDeps, 'catalog' | 'now'>, query: NearQuery): NearResult {
  const found = deps.catalog.places.find(query.place);
  if ('problem' in found) throw found.malformed ? AppError.badRequest(found.problem, [{ path: 'place', message: found.problem }]) : new AppError('place_unknown', found.problem, { status: 404 });
  if (query.mealType && !deps.catalog.index.hasMealType(query.mealType)) throw AppError.notFound(`There is no meal type "${query.mealType}".`);
  const { local, nationwide, facets } = deps.catalog.index.near(found.place, query, (deps.now?.() ?? new Date()).getTime());
  return { place: nearPlace(deps, found.place), radius: query.radius, local, nationwide, ...(facets ? { facets } : {}) };
}

/** places.nearest: the ZIP code nearest a point ("Use my location"); 404 far from every US ZIP code. */
export function nearestPlace(deps: Pick<ServiceDeps, 'catalog'>, point: { latitude: number; longitude: number }): { zip: string; city: string; state: string } {
  const place = deps.catalog.places.nearestZip(point);
  if (!place?.zip) throw new AppError('place_unknown', 'That location is not near a US ZIP code.', { status: 404 });
  return { zip: place.zip, city: place.city, state: place.state };
}

/**
 * services.compare: the public listings of up to MAX_COMPARED slugs, in the order asked, each with
 * how far it is from `place` when one is given. A slug with no public listing (unknown, a draft, in
 * review) is answered alike as not available: which it is is never told.
 */
export function compareServices(deps: Pick<ServiceDeps, 'catalog'>, query: { s: string[]; place?: string }): CompareResult {
  const found = query.place ? deps.catalog.places.find(query.place) : null;
  const point = found && !('problem' in found) ? found.place : null;
  const items = query.s.map((slug) => {
    const service = deps.catalog.findPublic(slug);
    if (!service) return { slug, service: null };
    const miles = point ? Math.min(...service.locations.flatMap((l) => (l.point ? [milesBetween(point, l.point)] : []))) : Infinity;
    return { slug, service: { ...service, distanceMiles: Number.isFinite(miles) ? Math.round(miles * 10) / 10 : null } };
  });
  return { items, place: point ? nearPlace(deps, point) : null, placeProblem: found && 'problem' in found ? found.problem : null };
}
