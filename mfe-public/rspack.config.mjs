import { fileURLToPath } from 'node:url';
import { createRspackConfig } from '@mealprep/build-config/rspack';

export default createRspackConfig({
  appDir: fileURLToPath(new URL('.', import.meta.url)),
  name: 'mfe_public',
  kind: 'remote',
  exposes: { './routes': './src/routes.tsx' },
  port: 3001,
});
