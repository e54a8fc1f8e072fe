import { shareLinks } from '../../../lib/outbound';

export function ShareLinks({ url, title }: { url: string; title: string }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {shareLinks(url, title).map(({ network, href }) => (
        <li key={network}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Share on ${network}`}
            className="inline-flex h-9 items-center rounded-md border border-gray-300 px-3 text-sm font-medium text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:border-gray-600 dark:text-gray-100 dark:hover:bg-gray-800"
          >
            {network}
          </a>
        </li>
      ))}
    </ul>
  );
}
