import { Link } from 'react-router-dom';

// On the green hero the design system's colours would clash, so these buttons keep only its shape.
function heroButton(colors: string): string {
  return `inline-flex h-12 items-center justify-center rounded-md px-6 text-base font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${colors}`;
}

export function HomeHero() {
  return (
    <section className="rounded-2xl bg-gradient-to-br from-emerald-700 to-emerald-900 px-6 py-16 text-center text-white sm:px-12">
      <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Meals Prepped &amp; Delivered Locally</h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-emerald-50">
        Find meal prep services near you, from local kitchens to services that ship nationwide.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/find-service"
          className={heroButton('bg-white text-emerald-900 hover:bg-emerald-50')}
        >
          Find a Service
        </Link>
        <Link
          to="/add-your-service"
          className={heroButton('border border-white text-white hover:bg-emerald-800')}
        >
          Add Your Service
        </Link>
      </div>
    </section>
  );
}
