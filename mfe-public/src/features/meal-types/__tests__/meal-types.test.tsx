import { screen, within } from '@testing-library/react';
import { callsTo, mealTypes, mockApi, notFound, renderRoutes, serviceCard, serviceList } from '../../../testing/render-routes';

describe('services by meal type', () => {
  it('when meal types load, then each is a card with its description and a View Services link', async () => {
    mockApi({ '/api/catalog/meal-types': { status: 200, body: { items: [mealTypes.keto, mealTypes.vegan] } } });
    renderRoutes('/services-by-meal-type');

    expect(await screen.findByRole('heading', { level: 1, name: 'Services by Meal Type' })).toBeInTheDocument();
    const keto = (await screen.findByRole('heading', { level: 2, name: 'Keto' })).closest('article')!;
    expect(within(keto).getByText('Low-carb, high-fat meals.')).toBeInTheDocument();
    expect(within(keto).getByRole('link', { name: /View Services/ })).toHaveAttribute('href', '/meal-type/keto');
    expect(within(keto).getByText('View Services')).toBeInTheDocument();
    expect(screen.getAllByText('View Services')).toHaveLength(2);
  });

  it('when there are no meal types, then "No meal types available yet." shows', async () => {
    mockApi({ '/api/catalog/meal-types': { status: 200, body: { items: [] } } });
    renderRoutes('/services-by-meal-type');
    expect(await screen.findByText('No meal types available yet.')).toBeInTheDocument();
  });
});

describe('meal type page', () => {
  it('when the meal type exists, then its title, description and services show', async () => {
    const fetch = mockApi({
      '/api/catalog/meal-types/keto': { status: 200, body: mealTypes.keto },
      '/api/catalog/services': { status: 200, body: serviceList([serviceCard({ name: 'Keto Kitchen', slug: 'keto-kitchen' })]) },
    });
    renderRoutes('/meal-type/keto');

    expect(await screen.findByRole('heading', { level: 1, name: 'Keto Meal Prep Services' })).toBeInTheDocument();
    expect(screen.getByText('Low-carb, high-fat meals.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Keto Kitchen' })).toHaveAttribute('href', '/service/keto-kitchen');
    expect(callsTo(fetch, '/api/catalog/services')[0]!.searchParams.get('mealType')).toBe('keto');
    expect(document.title).toBe('Keto Meal Prep Services | Meal Prep Directory');
  });

  it('when the meal type has no services, then the empty text shows', async () => {
    mockApi({
      '/api/catalog/meal-types/vegan': { status: 200, body: mealTypes.vegan },
      '/api/catalog/services': { status: 200, body: serviceList([]) },
    });
    renderRoutes('/meal-type/vegan');
    expect(await screen.findByText('No services found yet. Be the first to add your service!')).toBeInTheDocument();
  });

  it('when the meal type is unknown, then Meal Type Not Found links to the meal type index', async () => {
    mockApi({ '/api/catalog/meal-types/pizza': notFound });
    renderRoutes('/meal-type/pizza');
    expect(await screen.findByRole('heading', { level: 1, name: 'Meal Type Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Meal Types' })).toHaveAttribute('href', '/services-by-meal-type');
  });

  it('when the slug holds odd characters, then Meal Type Not Found shows without asking the server', async () => {
    const fetch = mockApi({});
    renderRoutes(`/meal-type/${encodeURIComponent('.*{$ne:1}')}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Meal Type Not Found' })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
