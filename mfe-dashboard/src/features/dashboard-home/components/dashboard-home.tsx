import { usePageMeta } from '@mealprep/ui';

export function DashboardHome() {
  usePageMeta({ title: 'Dashboard', noindex: true });
  return (
    <section className="py-8">
      <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
    </section>
  );
}
