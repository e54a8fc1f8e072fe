import { baseConfigShape, loadConfig } from '@mealprep/service-kit';

export const catalogConfigShape = { ...baseConfigShape };

export type CatalogConfig = ReturnType<typeof loadCatalogConfig>;

export function loadCatalogConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(catalogConfigShape, env);
}
