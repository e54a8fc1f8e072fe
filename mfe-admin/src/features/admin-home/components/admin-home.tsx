import { usePageMeta } from '@mealprep/ui';

export function AdminHome() {
  usePageMeta({ title: 'Admin', noindex: true });
  return (
    <section className="py-8">
      <h1 className="text-3xl font-bold tracking-tight">Admin</h1>
    </section>
  );
}
