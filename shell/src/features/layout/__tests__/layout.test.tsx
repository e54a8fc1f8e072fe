import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@mealprep/router/testing';
import { themeStore } from '../../../lib/theme-store';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { WithQueryClient } from '../../../testing/providers';

function renderHeader(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <WithQueryClient>
        <SiteHeader />
      </WithQueryClient>
    </MemoryRouter>,
  );
}

describe('site header', () => {
  it('when shown, then the logo links home and the main links are there', () => {
    renderHeader('/');
    expect(screen.getByRole('link', { name: 'Meal Prep Directory' })).toHaveAttribute('href', '/');
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(nav.getByRole('link', { name: 'Find a Service' })).toHaveAttribute('href', '/find-service');
    expect(nav.getByRole('link', { name: 'Add Your Service' })).toHaveAttribute('href', '/add-your-service');
    expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('when on a page, then only its link is marked as the current page', () => {
    renderHeader('/find-service');
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Find a Service' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('when the menu button is pressed, then it opens the menu and offers to close it', async () => {
    renderHeader('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  });

  it("when the theme is dark, then the dark logo mark is shown: the root's dark class picks the mark, so it is right before any script runs", () => {
    const { container } = renderHeader('/');
    expect(container.querySelector('[data-logo-variant="dark"]')?.getAttribute('class')).toContain('hidden dark:block');
    expect(container.querySelector('[data-logo-variant="light"]')?.getAttribute('class')).toContain('dark:hidden');
    themeStore.getState().setTheme('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    themeStore.getState().setTheme('light');
  });
});

describe('site footer', () => {
  it('when shown, then it links the directory pages, the social page and shows the copyright year', () => {
    render(
      <MemoryRouter>
        <WithQueryClient>
          <SiteFooter year={2031} />
        </WithQueryClient>
      </MemoryRouter>,
    );
    const expected: Array<[string, string]> = [
      ['Services by State', '/services-by-state'],
      ['Services by Meal Type', '/services-by-meal-type'],
      ['Services That Ship', '/services-that-ship'],
      ['Find a Service', '/find-service'],
      ['About', '/about'],
      ['Blog / Articles', '/articles'],
    ];
    for (const [name, href] of expected) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    const social = screen.getByRole('link', { name: /Instagram/ });
    expect(social).toHaveAttribute('target', '_blank');
    expect(social).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('© 2031 Meal Prep Directory')).toBeInTheDocument();
  });

  it('when no year is given, then the current year is shown', () => {
    render(
      <MemoryRouter>
        <WithQueryClient>
          <SiteFooter />
        </WithQueryClient>
      </MemoryRouter>,
    );
    expect(screen.getByText(`© ${new Date().getFullYear()} Meal Prep Directory`)).toBeInTheDocument();
  });
});
