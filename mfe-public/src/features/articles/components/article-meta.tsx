import { formatPublicDate } from '@mealprep/ui';

export function ArticleDate({ iso }: { iso: string | null }) {
  const text = formatPublicDate(iso);
  return text && iso ? <time dateTime={iso}>{text}</time> : null;
}

export function TagList({ tags, label = 'Tags' }: { tags: string[]; label?: string }) {
  if (!tags.length) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag} className="rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-medium text-gray-800 dark:bg-gray-800 dark:text-gray-100">
          {tag}
        </li>
      ))}
    </ul>
  );
}
