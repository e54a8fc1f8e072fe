import { comparePath, MAX_COMPARED } from '@mealprep/contracts/browser';
import { Link } from '@mealprep/router';
import { buttonClassName } from '@mealprep/ui';
import { useEffect } from 'react';
import { useCompareTray, type ComparedItem } from '../../../lib/compare-store';

/** "Compare" on a card: adds the listing to the tray, or takes it out (pressed while it is in). */
export function CompareToggle({ item }: { item: ComparedItem }) {
  const chosen = useCompareTray((state) => state.items.some((i) => i.slug === item.slug));
  const toggle = useCompareTray((state) => state.toggle);
  return (
    <button
      type="button"
      aria-pressed={chosen}
      aria-label={`Compare ${item.name}`}
      onClick={() => toggle(item)}
      className={`relative z-10 rounded-md border px-2.5 py-1 text-xs font-semibold print:hidden ${chosen ? 'border-emerald-700 bg-emerald-700 text-white dark:border-emerald-400 dark:bg-emerald-400 dark:text-gray-950' : 'border-gray-400 text-gray-800 hover:bg-gray-100 dark:border-gray-500 dark:text-gray-100 dark:hover:bg-gray-800'}`}
    >
      {chosen ? '✓ Compare' : '+ Compare'}
    </button>
  );
}

/** The tray at the foot of every public page while listings are chosen: their names, and the way to the compare page. */
export function CompareTray() {
  const { items, notice, remove, clear } = useCompareTray();
  useEffect(() => {
    void useCompareTray.persist.rehydrate();
  }, []);
  if (items.length === 0 && !notice) return null;
  return (
    <section
      aria-label="Compare tray"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-gray-200 bg-white/95 px-4 py-3 shadow-lg backdrop-blur print:hidden dark:border-gray-700 dark:bg-gray-900/95"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3">
        <p className="text-sm font-semibold">
          Compare ({items.length} of {MAX_COMPARED})
        </p>
        <ul className="flex flex-wrap gap-2">
          {items.map((item) => (
            <li key={item.slug} className="flex items-center gap-1 rounded-full bg-gray-100 py-0.5 pl-3 pr-1 text-sm dark:bg-gray-800">
              {item.name}
              <button
                type="button"
                aria-label={`Remove ${item.name} from compare`}
                onClick={() => remove(item.slug)}
                className="rounded-full px-1.5 text-gray-700 hover:bg-gray-200 dark:text-gray-200 dark:hover:bg-gray-700"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        {notice ? (
          <p role="status" className="text-sm font-medium text-amber-800 dark:text-amber-300">
            {notice}
          </p>
        ) : null}
        <div className="ml-auto flex gap-2">
          {items.length >= 2 ? (
            <Link to={comparePath(items.map((i) => i.slug))} className={buttonClassName({ size: 'sm' })}>
              Compare now
            </Link>
          ) : (
            <span className="text-sm text-gray-700 dark:text-gray-300">Choose one more to compare</span>
          )}
          <button type="button" onClick={clear} className={buttonClassName({ size: 'sm', variant: 'outline' })}>
            Clear
          </button>
        </div>
      </div>
    </section>
  );
}
