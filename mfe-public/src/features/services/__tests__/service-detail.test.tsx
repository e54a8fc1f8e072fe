import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesTo, callsTo, inlineRuntimeConfig, mealTypes, mockApi, notFound, publicService, renderRoutes, serviceCard, unavailable } from '../../../testing/render-routes';

const DETAIL = '/api/catalog/services/by-slug/fit-fuel-kitchen';

describe('service detail', () => {
  it('when a published service loads, then its name, tagline, logo, meal types, delivery, location and contact show', async () => {
    mockApi({
      [DETAIL]: { status: 200, body: publicService() },
      '/api/catalog/meal-types': { status: 200, body: { items: [mealTypes.keto, mealTypes.highProtein] } },
    });
    renderRoutes('/service/fit-fuel-kitchen');

    expect(await screen.findByRole('heading', { level: 1, name: 'Fit Fuel Kitchen' })).toBeInTheDocument();
    expect(screen.getByText('Chef-made macro meals')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Fit Fuel Kitchen logo' })).toHaveAttribute('src', '/api/media/images/logo123/card');
    expect(screen.getByText('Weekly meal prep cooked in Brooklyn.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'High Protein' })).toHaveAttribute('href', '/meal-type/high-protein');
    expect(screen.getByRole('link', { name: 'Keto' })).toHaveAttribute('href', '/meal-type/keto');
    expect(screen.getByText('Local Delivery')).toBeInTheDocument();
    expect(screen.getByText('Pickup Available')).toBeInTheDocument();
    expect(screen.queryByText('Ships Nationwide')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New York' })).toHaveAttribute('href', '/state/new-york');
    expect(screen.getByText(/Brooklyn,/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '(718) 555-0100' })).toHaveAttribute('href', 'tel:7185550100');
    expect(screen.getByRole('link', { name: 'hello@fitfuel.example' })).toHaveAttribute('href', 'mailto:hello@fitfuel.example');
    expect(screen.queryByText('This service has been reported as closed.')).not.toBeInTheDocument();
    expect(document.title).toBe('Fit Fuel Kitchen | Meal Prep Directory');
  });

  it('when a listing gives the facts of its offer, then its page shows them, and its structured data names the price per meal', async () => {
    const offer = {
      pricePerMeal: { low: 9.5, high: 14 },
      plans: 'both',
      pauseAnyTime: true,
      deliveryDays: ['wed', 'sun'],
      orderCutoff: { day: 'thu', hour: 18 },
      minimumOrderMeals: 6,
      allergenFriendly: ['gluten-free', 'nut-free'],
      menuUrl: 'https://fitfuel.example/menu',
    };
    mockApi({ [DETAIL]: { status: 200, body: publicService({ offer }) } });
    const { unmount } = renderRoutes('/service/fit-fuel-kitchen');
    const section = (await screen.findByRole('heading', { level: 2, name: 'The Offer' })).parentElement!;
    const facts = within(section)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(facts).toEqual([
      'Price per meal: $9.50–$14',
      'Plans: Weekly subscription or one-off orders',
      'Pause, skip or cancel: Any time',
      'Delivery days: Wednesday, Sunday',
      'Order by: Thursday, 6 pm',
      'Minimum order: 6 meals',
      'Allergen-friendly: Gluten-free, Nut-free',
      'Menu: fitfuel.example/menu',
    ]);
    // Tracked as the website link is: the owner sees the directory's visitors arrive.
    const menu = new URL(within(section).getByRole('link', { name: 'fitfuel.example/menu' }).getAttribute('href')!);
    expect([menu.origin + menu.pathname, menu.searchParams.get('utm_medium')]).toEqual(['https://fitfuel.example/menu', 'referral']);
    const data = [...document.querySelectorAll('script[type="application/ld+json"]')].flatMap((script): Array<Record<string, unknown>> =>
      [JSON.parse(script.textContent ?? '{}') as Record<string, unknown> | Array<Record<string, unknown>>].flat(),
    );
    expect(data.find((thing) => thing['@type'] === 'FoodEstablishment')).toMatchObject({
      priceRange: '$9.50–$14 per meal',
      offers: { '@type': 'AggregateOffer', priceCurrency: 'USD', lowPrice: '9.50', highPrice: '14.00', url: 'https://fitfuel.example/menu' },
    });
    unmount();

    // A listing that has said none of them has no such section, and no price in its data.
    mockApi({ [DETAIL]: { status: 200, body: publicService() } });
    renderRoutes('/service/fit-fuel-kitchen');
    await screen.findByRole('heading', { level: 1, name: 'Fit Fuel Kitchen' });
    expect(screen.queryByRole('heading', { name: 'The Offer' })).not.toBeInTheDocument();
    expect(document.querySelector('script[type="application/ld+json"]')?.textContent).not.toContain('priceRange');
  });

  it("when the page opens and the visitor follows its links, then a view and each click are reported for the owner's insights (nothing about the visitor)", async () => {
    const service = publicService();
    const fetch = mockApi({ [DETAIL]: { status: 200, body: service }, '/api/catalog/insights/events': { status: 202, body: { counted: 1 } } });
    renderRoutes('/service/fit-fuel-kitchen');
    await screen.findByRole('heading', { level: 1, name: 'Fit Fuel Kitchen' });
    await waitFor(() => expect(bodiesTo(fetch, '/api/catalog/insights/events')).toEqual([{ metric: 'views', serviceIds: [service.id] }]));
    const website = screen.getByRole('link', { name: 'fitfuel.example/menu?ref=home' });
    website.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(website);
    const phone = screen.getByRole('link', { name: '(718) 555-0100' });
    phone.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(phone);
    expect(bodiesTo(fetch, '/api/catalog/insights/events').slice(1)).toEqual([
      { metric: 'website', serviceIds: [service.id] },
      { metric: 'phone', serviceIds: [service.id] },
    ]);
  });

  it('when a listing has no owner, then it invites the business to claim it; an owned one does not', async () => {
    const unowned = publicService({ claimable: true });
    mockApi({ [DETAIL]: { status: 200, body: unowned } });
    const { unmount } = renderRoutes('/service/fit-fuel-kitchen');
    const claim = await screen.findByRole('link', { name: 'Claim this listing' });
    expect(claim).toHaveAttribute('href', `/dashboard/claim/${unowned.id}`);
    expect(claim.parentElement).toHaveTextContent('Own this business? Claim this listing');
    unmount();
    mockApi({ [DETAIL]: { status: 200, body: publicService({ claimable: false }) } });
    renderRoutes('/service/fit-fuel-kitchen');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fit Fuel Kitchen' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Claim this listing' })).not.toBeInTheDocument();
  });

  it('when other services are near it, then "Also near" lists up to six nearest with their distance, and the city links its page', async () => {
    mockApi({
      [DETAIL]: { status: 200, body: publicService() },
      [`${DETAIL}/nearby`]: {
        status: 200,
        body: {
          city: { name: 'Brooklyn', stateSlug: 'new-york', slug: 'brooklyn' },
          items: [
            serviceCard({ name: 'Prospect Plates', slug: 'prospect-plates', distanceMiles: 1.2, reach: 'nearby' }),
            serviceCard({ name: 'Queens Quinoa', slug: 'queens-quinoa', city: 'Queens', distanceMiles: 6, reach: 'nearby' }),
          ],
        },
      },
    });
    renderRoutes('/service/fit-fuel-kitchen');
    const also = await screen.findByRole('region', { name: 'Also near Brooklyn' });
    expect(
      within(also)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Prospect Plates', 'Queens Quinoa']);
    expect(within(also).getByText('1.2 mi away')).toBeInTheDocument();
    expect(within(also).getByText('6.0 mi away')).toBeInTheDocument();
    expect(within(also).getByRole('link', { name: 'All meal prep in Brooklyn' })).toHaveAttribute('href', '/state/new-york/brooklyn');
    expect(screen.getByRole('link', { name: 'Brooklyn' })).toHaveAttribute('href', '/state/new-york/brooklyn');
  });

  it('when nothing is near it or the nearby list fails, then the page is whole without it and the city is plain text', async () => {
    mockApi({ [DETAIL]: { status: 200, body: publicService() }, [`${DETAIL}/nearby`]: unavailable });
    renderRoutes('/service/fit-fuel-kitchen');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fit Fuel Kitchen' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Also near/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'Brooklyn' })).not.toBeInTheDocument();
    expect(screen.getByText(/Brooklyn,/)).toBeInTheDocument();
  });

  it('when the website is linked, then it carries the referral parameters, keeps its own and opens in a new tab', async () => {
    mockApi({ [DETAIL]: { status: 200, body: publicService() } });
    renderRoutes('/service/fit-fuel-kitchen');

    const website = await screen.findByRole('link', { name: 'fitfuel.example/menu?ref=home' });
    const url = new URL(website.getAttribute('href')!);
    expect(url.origin + url.pathname).toBe('https://fitfuel.example/menu');
    expect(url.searchParams.get('ref')).toBe('home');
    expect(url.searchParams.get('utm_source')).toBe('mealprepdirectory');
    expect(url.searchParams.get('utm_medium')).toBe('referral');
    expect(url.searchParams.get('utm_campaign')).toBe('listing');
    expect(website).toHaveAttribute('target', '_blank');
    expect(website.getAttribute('rel')).toContain('noopener');
  });

  it('when the website is not an http address, then it is not linked', async () => {
    mockApi({
      [DETAIL]: {
        status: 200,
        body: publicService({ contact: { email: '', phone: '', website: 'javascript:alert(1)', socialLinks: [] } }),
      },
    });
    renderRoutes('/service/fit-fuel-kitchen');
    await screen.findByRole('heading', { level: 1, name: 'Fit Fuel Kitchen' });
    expect(screen.queryByText(/javascript/)).not.toBeInTheDocument();
  });

  it('when shared, then Facebook, Twitter and LinkedIn links carry the canonical URL, and the name where the network takes a title', async () => {
    inlineRuntimeConfig();
    mockApi({ [DETAIL]: { status: 200, body: publicService() } });
    renderRoutes('/service/fit-fuel-kitchen');

    const pageUrl = encodeURIComponent('https://mealprep.example/service/fit-fuel-kitchen');
    const facebook = await screen.findByRole('link', { name: 'Share on Facebook' });
    await waitFor(() => expect(facebook).toHaveAttribute('href', `https://www.facebook.com/sharer/sharer.php?u=${pageUrl}`));
    expect(screen.getByRole('link', { name: 'Share on Twitter' })).toHaveAttribute('href', `https://twitter.com/intent/tweet?url=${pageUrl}&text=${encodeURIComponent('Fit Fuel Kitchen')}`);
    expect(screen.getByRole('link', { name: 'Share on LinkedIn' })).toHaveAttribute(
      'href',
      `https://www.linkedin.com/shareArticle?mini=true&url=${pageUrl}&title=${encodeURIComponent('Fit Fuel Kitchen')}`,
    );
    await waitFor(() => expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://mealprep.example/service/fit-fuel-kitchen'));
  });

  it('when the name holds &, # and ?, then the share links carry it whole as the title, never as parameters of their own', async () => {
    inlineRuntimeConfig();
    mockApi({ [DETAIL]: { status: 200, body: publicService({ name: 'Salt & Thyme #1? Yes' }) } });
    renderRoutes('/service/fit-fuel-kitchen');
    const params = (name: string) => Object.fromEntries(new URL(screen.getByRole('link', { name }).getAttribute('href') ?? '').searchParams);
    await screen.findByRole('link', { name: 'Share on LinkedIn' });
    // The site's address comes with the runtime config, read once the page is there.
    await waitFor(() => expect(params('Share on LinkedIn')).toEqual({ mini: 'true', url: 'https://mealprep.example/service/fit-fuel-kitchen', title: 'Salt & Thyme #1? Yes' }));
    const twitter = new URL(screen.getByRole('link', { name: 'Share on Twitter' }).getAttribute('href') ?? '');
    expect(Object.fromEntries(twitter.searchParams)).toEqual({ url: 'https://mealprep.example/service/fit-fuel-kitchen', text: 'Salt & Thyme #1? Yes' });
    const facebook = new URL(screen.getByRole('link', { name: 'Share on Facebook' }).getAttribute('href') ?? '');
    expect(Object.fromEntries(facebook.searchParams)).toEqual({ u: 'https://mealprep.example/service/fit-fuel-kitchen' });
  });

  it('when the service is closed and the report fails, then the visitor is still thanked', async () => {
    const service = publicService({ status: 'closed' });
    const fetch = mockApi({
      [DETAIL]: { status: 200, body: service },
      [`/api/catalog/services/${service.id}/report-still-open`]: unavailable,
    });
    vi.spyOn(console, 'debug').mockImplementation(() => {});
    renderRoutes('/service/fit-fuel-kitchen');

    expect(await screen.findByText('This service has been reported as closed.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Report as Still Open' }));

    expect(await screen.findByText("Thank you! We'll review your report.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report as Still Open' })).not.toBeInTheDocument();
    // Besides the page view reported for the insights, one POST: the report.
    const posts = fetch.mock.calls.filter(([input, init]) => init?.method === 'POST' && String(input) !== '/api/catalog/insights/events');
    expect(posts).toHaveLength(1);
    expect(String(posts[0]![0])).toBe(`/api/catalog/services/${service.id}/report-still-open`);
  });

  it('when the service is closed and the report succeeds, then the visitor is thanked', async () => {
    const service = publicService({ status: 'closed' });
    mockApi({
      [DETAIL]: { status: 200, body: service },
      [`/api/catalog/services/${service.id}/report-still-open`]: { status: 202, body: { received: true } },
    });
    renderRoutes('/service/fit-fuel-kitchen');
    await userEvent.click(await screen.findByRole('button', { name: 'Report as Still Open' }));
    expect(await screen.findByText("Thank you! We'll review your report.")).toBeInTheDocument();
  });

  it('when the service does not exist, then Service Not Found links home', async () => {
    mockApi({ '/api/catalog/services/by-slug/nope': notFound });
    renderRoutes('/service/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Service Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Service Not Found | Meal Prep Directory');
  });

  it('when the slug is absurd, then Service Not Found shows without asking the server', async () => {
    const fetch = mockApi({});
    renderRoutes(`/service/${'x'.repeat(10_000)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Service Not Found' })).toBeInTheDocument();
    expect(callsTo(fetch, '/api/catalog/services')).toHaveLength(0);
    expect(fetch.mock.calls.some(([url]) => String(url).includes('by-slug'))).toBe(false);
  });

  it('when the catalog is down, then an error with Try again shows and retrying loads the service', async () => {
    mockApi({ [DETAIL]: [unavailable, { status: 200, body: publicService() }] });
    renderRoutes('/service/fit-fuel-kitchen');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Fit Fuel Kitchen' });
    expect(within(heading).getByText('Fit Fuel Kitchen')).toBeInTheDocument();
  });
});
