import { render, screen, within } from '@testing-library/react';
import { renderOnServerThenHydrate } from '@mealprep/ui/testing';
import userEvent from '@testing-library/user-event';
import { ThemeSwitch } from '../../../lib/theme-switch';
import { runEarlyClickScript } from '../../../testing/early-clicks';
import { createThemeStore, themeStore, type ThemeEnvironment } from '../../../lib/theme-store';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

function environment(overrides: Partial<ThemeEnvironment> = {}): ThemeEnvironment {
  return { storage: memoryStorage(), prefersDark: () => false, root: document.createElement('html'), ...overrides };
}

describe('theme store', () => {
  it('when a theme is stored under app:theme, then it is used whatever the system prefers', () => {
    const env = environment({ storage: memoryStorage({ 'app:theme': 'dark' }), prefersDark: () => false });
    expect(createThemeStore(env).getState().theme).toBe('dark');
    expect(env.root).toHaveClass('dark');
    expect(env.root).toHaveAttribute('data-theme', 'dark');
  });

  it('when nothing is stored, then the system preference decides', () => {
    expect(createThemeStore(environment({ prefersDark: () => true })).getState().theme).toBe('dark');
    expect(createThemeStore(environment({ prefersDark: () => false })).getState().theme).toBe('light');
  });

  it('when the stored value is not light or dark, then it is ignored', () => {
    const env = environment({ storage: memoryStorage({ 'app:theme': 'purple' }), prefersDark: () => true });
    expect(createThemeStore(env).getState().theme).toBe('dark');
  });

  it('when toggled, then the new theme is stored under app:theme and set on the document element', () => {
    const storage = memoryStorage();
    const env = environment({ storage });
    const store = createThemeStore(env);

    store.getState().toggleTheme();
    expect(store.getState().theme).toBe('dark');
    expect(storage.data.get('app:theme')).toBe('dark');
    expect(env.root).toHaveClass('dark');
    expect(env.root).toHaveAttribute('data-theme', 'dark');

    store.getState().toggleTheme();
    expect(storage.data.get('app:theme')).toBe('light');
    expect(env.root).not.toHaveClass('dark');
    expect(env.root).toHaveAttribute('data-theme', 'light');
  });
});

describe('theme switch', () => {
  beforeEach(() => {
    themeStore.getState().setTheme('light');
    localStorage.clear();
  });

  it('when the user clicks it, then the page turns dark, the choice is kept and the label flips', async () => {
    render(<ThemeSwitch />);
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));

    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem('app:theme')).toBe('dark');

    await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem('app:theme')).toBe('light');
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
  });

  it('when the page comes from the server and the visitor clicks the switch before it is hydrated, then the click is kept: the page turns dark once hydrated', async () => {
    const stop = runEarlyClickScript();
    let darkBefore: boolean | null = null;
    const page = await renderOnServerThenHydrate(<ThemeSwitch />, (container) => {
      const button = within(container).getByRole('button', { name: 'Switch to dark theme' });
      expect(button).toBeEnabled();
      button.click();
      darkBefore = document.documentElement.classList.contains('dark');
    });
    try {
      expect(darkBefore).toBe(false);
      expect(document.documentElement).toHaveClass('dark');
      const button = within(page.container).getByRole('button', { name: 'Switch to light theme' });
      expect(button).not.toHaveAttribute('data-early-click');
      await userEvent.click(button);
      expect(document.documentElement).not.toHaveClass('dark');
    } finally {
      page.done();
      stop();
    }
  });
});
