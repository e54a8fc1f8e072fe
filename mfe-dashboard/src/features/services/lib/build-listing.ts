import type { ServiceInsertInput } from '@mealprep/contracts';
import type { FieldPath } from 'react-hook-form';
import { EMPTY_OFFER_FORM, offerFieldOf, offerOfForm, type OfferForm } from './offer-form';
import { DEFAULT_DELIVERY_RADIUS_MILES, slugify, type HOW_DID_YOU_FIND_US_OPTIONS, type ORDERS_PER_WEEK_OPTIONS, type YEARS_IN_BUSINESS_OPTIONS } from '@mealprep/contracts/browser';

type Option<T extends readonly string[]> = T[number] | '';

/** The owner submission form as the page holds it (spec §3). */
export interface OwnerForm {
  email: string;
  name: string;
  businessName: string;
  tagline: string;
  description: string;
  yearsInBusiness: Option<typeof YEARS_IN_BUSINESS_OPTIONS>;
  yearsInBusinessOther: string;
  hasWebsite: '' | 'YES' | 'NO';
  website: string;
  instagramHandle: string;
  facebookUrl: string;
  street: string;
  city: string;
  state: string;
  country: string;
  postalCode: string;
  /** How far local delivery reaches, in miles, as typed. */
  deliveryRadiusMiles: string;
  phone: string;
  selectedMealTypes: string[];
  recurringMealPlans: '' | 'YES' | 'NO';
  homeDelivery: '' | 'YES' | 'NO';
  shipping: '' | 'YES' | 'NO';
  ordersPerWeek: Option<typeof ORDERS_PER_WEEK_OPTIONS>;
  onlinePayment: '' | 'YES' | 'NO';
  logoMediaId: string | null;
  howDidYouFindUs: Option<typeof HOW_DID_YOU_FIND_US_OPTIONS>;
  howDidYouFindUsOther: string;
  termsAccepted: boolean;
  offer: OfferForm;
}

export const EMPTY_OWNER_FORM: OwnerForm = {
  email: '',
  name: '',
  businessName: '',
  tagline: '',
  description: '',
  yearsInBusiness: '',
  yearsInBusinessOther: '',
  hasWebsite: '',
  website: '',
  instagramHandle: '',
  facebookUrl: '',
  street: '',
  city: '',
  state: '',
  country: 'US',
  postalCode: '',
  deliveryRadiusMiles: String(DEFAULT_DELIVERY_RADIUS_MILES),
  phone: '',
  selectedMealTypes: [],
  recurringMealPlans: '',
  homeDelivery: '',
  shipping: '',
  ordersPerWeek: '',
  onlinePayment: '',
  logoMediaId: null,
  howDidYouFindUs: '',
  howDidYouFindUsOther: '',
  termsAccepted: false,
  offer: EMPTY_OFFER_FORM,
};

/** A leading @ becomes a profile URL, an http value is kept, anything else is prefixed to one. */
export function instagramUrl(handle: string): string {
  const value = handle.trim();
  if (!value) return '';
  if (/^https?:\/\//i.test(value)) return value;
  return `https://www.instagram.com/${value.replace(/^@/, '')}`;
}

/** An http value is kept, anything else is prefixed to a profile URL. */
export function facebookUrl(value: string): string {
  const trimmed = value.trim();
  if (!trimmed) return '';
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  return `https://www.facebook.com/${trimmed.replace(/^@/, '')}`;
}

/** A website typed without its scheme gets https://. */
export function websiteUrl(value: string): string {
  const trimmed = value.trim();
  if (!trimmed) return '';
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** What keeps the submit button disabled, besides a submission or meal types in progress. */
export function missingRequired(form: OwnerForm): boolean {
  return !form.businessName.trim() || !form.email.trim() || !form.name.trim() || !form.termsAccepted;
}

/** The form as services.insert takes it, with the owner form's rules of spec §5 and defaults of §9. */
export function buildListing(form: OwnerForm): ServiceInsertInput {
  const hasWebsite = form.hasWebsite === 'YES';
  const social = hasWebsite ? [] : [instagramUrl(form.instagramHandle), facebookUrl(form.facebookUrl)].filter(Boolean);
  const hasLocation = Boolean(form.street.trim() || form.city.trim() || form.state.trim() || form.postalCode.trim());
  return {
    name: form.businessName.trim(),
    slug: slugify(form.businessName),
    tagline: form.tagline.trim(),
    description: form.description.trim(),
    defaultCurrency: 'USD',
    languages: ['en'],
    mealTypes: form.selectedMealTypes,
    deliveryMethods: {
      localDelivery: form.homeDelivery === 'YES',
      pickup: false,
      shipsDomestically: form.shipping === 'YES',
      shipsInternationally: false,
    },
    // An empty box is 0 miles, which the contract refuses under the field.
    deliveryRadiusMiles: Number(form.deliveryRadiusMiles.trim()),
    contact: {
      email: form.email.trim(),
      phone: form.phone.trim(),
      website: hasWebsite ? websiteUrl(form.website) : '',
      socialLinks: social,
    },
    locations: hasLocation
      ? [
          {
            label: '',
            address: { line1: form.street.trim(), city: form.city.trim(), region: form.state, postalCode: form.postalCode.trim(), countryCode: 'US' },
            isPrimary: true,
          },
        ]
      : [],
    media: { logoImageId: form.logoMediaId },
    offer: offerOfForm(form.offer),
    status: 'draft',
    metadata: {
      ownerName: form.name.trim(),
      yearsInBusiness: form.yearsInBusiness,
      yearsInBusinessOther: form.yearsInBusiness === 'Other' ? form.yearsInBusinessOther.trim() : '',
      recurringMealPlans: form.recurringMealPlans,
      ordersPerWeek: form.ordersPerWeek,
      onlinePayment: form.onlinePayment,
      howDidYouFindUs: form.howDidYouFindUs,
      howDidYouFindUsOther: form.howDidYouFindUs === 'Other' ? form.howDidYouFindUsOther.trim() : '',
      hasWebsite: form.hasWebsite,
      termsAccepted: true,
      submittedVia: 'dashboard',
    },
  };
}

const ADDRESS_FIELDS: Record<string, keyof OwnerForm> = { line1: 'street', city: 'city', region: 'state', postalCode: 'postalCode' };
const METADATA_FIELDS: Record<string, keyof OwnerForm> = {
  ownerName: 'name',
  termsAccepted: 'termsAccepted',
  yearsInBusinessOther: 'yearsInBusinessOther',
  howDidYouFindUsOther: 'howDidYouFindUsOther',
};
const CONTACT_FIELDS: Record<string, keyof OwnerForm> = { email: 'email', phone: 'phone', website: 'website' };

/** The owner form's field that a problem with the listing's body (services.insert) comes from. */
export function ownerFieldOf(path: readonly PropertyKey[], form: OwnerForm): FieldPath<OwnerForm> | null {
  const [top, second, third, fourth] = path.map(String);
  if (top === 'offer') {
    const field = offerFieldOf(path.slice(1).map(String));
    return field ? `offer.${field}` : null;
  }
  if (top === 'name' || top === 'slug') return 'businessName';
  if (top === 'tagline' || top === 'description' || top === 'deliveryRadiusMiles' || top === 'postalCode') return top;
  if (top === 'metadata') return METADATA_FIELDS[second ?? ''] ?? null;
  if (top === 'locations' && third === 'address') return ADDRESS_FIELDS[fourth ?? ''] ?? null;
  if (top === 'contact' && second === 'socialLinks') return third === '0' && instagramUrl(form.instagramHandle) ? 'instagramHandle' : 'facebookUrl';
  if (top === 'contact') return CONTACT_FIELDS[second ?? ''] ?? null;
  return null;
}
