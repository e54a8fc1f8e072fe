import type { PublicService } from '@mealprep/contracts';
import { CLAIM_LINK_TEXT, CLAIM_PROMPT, claimPath } from '@mealprep/contracts/browser';
import { useRef, type ReactNode } from 'react';
import { Link } from '@mealprep/router';
import { useEarlyClick } from '@mealprep/ui';
import { serverMessage } from '@mealprep/api-client';
import { reportInsight } from '../../../lib/insights';
import { useRevealEmail } from '../api/contact-email';
import { displayUrl, mailtoHref, telHref, withReferralParams } from '../../../lib/outbound';
import { slugify } from '../../../lib/text';
import { RatingSummaryLine } from './rating-stars';
import { ClosedNotice } from './closed-notice';
import { OfferFacts } from './offer-facts';
import { PhotoGallery } from './photo-gallery';
import { ServiceLogo } from './service-logo';
import { ShareLinks } from './share-links';

const DELIVERY_LABELS = {
  localDelivery: 'Local Delivery',
  pickup: 'Pickup Available',
  shipsDomestically: 'Ships Nationwide',
  shipsInternationally: 'Ships Internationally',
} as const;

const link = 'font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-950 dark:text-emerald-300 dark:hover:text-emerald-200';

export const SHOW_EMAIL_TEXT = 'Show e-mail address';

/**
 * The listing's e-mail address when its owner shows it: a button that asks for it (no page's HTML
 * or API answer carries it, so crawlers that harvest addresses find none), then the address to write to.
 */
export function RevealedEmail({ serviceId }: { serviceId: string }) {
  const reveal = useRevealEmail(serviceId);
  const asked = useRef(false);
  const ask = () => {
    if (asked.current) return;
    asked.current = true;
    reveal.mutate(undefined, { onError: () => (asked.current = false) });
  };
  // A click made while the page still loads its scripts is answered once the app runs.
  const earlyClick = useEarlyClick('show-email', ask);
  const href = reveal.data ? mailtoHref(reveal.data.email) : null;
  if (reveal.data && href)
    return (
      <a href={href} className={link} onClick={() => reportInsight({ metric: 'email', serviceIds: [serviceId] })}>
        {reveal.data.email}
      </a>
    );
  return (
    <>
      <button type="button" className={link} disabled={reveal.isPending} {...earlyClick} onClick={ask}>
        {SHOW_EMAIL_TEXT}
      </button>
      {reveal.isError ? (
        <span role="alert" className="ml-2 text-sm text-red-700 dark:text-red-300">
          {serverMessage(reveal.error) ?? 'That did not work. Try again in a moment.'}
        </span>
      ) : null}
    </>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-gray-200 p-5 dark:border-gray-700">
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

export interface ServiceDetailsProps {
  service: PublicService;
  /** Absolute canonical URL of this page, for the share links. */
  pageUrl: string;
  /** Renders the meal type links (names come from another area). */
  renderMealTypes: (slugs: string[]) => ReactNode;
  /** The page of the service's city, when it has one. */
  cityHref?: string;
}

export function ServiceDetails({ service, pageUrl, renderMealTypes, cityHref }: ServiceDetailsProps) {
  const location = service.locations.find((l) => l.isPrimary) ?? service.locations[0];
  const city = location?.address.city ?? '';
  const stateName = location?.address.region ?? '';
  const delivery = (Object.keys(DELIVERY_LABELS) as (keyof typeof DELIVERY_LABELS)[]).filter((key) => service.deliveryMethods[key]);
  const website = withReferralParams(service.contact.website);
  const phone = telHref(service.contact.phone);
  const email = mailtoHref(service.contact.email);
  // Public answers leave the address out; an owner who shows it has it fetched by a button.
  const revealable = !email && service.contact.showEmail === true;

  return (
    <article className="flex flex-col gap-8">
      {service.status === 'closed' ? <ClosedNotice serviceId={service.id} /> : null}
      <header className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <ServiceLogo
          name={service.name}
          logoImageId={service.media.logoImageId}
          size="card"
          px={160}
          lazy={false}
          alt={`${service.name} logo`}
          className="border border-gray-200 dark:border-gray-700"
        />
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{service.name}</h1>
          {service.tagline ? <p className="mt-2 text-lg text-gray-700 dark:text-gray-200">{service.tagline}</p> : null}
          <a href="#reviews" className="mt-2 inline-block hover:underline">
            <RatingSummaryLine rating={service.rating} />
          </a>
        </div>
      </header>

      <PhotoGallery media={service.media} name={service.name} />

      <div className="grid gap-8 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          {service.description ? (
            <section>
              <h2 className="mb-3 text-xl font-semibold">About {service.name}</h2>
              <p className="whitespace-pre-line leading-relaxed text-gray-800 dark:text-gray-200">{service.description}</p>
            </section>
          ) : null}
          <OfferFacts offer={service.offer} />
          {service.mealTypes.length ? (
            <section>
              <h2 className="mb-3 text-xl font-semibold">Meal Types</h2>
              {renderMealTypes(service.mealTypes)}
            </section>
          ) : null}
          <section>
            <h2 className="mb-3 text-xl font-semibold">Share</h2>
            <ShareLinks url={pageUrl} title={service.name} />
          </section>
        </div>

        <div className="flex flex-col gap-4">
          {delivery.length ? (
            <Panel title="Delivery Methods">
              <ul className="list-inside list-disc text-gray-800 dark:text-gray-200">
                {delivery.map((key) => (
                  <li key={key}>{DELIVERY_LABELS[key]}</li>
                ))}
              </ul>
            </Panel>
          ) : null}
          {city || stateName ? (
            <Panel title="Location">
              <p className="text-gray-800 dark:text-gray-200">
                {city && cityHref ? (
                  <Link to={cityHref} className={link}>
                    {city}
                  </Link>
                ) : (
                  city
                )}
                {city && stateName ? ', ' : null}
                {stateName && slugify(stateName) ? (
                  <Link to={`/state/${slugify(stateName)}`} className={link}>
                    {stateName}
                  </Link>
                ) : (
                  stateName
                )}
              </p>
            </Panel>
          ) : null}
          {phone || email || revealable || website ? (
            <Panel title="Contact">
              <ul className="flex flex-col gap-2 break-words">
                {phone ? (
                  <li>
                    <span className="text-gray-600 dark:text-gray-300">Phone: </span>
                    <a href={phone} className={link} onClick={() => reportInsight({ metric: 'phone', serviceIds: [service.id] })}>
                      {service.contact.phone}
                    </a>
                  </li>
                ) : null}
                {email ? (
                  <li>
                    <span className="text-gray-600 dark:text-gray-300">Email: </span>
                    <a href={email} className={link} onClick={() => reportInsight({ metric: 'email', serviceIds: [service.id] })}>
                      {service.contact.email.trim()}
                    </a>
                  </li>
                ) : revealable ? (
                  <li>
                    <span className="text-gray-600 dark:text-gray-300">Email: </span>
                    <RevealedEmail serviceId={service.id} />
                  </li>
                ) : null}
                {website ? (
                  <li>
                    <span className="text-gray-600 dark:text-gray-300">Website: </span>
                    <a href={website} target="_blank" rel="noopener" className={link} onClick={() => reportInsight({ metric: 'website', serviceIds: [service.id] })}>
                      {displayUrl(service.contact.website)}
                    </a>
                  </li>
                ) : null}
              </ul>
            </Panel>
          ) : null}
          {service.claimable ? (
            <p className="rounded-lg border border-dashed border-gray-300 p-4 text-sm text-gray-700 dark:border-gray-600 dark:text-gray-200">
              {CLAIM_PROMPT}{' '}
              <Link to={claimPath(service.id)} className={link}>
                {CLAIM_LINK_TEXT}
              </Link>
            </p>
          ) : null}
        </div>
      </div>
    </article>
  );
}
