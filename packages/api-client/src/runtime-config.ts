import { RUNTIME_CONFIG_ELEMENT_ID, RuntimeConfigSchema, type RuntimeConfig } from '@mealprep/contracts';

export const RUNTIME_CONFIG_URL = '/runtime-config.json';

export interface ReadRuntimeConfigOptions {
  document?: Document;
  fetch?: typeof fetch;
}

/**
 * The gateway inlines the runtime config into index.html; when it is missing (a page served by
 * something else, a dev server) it is fetched instead. Either way it is validated before use.
 */
export async function readRuntimeConfig({ document: doc = document, fetch: fetchImpl }: ReadRuntimeConfigOptions = {}): Promise<RuntimeConfig> {
  const element = doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID);
  if (element?.textContent?.trim()) {
    return RuntimeConfigSchema.parse(JSON.parse(element.textContent));
  }
  const doFetch = fetchImpl ?? globalThis.fetch.bind(globalThis);
  const response = await doFetch(RUNTIME_CONFIG_URL, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`The runtime config could not be loaded (status ${response.status}).`);
  return RuntimeConfigSchema.parse(await response.json());
}
