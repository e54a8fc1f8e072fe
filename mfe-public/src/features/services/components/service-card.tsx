import type { ServiceCard as ServiceCardData } from '@mealprep/contracts';
import type { ReactNode } from 'react';
import { Link } from '@mealprep/router';
import { humanizeSlug } from '../../../lib/text';
import { RatingSummaryLine } from './rating-stars';
import { CompareToggle } from './compare-tray';
import { PhotoPicture } from './photo-picture';
import { ServiceLogo } from './service-logo';

export const MAX_CARD_MEAL_TYPES = 3;

export interface ServiceCardProps {
  service: ServiceCardData;
  /** Display name of a meal type slug; the slug made readable when not given. */
  labelForMealType?: (slug: string) => string;
  /** A line under the place (near-me results: how far, and how it reaches the visitor). */
  note?: ReactNode;
  /** On the first screen: its cover is fetched at once (the rest wait until they are scrolled near). */
  coverPriority?: boolean;
}

const badge = 'rounded-full px-2.5 py-0.5 text-xs font-semibold';

export function ServiceCard({ service, labelForMealType = humanizeSlug, note, coverPriority = false }: ServiceCardProps) {
  const place = [service.city, service.state].filter(Boolean).join(', ');
  return (
    <article className="relative flex h-full flex-col gap-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-emerald-600 hover:shadow-md dark:border-gray-700 dark:bg-gray-900">
      {service.cover ? (
        // The card's link names it: the cover is decoration beside the name (empty alt).
        <PhotoPicture
          photo={service.cover}
          alt=""
          sizes="(min-width: 1024px) 320px, (min-width: 640px) 50vw, 100vw"
          maxWidth={640}
          priority={coverPriority}
          className="-mx-5 -mt-5 aspect-[4/3] h-auto w-[calc(100%+2.5rem)] max-w-none rounded-t-xl bg-gray-100 object-cover dark:bg-gray-800"
        />
      ) : null}
      <div className="flex items-start gap-4">
        <ServiceLogo name={service.name} logoImageId={service.logoImageId} size="thumb" px={64} />
        <div className="min-w-0 flex-1">
          <h3 className="text-lg font-semibold leading-snug">
            {/* The stretched link makes the whole card clickable with one link name. */}
            <Link
              to={`/service/${encodeURIComponent(service.slug)}`}
              className="text-gray-900 after:absolute after:inset-0 after:content-[''] hover:text-emerald-800 focus-visible:outline-none dark:text-gray-50 dark:hover:text-emerald-300"
            >
              {service.name}
            </Link>
          </h3>
          {place ? <p className="mt-0.5 text-sm text-gray-600 dark:text-gray-300">{place}</p> : null}
          {note ? <p className="mt-0.5 text-sm font-medium text-emerald-800 dark:text-emerald-300">{note}</p> : null}
          <div className="mt-1">
            <RatingSummaryLine rating={service.rating} quietWhenNone />
          </div>
        </div>
      </div>
      {service.tagline ? <p className="text-sm text-gray-700 dark:text-gray-200">{service.tagline}</p> : null}
      <div className="mt-auto flex flex-wrap items-center gap-2">
        <CompareToggle item={{ slug: service.slug, name: service.name }} />
        {service.featured ? <span className={`${badge} bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50`}>Featured</span> : null}
        {service.shipsDomestically ? <span className={`${badge} bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-50`}>Ships nationwide</span> : null}
      </div>
      {service.mealTypes.length ? (
        <ul aria-label="Meal types" className="flex flex-wrap gap-2">
          {service.mealTypes.slice(0, MAX_CARD_MEAL_TYPES).map((slug) => (
            <li key={slug} className="rounded-md bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-800 dark:bg-gray-800 dark:text-gray-100">
              {labelForMealType(slug)}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
