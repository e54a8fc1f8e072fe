export { demoBanners, type DemoBanner } from './banners';
export { demoArticles, type DemoArticle } from './articles';
export { demoId } from './ids';
export { demoLogos, demoServices, type DemoService } from './services';
