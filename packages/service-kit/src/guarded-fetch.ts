import type { IncomingHttpHeaders } from 'node:http';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, request } from 'undici';
import { isPublicAddress } from './net-guard';
import type { Resolve, ResolvedAddress } from './resolver';

export interface GuardedFetchOptions {
  /** Hosts that may resolve to private addresses and use any port (tests' local fakes); empty by default. */
  allowHosts: readonly string[];
  resolve: Resolve;
  headers: Record<string, string>;
  /** This fetch's whole time, redirects and body included. */
  timeoutMs: number;
  /** Ends the fetch early (a caller's own budget); its reason is thrown. */
  signal?: AbortSignal;
  /** How much of the body is read; reading stops there. */
  maxBytes: number;
  maxRedirects: number;
}

export interface GuardedAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** At most maxBytes. */
  body: Buffer;
  /** The body reached maxBytes and reading stopped (there may have been more). */
  truncated: boolean;
  /** Where the answer came from, after redirects. */
  url: URL;
}

export type RefusalKind = 'scheme' | 'credentials' | 'port' | 'private-address' | 'internal-name' | 'not-found' | 'no-address' | 'resolves-private' | 'bad-redirect' | 'too-many-redirects';

/** Why the guard fetched nothing (more) from an address; the message says it for people. */
export class FetchRefused extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
  ) {
    super(message);
    this.name = 'FetchRefused';
  }
}

const INTERNAL_SUFFIXES = ['.localhost', '.local', '.internal', '.intranet', '.lan', '.home', '.corp', '.home.arpa', '.test', '.invalid', '.example'];

/**
 * Resolves and vets one hop: http(s) only, no credentials, ports 80/443 and public addresses only
 * (unless the host is allowed), every address the name has checked. Returns the addresses to pin.
 */
async function vet(url: URL, options: GuardedFetchOptions, redirected: boolean, budget: AbortSignal): Promise<ResolvedAddress[]> {
  const scheme = url.protocol.replace(':', '');
  if (scheme !== 'http' && scheme !== 'https')
    throw new FetchRefused('scheme', redirected ? `Refused: a redirect to a ${scheme} address.` : `Refused: only http and https addresses are fetched (not ${scheme}).`);
  if (url.username || url.password) throw new FetchRefused('credentials', 'Refused: the address carries a user name or password.');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  const allowed = options.allowHosts.some((h) => h.toLowerCase() === host);
  if (!allowed && url.port && url.port !== '80' && url.port !== '443') throw new FetchRefused('port', `Refused: only ports 80 and 443 are checked (not ${url.port}).`);
  if (!allowed) {
    if (isIP(host)) {
      if (!isPublicAddress(host)) throw new FetchRefused('private-address', `Refused: ${host} is a private or special-purpose address.`);
    } else if (!name.includes('.') || name === 'localhost' || INTERNAL_SUFFIXES.some((s) => name.endsWith(s))) {
      throw new FetchRefused('internal-name', `Refused: ${host} is an internal host name.`);
    }
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await untilAborted(options.resolve(host), budget);
  } catch (err) {
    if (budget.aborted) throw err;
    throw new FetchRefused('not-found', `DNS: ${host} was not found.`);
  }
  if (addresses.length === 0) throw new FetchRefused('no-address', `DNS: ${host} has no address.`);
  const hidden = allowed ? undefined : addresses.find((a) => !isPublicAddress(a.address));
  if (hidden) throw new FetchRefused('resolves-private', `Refused: ${host} resolves to a private address (${hidden.address}).`);
  return addresses;
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A lookup that answers only with the vetted addresses, whatever DNS would say a moment later.
 * Node asks for `all` addresses (to try IPv4 and IPv6 in turn), and then wants an array.
 */
export function pinnedLookup(addresses: readonly ResolvedAddress[]) {
  return (_hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const family = options?.family === 4 || options?.family === 6 ? options.family : 0;
    const usable = family ? addresses.filter((a) => a.family === family) : [...addresses];
    if (usable.length === 0) return callback(Object.assign(new Error(`no vetted IPv${family} address`), { code: 'ENOTFOUND' }), []);
    if (options?.all)
      return callback(
        null,
        usable.map(({ address, family: f }) => ({ address, family: f })),
      );
    callback(null, usable[0]!.address, usable[0]!.family);
  };
}

/** Reads until the end or the cap, whichever comes first: a body that reaches the cap is not waited on further. */
async function readCapped(body: AsyncIterable<Buffer> & { destroy(): void }, maxBytes: number): Promise<{ body: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const kept = chunk.subarray(0, maxBytes - size);
    chunks.push(kept);
    size += kept.length;
    if (size >= maxBytes) {
      body.destroy();
      return { body: Buffer.concat(chunks), truncated: true };
    }
  }
  return { body: Buffer.concat(chunks), truncated: false };
}

/**
 * Fetches an address given by someone outside (an admin's image URL, a listed website) with a GET:
 * every hop, redirects included, is vetted and its connection pinned to the vetted addresses; the
 * body is read up to a cap, everything within one time budget. A refusal throws FetchRefused,
 * a network failure the client's error, the end of the budget a TimeoutError (or the signal's reason).
 */
export async function guardedFetch(url: string | URL, options: GuardedFetchOptions): Promise<GuardedAnswer> {
  const deadline = Date.now() + options.timeoutMs;
  const remaining = () => Math.max(1, deadline - Date.now());
  const budget = AbortSignal.any([AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])]);
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    throw new FetchRefused('scheme', 'Refused: not a web address.');
  }
  for (let hop = 0; hop <= options.maxRedirects; hop += 1) {
    const addresses = await vet(current, options, hop > 0, budget);
    const agent = new Agent({ connect: { timeout: Math.min(10_000, remaining()), lookup: pinnedLookup(addresses) } });
    try {
      const answer = await request(current, {
        dispatcher: agent,
        method: 'GET',
        signal: budget,
        headers: options.headers,
        headersTimeout: remaining(),
        bodyTimeout: remaining(),
      });
      answer.body.on('error', () => undefined);
      const location = answer.headers.location;
      if (answer.statusCode >= 300 && answer.statusCode < 400 && typeof location === 'string') {
        answer.body.destroy();
        try {
          current = new URL(location, current);
        } catch {
          throw new FetchRefused('bad-redirect', 'A redirect points to an address that is not valid.');
        }
        continue;
      }
      const read = await readCapped(answer.body, options.maxBytes);
      return { status: answer.statusCode, headers: answer.headers, ...read, url: current };
    } catch (err) {
      if (budget.aborted && !(err instanceof FetchRefused)) throw budget.reason;
      throw err;
    } finally {
      void agent.destroy().catch(() => undefined);
    }
  }
  throw new FetchRefused('too-many-redirects', `More than ${options.maxRedirects} redirects.`);
}
