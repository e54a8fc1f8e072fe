const POINTS = [
  {
    title: 'Fresher meals',
    text: 'Local kitchens cook close to you, so meals spend hours on the road instead of days.',
  },
  {
    title: 'Real people to talk to',
    text: 'Ask the cook about ingredients, allergies or portion sizes and get an answer from someone who knows.',
  },
  {
    title: 'Your local economy',
    text: 'Ordering from a nearby business keeps your money working in your own community.',
  },
  {
    title: 'Plans that fit you',
    text: 'Many local services offer pickup, flexible weekly plans and menus for specific diets.',
  },
] as const;

export function WhyLocal() {
  return (
    <section aria-labelledby="why-local" className="rounded-2xl bg-gray-50 px-6 py-10 dark:bg-gray-900 sm:px-10">
      <h2 id="why-local" className="text-2xl font-bold tracking-tight">
        Why choose a local service?
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {POINTS.map((point) => (
          <li key={point.title}>
            <h3 className="font-semibold text-emerald-800 dark:text-emerald-300">{point.title}</h3>
            <p className="mt-2 text-sm text-gray-700 dark:text-gray-200">{point.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
