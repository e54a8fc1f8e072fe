import { createVitestConfig } from '@mealprep/build-config/vitest';

export default createVitestConfig({ name: 'shell', configUrl: import.meta.url });
