import { fileURLToPath } from 'node:url';
import { createRspackConfig } from '@mealprep/build-config/rspack';

export default createRspackConfig({
  appDir: fileURLToPath(new URL('.', import.meta.url)),
  name: 'shell',
  kind: 'host',
  // The analytics' scripts, loaded by every page once it has rendered when a setting names one.
  startChunksWhen: { analytics: './src/features/analytics/start-analytics.ts' },
  port: 3000,
});
