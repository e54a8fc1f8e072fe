import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { z } from 'zod';

export interface ResolvedAddress {
  address: string;
  family: number;
}
/** A host name to its addresses; throws (code ENOTFOUND) when there is none such. */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

/** `name=address` pairs, `*.` for a whole domain. */
export type HostTable = Array<[string, string]>;

/**
 * DNS, or a fixed table (CHECK_HOSTS, IMAGE_FETCH_HOSTS) where names not in it are not found, so
 * tests never send a query off the machine.
 */
export function createResolver(table: HostTable | null): Resolve {
  if (!table) return async (hostname) => lookup(hostname, { all: true, verbatim: true });
  return async (hostname) => {
    const name = hostname.toLowerCase();
    const hit = table.find(([pattern]) => (pattern.startsWith('*.') ? name.endsWith(pattern.slice(1)) : name === pattern));
    if (!hit) throw Object.assign(new Error(`${hostname} is not in the fixed host table`), { code: 'ENOTFOUND' });
    return [{ address: hit[1], family: isIP(hit[1]) }];
  };
}

const PAIR = /^(\*\.)?[a-z0-9.-]+=[0-9a-f.:]+$/i;

/** The setting of a fixed host table: unset or empty is DNS (null). */
export const hostTableSetting = z
  .string()
  .default('')
  .refine((text) => text === '' || text.split(',').every((pair) => PAIR.test(pair.trim()) && isIP(pair.trim().split('=')[1]!) !== 0), 'must be name=address pairs, comma separated')
  .transform((text): HostTable | null => (text === '' ? null : text.split(',').map((pair) => pair.trim().toLowerCase().split('=') as [string, string])));
