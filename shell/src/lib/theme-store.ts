import { THEME_STORAGE_KEY } from '@mealprep/contracts/browser';
import { useSyncExternalStore } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';

export type Theme = 'light' | 'dark';

export interface ThemeState {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

export interface ThemeEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  prefersDark: () => boolean;
  root: HTMLElement | null;
}

function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

function browserEnvironment(): ThemeEnvironment {
  // A server render has no page: the theme is the page's to apply (its inline script does it first).
  if (typeof window === 'undefined') return { storage: null, prefersDark: () => false, root: null };
  let storage: ThemeEnvironment['storage'] = null;
  try {
    storage = window.localStorage;
  } catch {
    // Storage can be blocked (privacy settings); the theme then lasts for the visit only.
  }
  return {
    storage,
    prefersDark: () => window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false,
    root: document.documentElement,
  };
}

/** The stored choice wins; without one, the system preference. */
export function readInitialTheme(env: ThemeEnvironment): Theme {
  try {
    const stored = env.storage?.getItem(THEME_STORAGE_KEY);
    if (isTheme(stored)) return stored;
  } catch {
    // fall through to the system preference
  }
  return env.prefersDark() ? 'dark' : 'light';
}

export function applyTheme(theme: Theme, root: HTMLElement | null): void {
  if (!root) return;
  root.classList.toggle('dark', theme === 'dark');
  root.setAttribute('data-theme', theme);
}

export function createThemeStore(env: ThemeEnvironment = browserEnvironment()): StoreApi<ThemeState> {
  const store = createStore<ThemeState>()((set, get) => ({
    theme: readInitialTheme(env),
    setTheme: (theme) => {
      try {
        env.storage?.setItem(THEME_STORAGE_KEY, theme);
      } catch {
        // not persisted, still applied
      }
      set({ theme });
    },
    toggleTheme: () => get().setTheme(get().theme === 'dark' ? 'light' : 'dark'),
  }));
  applyTheme(store.getState().theme, env.root);
  store.subscribe((state, previous) => {
    if (state.theme !== previous.theme) applyTheme(state.theme, env.root);
  });
  return store;
}

export const themeStore = createThemeStore();

export function useTheme(): Theme {
  return useStore(themeStore, (state) => state.theme);
}

/**
 * The theme for what a server-rendered page may show only once it runs in the browser (the theme
 * switch's icon and label): the server cannot know the visitor's theme, so while the page is
 * hydrated this answers 'light', as the server did, and the real theme right after. The page's
 * colours never wait for it: the inline script in the head sets them before the first paint.
 */
export function useThemeAfterHydration(): Theme {
  return useSyncExternalStore(
    themeStore.subscribe,
    () => themeStore.getState().theme,
    () => 'light',
  );
}

export function useToggleTheme(): () => void {
  return useStore(themeStore, (state) => state.toggleTheme);
}
