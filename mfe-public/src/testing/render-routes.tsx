import { RUNTIME_CONFIG_QUERY_KEY } from '@mealprep/api-client';
import { QueryClient, QueryClientProvider, type QueryKey } from '@mealprep/query';
import { configure, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { Route, Routes } from '@mealprep/router';
import { LocationProbe, MemoryRouter } from '@mealprep/router/testing';
import PublicRoutes from '../routes';

// Pages are lazy chunks that vitest transforms on first use; on 2 cores that can pass 1 s.
configure({ asyncUtilTimeout: 5000 });

// Every test is a new page load, with a QueryClient of its own and no runtime config in the page.
afterEach(() => {
  document.getElementById('runtime-config')?.remove();
});

export interface RenderRoutesOptions {
  /** Data already in the cache, as if fetched earlier: [queryKey, data] pairs. */
  seed?: [QueryKey, unknown][];
  /** Render inside StrictMode (double effects), as the shell does. */
  strict?: boolean;
}

/**
 * Mounts the exposed routes the way the shell does: under a splat route, with a QueryClient that
 * holds the runtime config the page carries (inlineRuntimeConfig) before the first render.
 */
export function renderRoutes(path: string, { seed = [], strict = false }: RenderRoutesOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const inlined = document.getElementById('runtime-config')?.textContent;
  if (inlined) queryClient.setQueryData(RUNTIME_CONFIG_QUERY_KEY, JSON.parse(inlined) as unknown);
  for (const [key, data] of seed) queryClient.setQueryData(key, data);
  const tree = (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={<PublicRoutes />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>
  );
  return { ...render(strict ? <StrictMode>{tree}</StrictMode> : tree), queryClient };
}

import { testRuntimeConfig, type Reply } from '@mealprep/api-client/testing';
export { bodiesTo, callsTo, mockApi } from '@mealprep/api-client/testing';

export { currentLocation } from '@mealprep/router/testing';

export const regions = {
  alabama: { slug: 'alabama', name: 'Alabama', countryCode: 'US', type: 'state' },
  newYork: { slug: 'new-york', name: 'New York', countryCode: 'US', type: 'state' },
  districtOfColumbia: { slug: 'district-of-columbia', name: 'District of Columbia', countryCode: 'US', type: 'state' },
} as const;

export const unavailable: Reply = {
  status: 503,
  body: { error: { code: 'service_unavailable', message: 'The catalog service is unavailable.', service: 'catalog' } },
};

export const notFound: Reply = { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };

let nextId = 1;
const objectId = () => (nextId++).toString(16).padStart(24, '0');

export function serviceCard(overrides: Record<string, unknown> = {}) {
  return {
    id: objectId(),
    name: 'Fit Fuel Kitchen',
    slug: 'fit-fuel-kitchen',
    tagline: 'Chef-made macro meals',
    mealTypes: ['keto', 'high-protein'],
    city: 'Brooklyn',
    state: 'New York',
    logoImageId: null,
    shipsDomestically: false,
    localDelivery: true,
    featured: false,
    rating: { average: null, count: 0 },
    ...overrides,
  };
}

/** One page of a service list; total and pageCount default to what the items imply. */
export function serviceList(items: unknown[], page = { total: items.length, page: 1, pageCount: items.length ? 1 : 0 }) {
  return { items, pageSize: 6, ...page };
}

/** Services named "Service 01", "Service 02", … */
export function manyServices(count: number, start = 1) {
  return Array.from({ length: count }, (_, i) => {
    const n = String(start + i).padStart(2, '0');
    return serviceCard({ name: `Service ${n}`, slug: `service-${n}` });
  });
}

export function publicService(overrides: Record<string, unknown> = {}) {
  return {
    id: objectId(),
    name: 'Fit Fuel Kitchen',
    slug: 'fit-fuel-kitchen',
    tagline: 'Chef-made macro meals',
    description: 'Weekly meal prep cooked in Brooklyn.',
    defaultCurrency: 'USD',
    languages: ['en'],
    mealTypes: ['keto', 'high-protein'],
    status: 'published',
    featuredUntil: null,
    createdAt: '2025-01-02T10:00:00.000Z',
    updatedAt: '2025-01-03T10:00:00.000Z',
    publishedAt: '2025-01-03T10:00:00.000Z',
    deliveryMethods: { localDelivery: true, pickup: true, shipsDomestically: false, shipsInternationally: false },
    contact: {
      email: 'hello@fitfuel.example',
      phone: '(718) 555-0100',
      website: 'https://fitfuel.example/menu?ref=home',
      socialLinks: [],
    },
    locations: [
      {
        label: 'Kitchen',
        address: { line1: '1 Main St', city: 'Brooklyn', region: 'New York', postalCode: '11201', countryCode: 'US' },
        isPrimary: true,
      },
    ],
    media: { logoImageId: 'logo123' },
    offer: { pricePerMeal: null, plans: null, pauseAnyTime: null, deliveryDays: [], orderCutoff: null, minimumOrderMeals: null, allergenFriendly: [], menuUrl: '' },
    rating: { average: null, count: 0 },
    ...overrides,
  };
}

export const mealTypes = {
  keto: { id: 'mt1', slug: 'keto', name: 'Keto', description: 'Low-carb, high-fat meals.' },
  vegan: { id: 'mt2', slug: 'vegan', name: 'Vegan', description: 'Entirely plant-based meals.' },
  highProtein: { id: 'mt3', slug: 'high-protein', name: 'High Protein', description: 'Meals built around protein.' },
} as const;

export function article(overrides: Record<string, unknown> = {}) {
  return {
    id: objectId(),
    slug: 'meal-prep-basics',
    title: 'Meal Prep Basics',
    excerpt: 'How to start prepping a week of meals.',
    category: 'Guides',
    tags: ['beginners', 'planning', 'budget', 'storage'],
    author: 'Sam Cook',
    publishedAt: '2025-03-04T12:00:00.000Z',
    featuredImageUrl: null,
    featuredImageAlt: '',
    ...overrides,
  };
}

export function fullArticle(overrides: Record<string, unknown> = {}) {
  return {
    ...article(),
    content: '<p>Start with <strong>three</strong> recipes.</p><h2>Shopping</h2><p>Buy in bulk.</p>',
    updatedAt: '2025-03-05T12:00:00.000Z',
    viewCount: 10,
    metaTitle: '',
    metaDescription: '',
    featuredImageUnsplash: null,
    ...overrides,
  };
}

export const runtimeConfig = {
  siteName: 'Meal Prep Directory',
  brand: testRuntimeConfig.brand,
  siteUrl: 'https://mealprep.example',
  apiBase: '/api',
  remotes: { public: '/p.json', dashboard: '/d.json', admin: '/a.json' },
  analytics: { product: null, site: null, marketing: null },
  forms: { embedScriptSrc: 'https://forms.example/embed.js', addServiceFormId: 'addservice' },
};

/** Puts the runtime config in the page as the gateway does. */
export function inlineRuntimeConfig(config: unknown = runtimeConfig) {
  document.getElementById('runtime-config')?.remove();
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'runtime-config';
  script.textContent = JSON.stringify(config);
  document.head.appendChild(script);
}
