import type { PublicService, ServiceStatus } from '@mealprep/contracts';
import { ALLERGEN_FRIENDLY_OPTIONS, WEEKDAYS } from '@mealprep/contracts/browser';
import { demoId } from './ids';
import { demoPhotosOf } from './photos';
import { PLACES } from './places';
import { demoRatingOf, demoReviewsOf, type DemoReview } from './reviews';

const FIRST = ['Green', 'Golden', 'Simple', 'Fresh', 'Honest', 'Urban', 'Prairie', 'Harbor', 'Sunny', 'Maple', 'Copper', 'Wild', 'Little', 'True', 'Bright', 'Humble', 'Coastal', 'Cedar'];
const SECOND = ['Fork', 'Table', 'Spoon', 'Plate', 'Pantry', 'Kettle', 'Harvest', 'Skillet', 'Basket', 'Sprout', 'Ladle', 'Oven'];
const THIRD = ['Kitchen', 'Meal Prep', 'Meals', 'Prep Co.', 'Eats', 'Provisions'];

const MEAL_TYPES = ['keto', 'paleo', 'vegan', 'vegetarian', 'gluten-free', 'high-protein', 'low-carb', 'whole30', 'mediterranean', 'dairy-free', 'family-meals', 'weight-loss'];

const TAGLINES = [
  'Chef-made meals, portioned and ready when you are',
  'Weekly meal plans cooked fresh every Sunday',
  'Macro-friendly meals delivered to your door',
  'Home-style cooking without the dishes',
  'Real food, prepped locally, delivered cold',
  'Plans for athletes, families and busy weeks',
];

const OPENERS = [
  'is a small team of cooks who prep a rotating menu every week',
  'started in a shared commercial kitchen and now feeds hundreds of neighbours each week',
  'cooks from scratch with produce from nearby farms',
  'builds each menu with a registered dietitian',
];

/** A demo service as stored (the public fields plus owner and submission metadata). */
export type DemoService = Omit<PublicService, 'claimable'> & {
  ownerUserId: string | null;
  metadata: { submittedVia: string; yearsInBusiness: string };
};

const COUNT = 72;
const DAY = 86_400_000;

/**
 * A well-mixed number for service `i` and a field (`salt`): fields drawn with it do not repeat in
 * step with each other, so no two services share every fact (plain `i % n` patterns did).
 */
export function vary(i: number, salt: number): number {
  let h = Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(salt + 7, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h ^= h >>> 12;
  return h >>> 0;
}

function pick<T>(list: readonly T[], index: number): T {
  return list[index % list.length] as T;
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function statusOf(i: number): ServiceStatus {
  if (i === 5 || i === 31 || i === 58) return 'closed';
  if (i === 12) return 'pending';
  return 'published';
}

/**
 * The fictional catalogue loaded on first start: 72 services in 31 cities over 20 states and DC,
 * every meal type, some shipping nationwide, some featured (relative to `now`), some closed, and
 * logos on two in three. Names, numbers and addresses are invented; websites use example.com.
 */
export function demoServices(now: Date = new Date()): DemoService[] {
  const services: DemoService[] = [];
  const used = new Set<string>();
  for (let i = 0; i < COUNT; i++) {
    let name = `${pick(FIRST, i * 7)} ${pick(SECOND, i * 5 + Math.floor(i / 12))} ${pick(THIRD, i)}`;
    if (used.has(name)) name = `${name} ${pick(PLACES, i).city}`;
    used.add(name);
    const slug = slugify(name);
    const place = pick(PLACES, i * 3);
    const status = statusOf(i);
    const created = new Date(now.getTime() - (400 - i * 5) * DAY).toISOString();
    const mealTypes = [pick(MEAL_TYPES, i), pick(MEAL_TYPES, vary(i, 1)), pick(MEAL_TYPES, vary(i, 2))].filter((v, k, all) => all.indexOf(v) === k).slice(0, 1 + (vary(i, 3) % 3));
    const ships = i % 9 === 0;
    const featured = status === 'published' && i % 11 === 1;
    services.push({
      id: demoId('service', slug),
      name,
      slug,
      tagline: pick(TAGLINES, i),
      description: `${name} ${pick(OPENERS, i)} in ${place.city}, ${place.state}. Choose from ${5 + (i % 6)} dishes a week, cooked fresh and packed to reheat.`,
      defaultCurrency: 'USD',
      languages: ['en'],
      mealTypes,
      status,
      featuredUntil: featured ? new Date(now.getTime() + (30 + i) * DAY).toISOString() : null,
      createdAt: created,
      updatedAt: created,
      publishedAt: status === 'published' || status === 'closed' ? created : null,
      deliveryMethods: { localDelivery: i % 4 !== 3, pickup: i % 3 === 0, shipsDomestically: ships, shipsInternationally: false },
      deliveryRadiusMiles: pick([15, 10, 25, 15, 40], i),
      contact: {
        email: `hello@${slug}.example.com`,
        phone: `(555) 01${String(i % 100).padStart(2, '0')}-${String(1000 + i * 37).slice(-4)}`,
        website: `https://${slug}.example.com`,
        socialLinks: i % 2 === 0 ? [`https://www.instagram.com/${slug.replace(/-/g, '')}`] : [],
      },
      locations: [
        {
          label: 'Kitchen',
          address: { line1: `${100 + i * 17} ${pick(['Main', 'Oak', 'Market', 'Pine', 'Elm', 'Lake'], i)} St`, city: place.city, region: place.state, postalCode: place.postalCode, countryCode: 'US' },
          isPrimary: true,
          // The catalogue finds it from the ZIP code when it seeds.
          point: null,
        },
      ],
      media: (() => {
        const photos = demoPhotosOf(i, slug).map(({ pictureKey: _picture, ...photo }) => photo);
        return { logoImageId: i % 3 === 2 ? null : `logo-${slug}`, photos, coverPhotoId: photos[0]?.id ?? null };
      })(),
      offer: demoOffer(i, slug),
      rating: demoRatingOf(demoReviewsOf(i, slug, created, status === 'published' || status === 'closed', now)),
      ownerUserId: null,
      metadata: { submittedVia: 'import', yearsInBusiness: pick(['Just getting started', '3-6 months', '1-2 years', '3+ years'], vary(i, 4)) },
    });
  }
  return services;
}

/** The facts of a demo service's offer: one in six has said none of them. */
function demoOffer(i: number, slug: string): PublicService['offer'] {
  if (i % 6 === 5) return { pricePerMeal: null, plans: null, pauseAnyTime: null, deliveryDays: [], orderCutoff: null, minimumOrderMeals: null, allergenFriendly: [], menuUrl: '' };
  const low = 8 + (vary(i, 5) % 7) + (vary(i, 6) % 2 === 1 ? 0.5 : 0);
  const plans = pick(['subscription', 'both', 'one-off', 'both'] as const, vary(i, 7));
  const deliveryDays = pick([['sun'], ['sun', 'wed'], ['mon', 'thu'], ['tue', 'fri'], ['mon', 'wed', 'fri']] as const, vary(i, 8));
  // Orders close three days before the first delivery day, at 6 pm.
  const firstDay = WEEKDAYS.indexOf(deliveryDays[0]);
  return {
    pricePerMeal: { low, high: low + 2 + (vary(i, 9) % 5) },
    plans,
    pauseAnyTime: plans === 'one-off' ? null : vary(i, 10) % 5 !== 4,
    deliveryDays: WEEKDAYS.filter((day) => (deliveryDays as readonly string[]).includes(day)),
    orderCutoff: { day: WEEKDAYS[(firstDay + 4 + (vary(i, 11) % 2)) % 7]!, hour: pick([12, 18, 20], vary(i, 12)) },
    minimumOrderMeals: pick([null, 5, 6, 8, 10, 12], vary(i, 13)),
    allergenFriendly: ALLERGEN_FRIENDLY_OPTIONS.filter((_, k) => vary(i, 20 + k) % 3 === 0),
    menuUrl: `https://${slug}.example.com/menu`,
  };
}

/** The published reviews of the demo services (the ratings demoServices gives are theirs). */
export function demoReviews(now: Date): DemoReview[] {
  return demoServices(now).flatMap((service, i) => demoReviewsOf(i, service.slug, service.createdAt, service.status === 'published' || service.status === 'closed', now));
}

/** Logos svc-media draws at first start, one per demo service that has one. */
export function demoLogos(): Array<{ id: string; name: string }> {
  return demoServices(new Date(0))
    .filter((s) => s.media.logoImageId)
    .map((s) => ({ id: s.media.logoImageId as string, name: s.name }));
}
