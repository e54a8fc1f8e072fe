export { demoBanners, type DemoBanner } from './banners';
export { demoArticles, type DemoArticle } from './articles';
export { demoId } from './ids';
export { demoLogos, demoReviews, demoServices, type DemoService } from './services';
export type { DemoReview } from './reviews';
export { ARTICLE_CSV_COLUMNS, DEMO_ARTICLES_DATE, DEMO_CSV_FILES, SERVICE_CSV_COLUMNS, demoArticlesCsv, demoServicesCsv, readDemoCsv } from './csv';
export { DEMO_PICTURE_SIZE, DEMO_PICTURE_WIDTHS, demoPictureHash, demoPhotosOf, demoPictures, type DemoPhoto, type DemoPicture } from './photos';
