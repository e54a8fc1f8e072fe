import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@mealprep/router/testing';
import AdminRoutes from '../../../routes';

describe('admin remote', () => {
  it('when its routes render, then the Admin heading shows', () => {
    render(
      <MemoryRouter>
        <AdminRoutes />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument();
    expect(document.title).toBe('Admin | Meal Prep Directory');
  });
});
