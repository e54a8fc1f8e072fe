import { lookup } from 'node:dns/promises';
import type { Resolve } from './check-website';

/** DNS, or a fixed table (CHECK_HOSTS) where names not in it are not found. */
export function createResolver(table: Array<[string, string]> | null): Resolve {
  if (!table) return async (hostname) => lookup(hostname, { all: true, verbatim: true });
  return async (hostname) => {
    const name = hostname.toLowerCase();
    const hit = table.find(([pattern]) => (pattern.startsWith('*.') ? name.endsWith(pattern.slice(1)) : name === pattern));
    if (!hit) throw Object.assign(new Error(`${hostname} is not in CHECK_HOSTS`), { code: 'ENOTFOUND' });
    return [{ address: hit[1], family: hit[1].includes(':') ? 6 : 4 }];
  };
}
