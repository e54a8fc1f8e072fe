/**
 * The 41 public pages the page benchmarks ask for (render-cpu.ts, catalog-reads.ts, page-html-against.ts): home, about,
 * the states, ten A–Z pages, eight state pages and twenty service pages of the catalogue at `catalogUrl`.
 */
export async function benchPages(catalogUrl: string): Promise<string[]> {
  const slugs = ((await (await fetch(`${catalogUrl}/services?pageSize=24`)).json()) as { items: Array<{ slug: string }> }).items.map((s) => s.slug);
  const states = ['texas', 'california', 'new-york', 'florida', 'colorado', 'washington', 'ohio', 'georgia'];
  return [
    '/',
    '/about',
    '/services-by-state',
    ...Array.from({ length: 10 }, (_, i) => `/services-by-name?page=${i + 1}`),
    ...states.map((s) => `/state/${s}`),
    ...slugs.slice(0, 20).map((slug) => `/service/${slug}`),
  ];
}
