import { RUNTIME_CONFIG_ELEMENT_ID } from '@mealprep/contracts/browser';
import type { RuntimeConfig } from '@mealprep/contracts';
import { queryKeys } from './query-keys';

export const RUNTIME_CONFIG_URL = '/runtime-config.json';

export interface ReadRuntimeConfigOptions {
  document?: Document;
  fetch?: typeof fetch;
}

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const hasStrings = (value: unknown, keys: readonly string[]): value is Fields => isObject(value) && keys.every((key) => typeof value[key] === 'string');
const nullOrStrings = (value: unknown, keys: readonly string[]) => value === null || hasStrings(value, keys);

/**
 * The shape the shell relies on (RuntimeConfigSchema on the gateway), checked by hand so the
 * browser ships no schema library. The gateway builds this object itself; the check only guards
 * against a page served by something else.
 */
export function isRuntimeConfig(value: unknown): value is RuntimeConfig {
  if (!hasStrings(value, ['siteName', 'siteUrl', 'apiBase'])) return false;
  if (!hasStrings(value.remotes, ['public', 'dashboard', 'admin'])) return false;
  // The brand's own fields are the gateway's (read from svc-catalog through its schema): a page
  // served by something else has no brand at all, which is what this tells apart.
  if (!isObject(value.brand) || typeof value.brand.version !== 'number') return false;
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

/** The runtime config the page carries (the gateway or the renderer inlined it), or null; read at once. */
export function readInlineRuntimeConfig(doc: Document = document): RuntimeConfig | null {
  const text = doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent?.trim();
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isRuntimeConfig(value) ? value : null;
  } catch {
    return null;
  }
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

/**
 * The runtime config as a query, so every component reads it at once from the QueryClient the
 * page shares: the shell puts it there before the first render (from the page, or the server
 * render's own), and it never goes stale while the page is open.
 */
export const RUNTIME_CONFIG_QUERY_KEY = queryKeys.runtimeConfig;
export const runtimeConfigQuery = {
  queryKey: RUNTIME_CONFIG_QUERY_KEY,
  queryFn: () => readRuntimeConfig(),
  staleTime: Infinity,
  gcTime: Infinity,
  meta: { public: true },
} as const;

/**
 * Marks a query whose answer is the same for every visitor: a server render fetches such queries
 * for the page and hands them to the browser. Anything about the person (their session, their
 * listings) is never marked, so it is never fetched on the server nor cached in a page.
 */
export const PUBLIC_QUERY = { public: true } as const;

export function isPublicQueryMeta(meta: Record<string, unknown> | undefined): boolean {
  return meta?.public === true;
}

/**
 * The meta of a public query that reads one API path (under /api, with its query string, exactly
 * as it is fetched): the page's route table names its reads with these, and the gateway preloads
 * those paths for a page the browser renders.
 */
export function publicRead(path: string): { public: true; path: string } {
  return { public: true, path };
}

/** The API path a public query reads (see publicRead), or null. */
export function apiPathOf(meta: Record<string, unknown> | undefined): string | null {
  return isPublicQueryMeta(meta) && typeof meta?.path === 'string' ? meta.path : null;
}
