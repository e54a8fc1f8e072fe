import { baseConfigShape, loadConfig } from '@mealprep/service-kit';

export function loadAuthConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig({ ...baseConfigShape }, env);
}
