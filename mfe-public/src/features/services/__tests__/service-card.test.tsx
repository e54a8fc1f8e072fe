import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@mealprep/router/testing';
import { serviceCard } from '../../../testing/render-routes';
import { ServiceCard } from '../components/service-card';

function renderCard(overrides: Record<string, unknown> = {}) {
  return render(
    <MemoryRouter>
      <ServiceCard service={serviceCard(overrides)} labelForMealType={(slug) => `Label ${slug}`} />
    </MemoryRouter>,
  );
}

describe('service card', () => {
  it('when a service has a logo, then the card shows its name link, tagline, place and a lazy thumbnail', () => {
    const { container } = renderCard({ logoImageId: 'abc', name: 'Green Box', slug: 'green-box' });
    expect(screen.getByRole('link', { name: 'Green Box' })).toHaveAttribute('href', '/service/green-box');
    expect(screen.getByText('Chef-made macro meals')).toBeInTheDocument();
    expect(screen.getByText('Brooklyn, New York')).toBeInTheDocument();
    const logo = container.querySelector('img');
    expect(logo).toHaveAttribute('src', '/api/media/images/abc/thumb');
    expect(logo).toHaveAttribute('loading', 'lazy');
    expect(logo).toHaveAttribute('width', '64');
    expect(logo).toHaveAttribute('height', '64');
  });

  it('when a service has no logo, then its initials stand in', () => {
    const { container } = renderCard({ name: 'fit fuel kitchen' });
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('FF')).toBeInTheDocument();
  });

  it('when a service has many meal types, then only the first three show, by name', () => {
    renderCard({ mealTypes: ['keto', 'vegan', 'paleo', 'halal'] });
    const tags = within(screen.getByRole('list', { name: 'Meal types' })).getAllByRole('listitem');
    expect(tags.map((t) => t.textContent)).toEqual(['Label keto', 'Label vegan', 'Label paleo']);
  });

  it('when a service ships and is featured, then both badges show; otherwise neither', () => {
    const { unmount } = renderCard({ shipsDomestically: true, featured: true });
    expect(screen.getByText('Ships nationwide')).toBeInTheDocument();
    expect(screen.getByText('Featured')).toBeInTheDocument();
    unmount();
    renderCard();
    expect(screen.queryByText('Ships nationwide')).not.toBeInTheDocument();
    expect(screen.queryByText('Featured')).not.toBeInTheDocument();
  });
});
