import { demoArticles, demoServices } from '@mealprep/demo-data';

/** The pages the Lighthouse benches audit (bench/lighthouse.ts, bench/lighthouse-against.ts): a service with a logo, an article. */
const service = demoServices().find((s) => s.status === 'published' && s.media.logoImageId)!;
export const PAGES = ['/', '/services-by-name', '/state/texas', `/service/${service.slug}`, `/articles/${demoArticles()[0]!.slug}`];
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
