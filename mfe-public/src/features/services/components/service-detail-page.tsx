import { isNotFound } from '@mealprep/api-client';
import type { PublicService } from '@mealprep/contracts';
import { galleryOrder, imageUrl } from '@mealprep/contracts/browser';
import { buttonClassName, ErrorState, Loading, usePageMeta } from '@mealprep/ui';
import type { ReactNode } from 'react';
import { Link } from '@mealprep/router';
import { useInsightReport } from '../../../lib/insights';
import { breadcrumbList, foodEstablishment, sharePhotoUrl, StructuredData, useSiteOrigin } from '../../../lib/structured-data';
import { cityPath, useNearby } from '../api/get-nearby';
import { isPossibleServiceSlug, useService } from '../api/get-service';
import { ReviewsSection } from './reviews-section';
import { useReviews } from '../api/reviews';
import { usePageParam } from '../../../lib/use-page-param';
import { AlsoNear } from './also-near';
import { ServiceDetails } from './service-details';

/** The page of a listing that is not (or no longer) public: a 404, not indexed. */
export function ServiceNotFound() {
  usePageMeta({ title: 'Service Not Found', noindex: true, notFound: true });
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Service Not Found</h1>
      <p className="mt-4 text-gray-600 dark:text-gray-300">The service you're looking for doesn't exist or is no longer listed.</p>
      <Link to="/" className={buttonClassName({ className: 'mt-8' })}>
        Return to Home
      </Link>
    </section>
  );
}

export interface ServiceDetailPageProps {
  slug: string;
  renderMealTypes: (slugs: string[]) => ReactNode;
  /** Names meal types on the cards of "Also near". */
  labelForMealType?: (slug: string) => string;
  /** The listing's "Request a quote" (another feature's, composed by the page). */
  renderQuote?: (service: PublicService) => ReactNode;
}

export function ServiceDetailPage({ slug, renderMealTypes, labelForMealType, renderQuote }: ServiceDetailPageProps) {
  const { data, error, isError, isFetching, refetch } = useService(slug);
  if (!isPossibleServiceSlug(slug) || isNotFound(error)) return <ServiceNotFound />;
  if (isError && !isFetching) return <ErrorState onRetry={() => void refetch()} />;
  if (!data) return <Loading />;
  return <LoadedService service={data} renderMealTypes={renderMealTypes} labelForMealType={labelForMealType} renderQuote={renderQuote} />;
}

function LoadedService({ service, renderMealTypes, labelForMealType, renderQuote }: { service: PublicService } & Pick<ServiceDetailPageProps, 'renderMealTypes' | 'labelForMealType' | 'renderQuote'>) {
  // Nearby services are extra: while they load, or if they cannot, the page is whole without them.
  const { data: nearby } = useNearby(service.slug);
  // The page of reviews shown (read by the server render with the listing): the structured data carries them.
  const { data: reviews } = useReviews(service.slug, usePageParam('reviews').page);
  const primary = service.locations.find((l) => l.isPrimary) ?? service.locations[0];
  const pageUrl = `${useSiteOrigin()}/service/${encodeURIComponent(service.slug)}`;
  useInsightReport({ metric: 'views', serviceIds: [service.id] });
  const cover = galleryOrder(service.media)[0];
  usePageMeta({
    title: service.name,
    description: service.tagline || service.description.slice(0, 160) || undefined,
    url: pageUrl,
    image: cover ? sharePhotoUrl(cover) : service.media.logoImageId ? imageUrl(service.media.logoImageId, 'card') : undefined,
  });
  return (
    <>
      <StructuredData
        build={(origin) => [
          foodEstablishment(origin, service, reviews?.items ?? []),
          breadcrumbList(origin, [
            { name: 'Home', path: '/' },
            { name: 'Services by Name', path: '/services-by-name' },
            { name: service.name, path: `/service/${encodeURIComponent(service.slug)}` },
          ]),
        ]}
      />
      <ServiceDetails service={service} pageUrl={pageUrl} renderMealTypes={renderMealTypes} cityHref={nearby?.city ? cityPath(nearby.city) : undefined} />
      {renderQuote ? <div className="mt-12">{renderQuote(service)}</div> : null}
      <div className="mt-12">
        <ReviewsSection service={service} />
      </div>
      {nearby ? (
        <div className="mt-12">
          <AlsoNear nearby={nearby} cityName={primary?.address.city ?? ''} labelForMealType={labelForMealType} />
        </div>
      ) : null}
    </>
  );
}
