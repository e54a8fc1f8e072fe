import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@mealprep/router/testing';
import DashboardRoutes from '../../../routes';

describe('dashboard remote', () => {
  it('when its routes render, then the Dashboard heading shows', () => {
    render(
      <MemoryRouter>
        <DashboardRoutes />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(document.title).toBe('Dashboard | Meal Prep Directory');
  });
});
