/** The checker's resolver is the one the guarded fetch takes: DNS, or the CHECK_HOSTS table. */
export { createResolver } from '@mealprep/service-kit';
