import { createVitestConfig } from '@mealprep/build-config/vitest';

export default createVitestConfig({ name: 'ui', configUrl: import.meta.url });
