import { OfferInputSchema, type Offer } from '@mealprep/contracts';
import type { AllergenFriendly, PlanKind, Weekday } from '@mealprep/contracts/browser';

/** The facts of the offer as the owner's and the admin's forms hold them (text as typed, '' for not said). */
export interface OfferForm {
  priceLow: string;
  priceHigh: string;
  plans: PlanKind | '';
  pauseAnyTime: '' | 'yes' | 'no';
  deliveryDays: Weekday[];
  cutoffDay: Weekday | '';
  /** The hour, 0–23, as the select gives it. */
  cutoffHour: string;
  minimumOrder: string;
  allergenFriendly: AllergenFriendly[];
  menuUrl: string;
}

export const EMPTY_OFFER_FORM: OfferForm = {
  priceLow: '',
  priceHigh: '',
  plans: '',
  pauseAnyTime: '',
  deliveryDays: [],
  cutoffDay: '',
  cutoffHour: '',
  minimumOrder: '',
  allergenFriendly: [],
  menuUrl: '',
};

const price = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));

export function offerFormOf(offer: Offer): OfferForm {
  return {
    priceLow: offer.pricePerMeal ? price(offer.pricePerMeal.low) : '',
    priceHigh: offer.pricePerMeal ? price(offer.pricePerMeal.high) : '',
    plans: offer.plans ?? '',
    pauseAnyTime: offer.pauseAnyTime === null ? '' : offer.pauseAnyTime ? 'yes' : 'no',
    deliveryDays: [...offer.deliveryDays],
    cutoffDay: offer.orderCutoff?.day ?? '',
    cutoffHour: offer.orderCutoff ? String(offer.orderCutoff.hour) : '',
    minimumOrder: offer.minimumOrderMeals === null ? '' : String(offer.minimumOrderMeals),
    allergenFriendly: [...offer.allergenFriendly],
    menuUrl: offer.menuUrl,
  };
}

/** Typed text as a number for the contract to judge ('' is not said; "abc" is NaN, which it refuses under the field). */
const typed = (text: string) => (text.trim() === '' ? null : Number(text.trim().replace(/^\$/, '')));

/** The form's facts as the contract takes them: one price alone is both ends; a cutoff needs its day and its hour. */
export function offerOfForm(form: OfferForm): Offer {
  const low = typed(form.priceLow);
  const high = typed(form.priceHigh);
  return {
    pricePerMeal: low === null && high === null ? null : { low: low ?? high!, high: high ?? low! },
    plans: form.plans || null,
    pauseAnyTime: form.pauseAnyTime === '' ? null : form.pauseAnyTime === 'yes',
    // A checkbox group with one box ticked may come back as that value alone.
    deliveryDays: [form.deliveryDays].flat().filter(Boolean),
    orderCutoff: form.cutoffDay && form.cutoffHour !== '' ? { day: form.cutoffDay, hour: Number(form.cutoffHour) } : null,
    minimumOrderMeals: typed(form.minimumOrder),
    allergenFriendly: [form.allergenFriendly].flat().filter(Boolean),
    menuUrl: form.menuUrl.trim(),
  };
}

/** The offer's field that a problem with the body's `offer` (its path after "offer") comes from. */
export function offerFieldOf(path: readonly string[]): keyof OfferForm | null {
  const [top, second] = path;
  if (top === 'pricePerMeal') return second === 'high' ? 'priceHigh' : 'priceLow';
  if (top === 'orderCutoff') return 'cutoffHour';
  if (top === 'minimumOrderMeals') return 'minimumOrder';
  if (top === 'menuUrl' || top === 'plans' || top === 'deliveryDays' || top === 'allergenFriendly' || top === 'pauseAnyTime') return top;
  return null;
}

/** Whether the form's facts say what the listing says, once the contract has put them in its order (one it refuses is a change, for the contract to explain). */
export function sameOffer(offer: Offer, stored: Offer): boolean {
  const checked = OfferInputSchema.safeParse(offer);
  return checked.success && JSON.stringify(checked.data) === JSON.stringify(stored);
}
