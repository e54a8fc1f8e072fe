import type { ReactNode } from 'react';

/** The title block every list page starts with. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {children ? <div className="mt-4 max-w-2xl text-gray-700 dark:text-gray-200">{children}</div> : null}
    </header>
  );
}
