// No zod here: the browser imports these through '@mealprep/contracts/browser'.

/** The distances a visitor may search within, in miles. */
export const NEAR_RADII = [5, 10, 25, 50, 100] as const;
export type NearRadius = (typeof NEAR_RADII)[number];
export const DEFAULT_NEAR_RADIUS: NearRadius = 25;
/** How far an owner delivers when they have not said (miles), and the most they may say. */
export const DEFAULT_DELIVERY_RADIUS_MILES = 15;
export const MAX_DELIVERY_RADIUS_MILES = 500;
/** How a service reaches a visitor: it delivers there, has pickup nearby, ships there, or is only based nearby. */
export const NEAR_REACHES = ['delivers', 'pickup', 'ships', 'nearby'] as const;
export type NearReach = (typeof NEAR_REACHES)[number];
/** The `delivery` filter of a near-me search: only services that reach the place that way. */
export const NEAR_DELIVERY_FILTERS = ['delivers', 'pickup', 'ships'] as const;
export type NearDeliveryFilter = (typeof NEAR_DELIVERY_FILTERS)[number];
/** The longest place a visitor may type (a ZIP code or "City, ST"). */
export const MAX_PLACE_QUERY = 100;
/** A US ZIP code as the forms take it. */
export const ZIP_CODE_PATTERN = /^\d{5}$/;

/** "4.2 mi": a distance as cards show it. */
export function formatMiles(miles: number): string {
  return `${miles < 10 ? miles.toFixed(1) : Math.round(miles).toString()} mi`;
}

/** How many other services "Also near {city}" shows on a service's page. */
export const NEARBY_SERVICES_COUNT = 6;
/** How far "Also near {city}" looks for them. */
export const NEARBY_MAX_MILES = 100;

/** The shapes of the states for the map of states (drawn by the gateway from us-atlas): <use href="{this}#texas">. */
export const US_STATE_SHAPES_PATH = '/maps/us-states.svg';
