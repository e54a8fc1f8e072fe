import { render, screen } from '@testing-library/react';
import { Route, Routes } from '@mealprep/router';
import { MemoryRouter } from '@mealprep/router/testing';
import AdminRoutes from '../../../routes';

describe('admin remote', () => {
  it.each([
    ['service-utilities', 'Service Utilities'],
  ])('when /dashboard/%s opens, then its heading and title show', (path, title) => {
    render(
      <MemoryRouter initialEntries={[`/dashboard/${path}`]}>
        <Routes>
          <Route path="/dashboard/*" element={<AdminRoutes />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(document.title).toBe(`${title} | Meal Prep Directory`);
  });
});
