import { createVitestConfig } from '@mealprep/build-config/vitest';

export default createVitestConfig({ name: 'mfe-public', configUrl: import.meta.url });
