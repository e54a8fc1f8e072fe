import { screen } from '@testing-library/react';
import { renderRoutes } from '../../../testing/render-routes';

describe('about and legal pages', () => {
  beforeEach(() => vi.stubGlobal('fetch', vi.fn()));

  it('when About opens, then mission, values and What We Offer show with both calls to action', async () => {
    renderRoutes('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About Meal Prep Directory' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Our Mission' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Our Values' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What We Offer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a Service' })).toHaveAttribute('href', '/find-service');
    expect(screen.getByRole('link', { name: 'Add Your Service' })).toHaveAttribute('href', '/add-your-service');
    expect(document.title).toBe('About | Meal Prep Directory');
  });

  it.each([
    ['/terms-of-service', 'Terms of Service'],
    ['/privacy-policy', 'Privacy Policy'],
  ])('when %s opens, then its title is %s', async (path, title) => {
    renderRoutes(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(document.title).toBe(`${title} | Meal Prep Directory`);
  });
});
