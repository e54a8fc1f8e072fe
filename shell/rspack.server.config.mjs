import { fileURLToPath } from 'node:url';
import { createServerRspackConfig } from '@mealprep/build-config/rspack';

// The shell's server part: its routes, layout, header and footer, as the renderer renders them
// around a public page (see renderer/). Published beside the shell's page, named by release.json.
export default createServerRspackConfig({
  appDir: fileURLToPath(new URL('.', import.meta.url)),
  name: 'shell',
  entry: './src/server.tsx',
});
