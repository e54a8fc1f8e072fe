export { AboutPage } from '../features/info/components/about-page';
export { PrivacyPage, TermsPage } from '../features/info/components/legal-page';
