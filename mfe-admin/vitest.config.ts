import { createVitestConfig } from '@mealprep/build-config/vitest';

export default createVitestConfig({ name: 'mfe-admin', configUrl: import.meta.url });
