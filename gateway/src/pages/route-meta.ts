import {
  BlogPostSchema,
  GeoRegionSchema,
  imageUrl,
  MealTypeSchema,
  PublicServiceSchema,
  SlugSchema,
  type BlogPost,
  type PublicService,
} from '@mealprep/contracts';
import type { Read } from './catalog-reader';
import { DEFAULT_DESCRIPTION, type PageMeta } from './page-meta';

const STATIC: Record<string, { title: string | null; description: string; noindex?: boolean }> = {
  '/': { title: null, description: DEFAULT_DESCRIPTION },
  '/find-service': { title: 'Find a Service', description: 'Find meal prep services by state, by meal type, or services that ship nationwide.' },
  '/services-by-state': { title: 'Meal Prep Services by State', description: 'Browse local meal prep services in every US state.' },
  '/services-that-ship': { title: 'Meal Prep Services That Ship Nationwide', description: 'Meal prep services that ship prepared meals across the United States.' },
  '/services-by-meal-type': { title: 'Services by Meal Type', description: 'Keto, vegan, paleo, high protein and more: find meal prep services by diet.' },
  '/services-by-name': { title: 'All Meal Prep Services (A-Z)', description: 'Every meal prep service in the directory, from A to Z.' },
  '/articles': { title: 'Articles', description: 'Guides and tips on choosing and using meal prep services.' },
  '/about': { title: 'About', description: 'Why we built a directory of local and nationwide meal prep services, and what we offer.' },
  '/add-your-service': { title: 'Add Your Service', description: 'List your meal prep service in the directory. Review usually takes 1 business day.' },
  '/terms-of-service': { title: 'Terms of Service', description: 'The terms of using the Meal Prep Directory.' },
  '/privacy-policy': { title: 'Privacy Policy', description: 'How the Meal Prep Directory handles your data.' },
  '/login': { title: 'Sign In', description: 'Sign in to manage your meal prep service listing.', noindex: true },
};

const clip = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

const notFound = (path: string, title: string): PageMeta => ({
  title,
  description: DEFAULT_DESCRIPTION,
  path,
  noindex: true,
  status: 404,
});

function serviceJsonLd(service: PublicService, siteUrl: string): Record<string, unknown> {
  const location = service.locations.find((l) => l.isPrimary) ?? service.locations[0];
  return {
    '@context': 'https://schema.org',
    '@type': 'FoodEstablishment',
    name: service.name,
    description: service.description || service.tagline,
    url: `${siteUrl}/service/${service.slug}`,
    ...(service.contact.website ? { sameAs: [service.contact.website] } : {}),
    ...(service.contact.phone ? { telephone: service.contact.phone } : {}),
    ...(service.media.logoImageId ? { image: `${siteUrl}${imageUrl(service.media.logoImageId, 'card')}` } : {}),
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
  };
}

function articleJsonLd(post: BlogPost, siteUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.metaDescription || post.excerpt,
    url: `${siteUrl}/articles/${post.slug}`,
    mainEntityOfPage: `${siteUrl}/articles/${post.slug}`,
    ...(post.publishedAt ? { datePublished: post.publishedAt } : {}),
    dateModified: post.updatedAt,
    author: { '@type': 'Person', name: post.author || 'Meal Prep Directory' },
    keywords: post.tags.join(', '),
    ...(post.featuredImageUrl ? { image: post.featuredImageUrl.startsWith('http') ? post.featuredImageUrl : `${siteUrl}${post.featuredImageUrl}` } : {}),
  };
}

/**
 * The meta of a public route, read from the catalogue where the route names one thing. When
 * the catalogue cannot answer, the page gets the default meta and the app shows its own state.
 */
export async function routeMeta(path: string, read: Read, siteUrl: string): Promise<PageMeta> {
  const known = STATIC[path];
  if (known) return { ...known, path, status: 200 };
  if (path.startsWith('/dashboard')) return { title: 'Dashboard', description: DEFAULT_DESCRIPTION, path, noindex: true, status: 200 };

  const match = /^\/(state|meal-type|service|articles|paperform)\/([^/]+)$/.exec(path);
  if (!match) return notFound(path, 'Page Not Found');
  const [, kind, rawSlug] = match as unknown as [string, string, string];
  let slug: string;
  try {
    slug = decodeURIComponent(rawSlug);
  } catch {
    return notFound(path, 'Page Not Found');
  }
  if (kind === 'paperform') return { title: 'Form', description: DEFAULT_DESCRIPTION, path, noindex: true, status: 200 };
  const titles = { state: 'State Not Found', 'meal-type': 'Meal Type Not Found', service: 'Service Not Found', articles: 'Article Not Found' } as const;
  if (!SlugSchema.safeParse(slug).success) return notFound(path, titles[kind as keyof typeof titles]);
  const fallback: PageMeta = { title: null, description: DEFAULT_DESCRIPTION, path, status: 200 };

  if (kind === 'state') {
    const region = await read(`/regions/${slug}`, GeoRegionSchema);
    if (region === 'unavailable') return fallback;
    if (!region) return notFound(path, titles.state);
    return { title: `Meal Prep Services in ${region.name}`, description: `Find local meal prep and meal delivery services in ${region.name}.`, path, status: 200 };
  }
  if (kind === 'meal-type') {
    const mealType = await read(`/meal-types/${slug}`, MealTypeSchema);
    if (mealType === 'unavailable') return fallback;
    if (!mealType) return notFound(path, titles['meal-type']);
    return { title: `${mealType.name} Meal Prep Services`, description: clip(mealType.description || `${mealType.name} meal prep services.`), path, status: 200 };
  }
  if (kind === 'service') {
    const service = await read(`/services/by-slug/${slug}`, PublicServiceSchema);
    if (service === 'unavailable') return fallback;
    if (!service) return notFound(path, titles.service);
    return {
      title: service.name,
      description: clip(service.tagline || service.description || `${service.name} meal prep service.`),
      path,
      image: service.media.logoImageId ? imageUrl(service.media.logoImageId, 'card') : null,
      jsonLd: serviceJsonLd(service, siteUrl),
      status: 200,
    };
  }
  const post = await read(`/articles/${slug}`, BlogPostSchema);
  if (post === 'unavailable') return fallback;
  if (!post) return notFound(path, titles.articles);
  return {
    title: post.metaTitle || post.title,
    description: clip(post.metaDescription || post.excerpt),
    path,
    type: 'article',
    image: post.featuredImageUrl,
    publishedTime: post.publishedAt,
    modifiedTime: post.updatedAt,
    jsonLd: articleJsonLd(post, siteUrl),
    status: 200,
  };
}
