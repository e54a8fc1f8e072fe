import { fileURLToPath } from 'node:url';
import { createRspackConfig } from '@mealprep/build-config/rspack';

export default createRspackConfig({
  appDir: fileURLToPath(new URL('.', import.meta.url)),
  name: 'shell',
  kind: 'host',
  port: 3000,
});
