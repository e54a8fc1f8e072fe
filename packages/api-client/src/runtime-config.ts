import { RUNTIME_CONFIG_ELEMENT_ID } from '@mealprep/contracts/browser';
import type { RuntimeConfig } from '@mealprep/contracts';

export const RUNTIME_CONFIG_URL = '/runtime-config.json';

export interface ReadRuntimeConfigOptions {
  document?: Document;
  fetch?: typeof fetch;
}

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const hasStrings = (value: unknown, keys: readonly string[]): value is Fields =>
  isObject(value) && keys.every((key) => typeof value[key] === 'string');
const nullOrStrings = (value: unknown, keys: readonly string[]) => value === null || hasStrings(value, keys);

/**
 * The shape the shell relies on (RuntimeConfigSchema on the gateway), checked by hand so the
 * browser ships no schema library. The gateway builds this object itself; the check only guards
 * against a page served by something else.
 */
export function isRuntimeConfig(value: unknown): value is RuntimeConfig {
  if (!hasStrings(value, ['siteName', 'siteUrl', 'apiBase'])) return false;
  if (!hasStrings(value.remotes, ['public', 'dashboard', 'admin'])) return false;
  const { analytics, forms } = value;
  if (!isObject(analytics)) return false;
  return (
    nullOrStrings(analytics.product, ['key', 'host', 'scriptSrc']) &&
    nullOrStrings(analytics.site, ['siteId', 'scriptSrc']) &&
    nullOrStrings(analytics.marketing, ['scriptId', 'scriptSrc']) &&
    hasStrings(forms, ['embedScriptSrc']) &&
    (forms.addServiceFormId === null || typeof forms.addServiceFormId === 'string')
  );
}

function checked(value: unknown): RuntimeConfig {
  if (!isRuntimeConfig(value)) throw new Error('The runtime config is not in the expected shape.');
  return value;
}

/**
 * The gateway inlines the runtime config into index.html; when it is missing (a page served by
 * something else, a dev server) it is fetched instead. Either way its shape is checked before use.
 */
export async function readRuntimeConfig({ document: doc = document, fetch: fetchImpl }: ReadRuntimeConfigOptions = {}): Promise<RuntimeConfig> {
  const element = doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID);
  if (element?.textContent?.trim()) {
    return checked(JSON.parse(element.textContent));
  }
  const doFetch = fetchImpl ?? globalThis.fetch.bind(globalThis);
  const response = await doFetch(RUNTIME_CONFIG_URL, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`The runtime config could not be loaded (status ${response.status}).`);
  return checked(await response.json());
}
