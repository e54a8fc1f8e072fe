import { vary } from './services';
const DAY = 86_400_000;

const NAMES = ['Dana R.', 'Eli', 'Marisol', 'Sam K.', 'Priya', 'Jordan', 'Aiko', 'Marcus T.', 'Lena', 'Chris'];
/** Ratings as customers of a well-run service give them: mostly fours and fives, the odd bad week. */
const RATINGS = [5, 4, 5, 3, 4, 5, 2, 4, 5, 4];
const TEXTS = [
  'The meals arrive cold and well packed every week, and the portions keep me full until dinner.',
  'Good food and easy to pause when we travel. The menu could change more often.',
  'Best chicken bowls in town. Delivery was late once, but they answered my email the same day.',
  'Great for busy weeks: I heat one up in three minutes and it still tastes fresh.',
  'The macros are accurate and the sauces are the best part. Pricey, but worth it for me.',
  'Two of my meals were missing one week. They refunded them, but it was annoying.',
  'Our family orders the family trays every Sunday. The kids love the pasta bake.',
  'Simple, honest food. I wish there were more vegetarian choices.',
];

/** A published review of a demo service, as svc-catalog seeds it. */
export interface DemoReview {
  serviceSlug: string;
  userId: string;
  name: string;
  rating: number;
  text: string;
  createdAt: string;
}

/** The reviews of the demo service number `i` (none for one in four, and none unless public), a week apart after it was made. */
export function demoReviewsOf(i: number, slug: string, createdAt: string, isPublic: boolean, now: Date): DemoReview[] {
  if (!isPublic || i % 4 === 0) return [];
  const count = 1 + (vary(i, 30) % 9);
  const start = Date.parse(createdAt);
  return Array.from({ length: count }, (_, k) => ({
    serviceSlug: slug,
    userId: `demo-reviewer-${(i + k * 3) % 40}`,
    name: NAMES[(i + k) % NAMES.length]!,
    rating: RATINGS[(vary(i, 31) + k) % RATINGS.length]!,
    text: TEXTS[(i + k * 5) % TEXTS.length]!,
    createdAt: new Date(Math.min(start + (k + 1) * 7 * DAY, now.getTime() - (k + 1) * DAY)).toISOString(),
  })).filter((review, k, all) => all.findIndex((other) => other.userId === review.userId) === k);
}

/** The average (one decimal) and count of reviews. */
export function demoRatingOf(reviews: readonly DemoReview[]): { average: number | null; count: number } {
  if (reviews.length === 0) return { average: null, count: 0 };
  return { average: Math.round((reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length) * 10) / 10, count: reviews.length };
}
