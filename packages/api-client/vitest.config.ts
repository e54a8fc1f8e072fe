import { createVitestConfig } from '@mealprep/build-config/vitest';

export default createVitestConfig({ name: 'api-client', configUrl: import.meta.url });
