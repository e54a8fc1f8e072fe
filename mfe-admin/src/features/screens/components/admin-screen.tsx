import { usePageMeta } from '@mealprep/ui';

/** The frame of one admin screen: its title and heading. The screens' tools arrive with their own issues. */
export function AdminScreen({ title }: { title: string }) {
  usePageMeta({ title, noindex: true });
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
    </section>
  );
}
