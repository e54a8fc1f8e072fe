import type { BlogPost, BlogPostSummary, ListingPhoto, PublicReview, PublicService, ServiceCard } from '@mealprep/contracts';
import { brandImagePath, formatPriceRange, galleryOrder, imageUrl, photoFileUrl, photoSourceFor } from '@mealprep/contracts/browser';
import { JsonLd } from '@mealprep/ui';
import { siteOrigin, useRuntimeConfig } from './runtime-config';

/**
 * schema.org structured data, written by the pages themselves so the server render and the browser
 * give the same: FoodEstablishment for a service, BlogPosting for an article, ItemList on list
 * pages, BreadcrumbList on state, meal-type, service and article pages. JsonLd escapes `<`.
 */
type Thing = Record<string, unknown>;

const CONTEXT = 'https://schema.org';

/** The site's origin for absolute URLs (the configured siteUrl). */
export function useSiteOrigin(): string {
  const config = useRuntimeConfig();
  return siteOrigin(config.status === 'ready' ? config.config : undefined);
}

const absolute = (origin: string, path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbList(origin: string, crumbs: Crumb[]): Thing {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: absolute(origin, crumb.path) })),
  };
}

/** The services of one page of a list; positions continue from the pages before it. */
export function serviceItemList(origin: string, services: ServiceCard[], firstPosition: number): Thing {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    itemListElement: services.map((service, i) => ({
      '@type': 'ListItem',
      position: firstPosition + i,
      name: service.name,
      url: `${origin}/service/${encodeURIComponent(service.slug)}`,
    })),
  };
}

export function articleItemList(origin: string, articles: BlogPostSummary[]): Thing {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    itemListElement: articles.map((article, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: article.title,
      url: `${origin}/articles/${encodeURIComponent(article.slug)}`,
    })),
  };
}

/** The share size of a photo: a JPEG (read by every crawler) about 1,280 px wide. */
export function sharePhotoUrl(photo: ListingPhoto): string | undefined {
  const source = photoSourceFor(photo, 1280);
  return source ? photoFileUrl(photo.id, source, 'jpeg') : undefined;
}

/** A listing's `image`: its photos, cover first, else its logo; none when it has neither. */
function listingImages(origin: string, service: PublicService): { image?: string[] | string } {
  const photos = galleryOrder(service.media)
    .map(sharePhotoUrl)
    .filter((url): url is string => Boolean(url));
  if (photos.length) return { image: photos.map((url) => absolute(origin, url)) };
  return service.media.logoImageId ? { image: absolute(origin, imageUrl(service.media.logoImageId, 'card')) } : {};
}

export function foodEstablishment(origin: string, service: PublicService, reviews: readonly PublicReview[] = []): Thing {
  const location = service.locations.find((l) => l.isPrimary) ?? service.locations[0];
  return {
    '@context': CONTEXT,
    '@type': 'FoodEstablishment',
    name: service.name,
    description: service.description || service.tagline,
    url: `${origin}/service/${encodeURIComponent(service.slug)}`,
    ...(service.contact.website ? { sameAs: [service.contact.website] } : {}),
    ...(service.contact.phone ? { telephone: service.contact.phone } : {}),
    ...(service.contact.email ? { email: service.contact.email } : {}),
    ...listingImages(origin, service),
    ...(location
      ? {
          address: {
            '@type': 'PostalAddress',
            streetAddress: location.address.line1,
            addressLocality: location.address.city,
            addressRegion: location.address.region,
            postalCode: location.address.postalCode,
            addressCountry: location.address.countryCode || 'US',
          },
        }
      : {}),
    servesCuisine: service.mealTypes,
    ...offerData(service),
    ...ratingData(service, reviews),
  };
}

/** Its rating (an AggregateRating of its published reviews) and the reviews the page shows, when it has any. */
function ratingData(service: PublicService, reviews: readonly PublicReview[]): Thing {
  // Absent from a listing answered by an svc-catalog older than this release (during a rollout).
  const rating = service.rating as PublicService['rating'] | undefined;
  if (!rating || rating.count === 0 || rating.average === null) return {};
  return {
    aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.average.toFixed(1), reviewCount: rating.count, bestRating: 5, worstRating: 1 },
    ...(reviews.length
      ? {
          review: reviews.map((r) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: r.name },
            datePublished: r.createdAt.slice(0, 10),
            reviewBody: r.text,
            reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };
}

/** The price per meal as priceRange ("$9.50–$14 per meal") and offers (an AggregateOffer in USD), when the listing gives it. */
function offerData(service: PublicService): Thing {
  // Absent from a listing answered by an svc-catalog older than this release (during a rollout).
  const offer = service.offer as PublicService['offer'] | undefined;
  if (!offer?.pricePerMeal) return {};
  const { pricePerMeal, menuUrl } = offer;
  return {
    priceRange: `${formatPriceRange(pricePerMeal)} per meal`,
    offers: {
      '@type': 'AggregateOffer',
      priceCurrency: 'USD',
      lowPrice: pricePerMeal.low.toFixed(2),
      highPrice: pricePerMeal.high.toFixed(2),
      description: 'Price per meal',
      ...(menuUrl ? { url: menuUrl } : {}),
    },
  };
}

/** What structured data says of the operator's site, from the published brand. */
export interface SiteFacts {
  siteName: string;
  socialLinks: readonly string[];
  /** The brand's logo for light backgrounds (a site path), or null. */
  logo?: string | null;
}

/** The operator's site (the home page): its name, logo and social profiles, from the published brand. */
export function organization(origin: string, site: SiteFacts): Thing {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    name: site.siteName,
    url: `${origin}/`,
    ...(site.logo ? { logo: `${origin}${site.logo}` } : {}),
    ...(site.socialLinks.length ? { sameAs: [...site.socialLinks] } : {}),
  };
}

/** An article; one without an author's name is the site's own. */
export function blogPosting(origin: string, post: BlogPost, siteName: string): Thing {
  const url = `${origin}/articles/${encodeURIComponent(post.slug)}`;
  return {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.metaDescription || post.excerpt,
    url,
    mainEntityOfPage: url,
    ...(post.publishedAt ? { datePublished: post.publishedAt } : {}),
    dateModified: post.updatedAt,
    author: post.author ? { '@type': 'Person', name: post.author } : { '@type': 'Organization', name: siteName },
    ...(post.tags.length ? { keywords: post.tags.join(', ') } : {}),
    ...(post.featuredImageUrl ? { image: absolute(origin, post.featuredImageUrl) } : {}),
  };
}

/** Structured data in the page, built against the site's origin. */
export function StructuredData({ build }: { build: (origin: string, site: SiteFacts) => Thing | Thing[] }) {
  const origin = useSiteOrigin();
  const config = useRuntimeConfig();
  // The logo for light backgrounds, as search results show it.
  const logo = config.status === 'ready' ? config.config.brand.images.logoLight : null;
  const site = config.status === 'ready' ? { siteName: config.config.siteName, socialLinks: config.config.brand.socialLinks, logo: logo && brandImagePath(logo) } : { siteName: '', socialLinks: [] };
  return <JsonLd data={build(origin, site)} />;
}
