import { fileURLToPath } from 'node:url';
import { createServerRspackConfig } from '@mealprep/build-config/rspack';

// The server build of the public pages: what the renderer loads to render them (see renderer/).
export default createServerRspackConfig({
  appDir: fileURLToPath(new URL('.', import.meta.url)),
  name: 'mfe_public',
  entry: './src/server.tsx',
});
