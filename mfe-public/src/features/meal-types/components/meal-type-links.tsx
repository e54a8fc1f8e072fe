import { Link } from '@mealprep/router';
import { useMealTypeLabel } from '../hooks/use-meal-type-label';

export function MealTypeLinks({ slugs }: { slugs: string[] }) {
  const label = useMealTypeLabel();
  return (
    <ul className="flex flex-wrap gap-2">
      {slugs.map((slug) => (
        <li key={slug}>
          <Link
            to={`/meal-type/${encodeURIComponent(slug)}`}
            className="inline-flex rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-900 hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:bg-emerald-950 dark:text-emerald-100 dark:hover:bg-emerald-900"
          >
            {label(slug)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
