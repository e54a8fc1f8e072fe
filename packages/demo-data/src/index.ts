export { demoBanners, type DemoBanner } from './banners';
export { demoId } from './ids';
export { demoLogos, demoServices, type DemoService } from './services';
