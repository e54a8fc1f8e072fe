import { createVitestConfig } from '@mealprep/build-config/vitest';

export default createVitestConfig({ name: 'mfe-dashboard', configUrl: import.meta.url });
