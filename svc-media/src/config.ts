import { baseConfigShape, loadConfig } from '@mealprep/service-kit';

export function loadMediaConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig({ ...baseConfigShape }, env);
}
