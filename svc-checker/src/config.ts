import { baseConfigShape, loadConfig } from '@mealprep/service-kit';

export function loadCheckerConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig({ ...baseConfigShape }, env);
}
