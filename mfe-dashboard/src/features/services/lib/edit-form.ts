import type { EditableService, ServiceUpdate } from '@mealprep/contracts';
import type { FieldPath } from 'react-hook-form';
import { offerFieldOf, offerFormOf, offerOfForm, sameOffer, type OfferForm } from './offer-form';

/** The Edit Service form as the page holds it. */
export interface EditForm {
  name: string;
  slug: string;
  tagline: string;
  description: string;
  website: string;
  phone: string;
  email: string;
  /** Whether visitors may see the e-mail address (behind a button on the listing's page). */
  showEmail: boolean;
  localDelivery: boolean;
  pickup: boolean;
  shipsDomestically: boolean;
  shipsInternationally: boolean;
  /** How far local delivery reaches, in miles, as typed. */
  deliveryRadiusMiles: string;
  /** The main location's ZIP code. */
  postalCode: string;
  logoImageId: string | null;
  offer: OfferForm;
}

const mainLocation = (service: EditableService) => service.locations.find((l) => l.isPrimary) ?? service.locations[0];

export function formOf(service: EditableService): EditForm {
  return {
    name: service.name,
    slug: service.slug,
    tagline: service.tagline,
    description: service.description,
    website: service.contact.website,
    phone: service.contact.phone,
    email: service.contact.email,
    showEmail: service.contact.showEmail === true,
    ...service.deliveryMethods,
    deliveryRadiusMiles: String(service.deliveryRadiusMiles),
    postalCode: mainLocation(service)?.address.postalCode ?? '',
    logoImageId: service.media.logoImageId,
    offer: offerFormOf(service.offer),
  };
}

/** Only what changed is sent; `null` when nothing did. */
export function changesOf(form: EditForm, service: EditableService): ServiceUpdate | null {
  const changes: ServiceUpdate = {};
  if (form.name.trim() !== service.name) changes.name = form.name.trim();
  if (form.slug.trim() !== service.slug) changes.slug = form.slug.trim();
  if (form.tagline.trim() !== service.tagline) changes.tagline = form.tagline.trim();
  if (form.description.trim() !== service.description) changes.description = form.description.trim();
  const contact = { email: form.email.trim(), phone: form.phone.trim(), website: form.website.trim() };
  const showEmail = form.showEmail !== (service.contact.showEmail === true);
  if (contact.email !== service.contact.email || contact.phone !== service.contact.phone || contact.website !== service.contact.website || showEmail)
    changes.contact = showEmail ? { ...contact, showEmail: form.showEmail } : contact;
  const delivery = { localDelivery: form.localDelivery, pickup: form.pickup, shipsDomestically: form.shipsDomestically, shipsInternationally: form.shipsInternationally };
  if (Object.entries(delivery).some(([key, value]) => service.deliveryMethods[key as keyof typeof delivery] !== value)) changes.deliveryMethods = delivery;
  // An empty box is 0 miles, which the contract refuses under the field.
  if (form.deliveryRadiusMiles.trim() !== String(service.deliveryRadiusMiles)) changes.deliveryRadiusMiles = Number(form.deliveryRadiusMiles.trim());
  if (form.postalCode.trim() !== (mainLocation(service)?.address.postalCode ?? '')) changes.postalCode = form.postalCode.trim();
  if (form.logoImageId !== service.media.logoImageId) changes.media = { logoImageId: form.logoImageId };
  // The whole offer goes when any fact of it changed (the contract takes it whole).
  const offer = offerOfForm(form.offer);
  if (!sameOffer(offer, service.offer)) changes.offer = offer;
  return Object.keys(changes).length > 0 ? changes : null;
}

const DIRECT = new Set(['name', 'slug', 'tagline', 'description', 'deliveryRadiusMiles', 'postalCode']);
const CONTACT = new Set(['email', 'phone', 'website']);

/** The form's field that a problem with the update's body (services.update) comes from. */
export function editFieldOf(path: readonly PropertyKey[]): FieldPath<EditForm> | null {
  const [top, second] = path.map(String);
  if (top && DIRECT.has(top)) return top as keyof EditForm;
  if (top === 'offer') {
    const field = offerFieldOf(path.slice(1).map(String));
    return field ? `offer.${field}` : null;
  }
  if (top === 'contact' && second && CONTACT.has(second)) return second as keyof EditForm;
  return null;
}
