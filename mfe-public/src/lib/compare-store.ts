import { COMPARE_FULL_MESSAGE, MAX_COMPARED } from '@mealprep/contracts/browser';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface ComparedItem {
  slug: string;
  name: string;
}

interface CompareState {
  /** The listings in the tray, in the order they were added (at most MAX_COMPARED). */
  items: ComparedItem[];
  /** Why the last addition was refused (the tray is full), until the tray changes. */
  notice: string | null;
  toggle: (item: ComparedItem) => void;
  remove: (slug: string) => void;
  clear: () => void;
}

/**
 * The compare tray: kept in the browser's storage so it stays across pages and visits. It is read
 * after the page is hydrated (`rehydrate`), so the server's HTML and the first render agree.
 */
export const useCompareTray = create<CompareState>()(
  persist(
    (set, get) => ({
      items: [],
      notice: null,
      toggle: (item) => {
        const { items } = get();
        if (items.some((i) => i.slug === item.slug)) set({ items: items.filter((i) => i.slug !== item.slug), notice: null });
        else if (items.length >= MAX_COMPARED) set({ notice: COMPARE_FULL_MESSAGE });
        else set({ items: [...items, item], notice: null });
      },
      remove: (slug) => set({ items: get().items.filter((i) => i.slug !== slug), notice: null }),
      clear: () => set({ items: [], notice: null }),
    }),
    {
      name: 'mealprep-compare',
      storage: createJSONStorage(() => localStorage),
      skipHydration: true,
      partialize: (state) => ({ items: state.items }),
      // What another version of the site left there: only well-formed entries, MAX_COMPARED at most.
      merge: (stored, current) => {
        const items = Array.isArray((stored as { items?: unknown } | null)?.items) ? ((stored as { items: unknown[] }).items as ComparedItem[]) : [];
        return { ...current, items: items.filter((i) => typeof i?.slug === 'string' && typeof i?.name === 'string').slice(0, MAX_COMPARED) };
      },
    },
  ),
);
