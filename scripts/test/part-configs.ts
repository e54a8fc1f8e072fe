import { loadAuthConfig } from '../../svc-auth/src/config';
import { loadCatalogConfig } from '../../svc-catalog/src/config';
import { loadCheckerConfig } from '../../svc-checker/src/config';
import { loadMediaConfig } from '../../svc-media/src/config';
import { loadGatewayConfig } from '../../gateway/src/config';
import { loadRendererConfig } from '../../renderer/src/config';

/** Each part's own settings loader (its zod schema): what a deployment's environment for it must pass. */
export const PART_CONFIG_LOADERS = {
  'svc-catalog': loadCatalogConfig,
  'svc-auth': loadAuthConfig,
  'svc-media': loadMediaConfig,
  'svc-checker': loadCheckerConfig,
  gateway: loadGatewayConfig,
  renderer: loadRendererConfig,
} as const;
