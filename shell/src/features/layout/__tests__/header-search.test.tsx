import { render, screen, within } from '@testing-library/react';
import { renderOnServerThenHydrate } from '@mealprep/ui/testing';
import userEvent from '@testing-library/user-event';
import { useLocation } from '@mealprep/router';
import { MemoryRouter } from '@mealprep/router/testing';
import { searchPath } from '../components/header-search';
import { SiteHeader } from '../components/site-header';
import { WithQueryClient } from '../../../testing/providers';

function CurrentUrl() {
  const { pathname, search } = useLocation();
  return <output aria-label="current url">{`${pathname}${search}`}</output>;
}

function renderHeader(path = '/') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <WithQueryClient>
        <SiteHeader />
      </WithQueryClient>
      <CurrentUrl />
    </MemoryRouter>,
  );
  return () => screen.getByRole('status', { name: 'current url' }).textContent;
}

describe('header search', () => {
  it('when a visitor searches, then the find-a-service page opens with the trimmed text as q', async () => {
    const currentUrl = renderHeader();
    const search = within(screen.getByRole('search'));
    const input = search.getByRole('searchbox', { name: 'Search services' });
    expect(input).toHaveAttribute('name', 'q');
    expect(input).toHaveAttribute('type', 'search');
    await userEvent.type(input, '  keto & paleo  {Enter}');
    expect(currentUrl()).toBe('/find-service?q=keto+%26+paleo');
  });

  it('when a visitor types into a server-rendered page before it is hydrated, then the text is kept and searched for', async () => {
    const tree = (
      <MemoryRouter initialEntries={['/about']}>
        <WithQueryClient>
          <SiteHeader />
        </WithQueryClient>
        <CurrentUrl />
      </MemoryRouter>
    );
    let input: HTMLInputElement | null = null;
    const page = await renderOnServerThenHydrate(tree, (container) => {
      input = within(container).getAllByRole('searchbox', { name: 'Search services' })[0] as HTMLInputElement;
      input.value = 'keto';
    });
    try {
      expect(input!.value).toBe('keto');
      await userEvent.type(input!, '{Enter}');
      expect(within(page.container).getByRole('status', { name: 'current url' }).textContent).toBe('/find-service?q=keto');
    } finally {
      page.done();
    }
  });

  it('when the box is empty or blank, then submitting does nothing', async () => {
    const currentUrl = renderHeader('/about');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search services' }), '   {Enter}');
    expect(currentUrl()).toBe('/about');
  });

  it('when more than 100 characters are typed, then only 100 are kept', async () => {
    renderHeader();
    const input = screen.getByRole('searchbox', { name: 'Search services' });
    expect(input).toHaveAttribute('maxLength', '100');
    expect(searchPath('x'.repeat(150))).toBe(`/find-service?q=${'x'.repeat(100)}`);
  });

  it('when a ZIP code is typed, then the search leads to the services near it', async () => {
    const currentUrl = renderHeader('/about');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search services' }), '78701{Enter}');
    expect(currentUrl()).toBe('/near/78701');
    expect(searchPath(' 78701-1234 ')).toBe('/near/78701');
    expect(searchPath('787012')).toBe('/find-service?q=787012');
  });

  it('when the mobile menu is open, then the search is in it and a search closes the menu', async () => {
    const currentUrl = renderHeader('/find-service');
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = document.getElementById('site-nav');
    expect(menu).not.toBeNull();
    const input = within(menu as HTMLElement).getByRole('searchbox', { name: 'Search services' });
    await userEvent.type(input, 'vegan{Enter}');
    expect(currentUrl()).toBe('/find-service?q=vegan');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
