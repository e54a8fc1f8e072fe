import type { ReactNode } from 'react';

/**
 * The admin screens' tables: a frame that scrolls sideways, one header row of column names, the
 * rows given. On a screen narrower than the table its first column stays in place while the rest
 * scrolls under it, so every row still says what it is.
 */
const STICKY_FIRST_COLUMN = '[&_tr>*:first-child]:sticky [&_tr>*:first-child]:left-0 [&_tr>*:first-child]:z-10 [&_tr>*:first-child]:bg-white dark:[&_tr>*:first-child]:bg-gray-950';

export function AdminTable({ columns, children }: { columns: ReactNode[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className={`w-full text-left text-sm ${STICKY_FIRST_COLUMN}`}>
        <thead className="border-b border-gray-200 dark:border-gray-800">
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col" className={i === columns.length - 1 ? 'py-2' : 'py-2 pr-4'}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** What an admin list says when there is nothing to show. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <div className="rounded-lg border border-dashed border-gray-300 p-8 text-center dark:border-gray-700">{children}</div>;
}
