import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { AppError, isPublicAddress } from '@mealprep/service-kit';
import { Agent, request } from 'undici';

export { isPublicAddress };

export const NOT_REACHABLE = 'That address cannot be fetched: it must be a public web address (http or https).';

export interface SafeFetchOptions {
  /** Hosts allowed although they resolve to private addresses (tests' local fakes); empty by default. */
  allowHosts: readonly string[];
  maxBytes: number;
  timeoutMs?: number;
  maxRedirects?: number;
}

/**
 * Fetches a URL an admin gave, for its bytes: http(s) on ports 80/443 only, the host resolved here
 * and refused when any address is not public, the connection made to the address that was checked,
 * every redirect checked the same way, the body capped.
 */
export async function fetchPublic(url: string, options: SafeFetchOptions): Promise<{ bytes: Buffer; contentType: string }> {
  let current = url;
  for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop += 1) {
    let target: URL;
    try {
      target = new URL(current);
    } catch {
      throw AppError.badRequest(NOT_REACHABLE);
    }
    const allowed = options.allowHosts.includes(target.hostname);
    if (!['http:', 'https:'].includes(target.protocol) || target.username || target.password) throw AppError.badRequest(NOT_REACHABLE);
    if (!allowed && target.port && !['80', '443'].includes(target.port)) throw AppError.badRequest(NOT_REACHABLE);
    const host = target.hostname.replace(/^\[|\]$/g, '');
    let addresses: Array<{ address: string; family: number }>;
    try {
      addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
    } catch {
      throw AppError.badRequest('That address could not be found.');
    }
    if (addresses.length === 0 || (!allowed && !addresses.every((a) => isPublicAddress(a.address)))) throw AppError.badRequest(NOT_REACHABLE);
    const pinned = addresses[0]!;
    const agent = new Agent({
      connect: {
        timeout: 5_000,
        // Connect to the address checked above, whatever DNS says a moment later.
        lookup: (_hostname: string, _options: unknown, callback: (err: Error | null, address: string, family: number) => void) => callback(null, pinned.address, pinned.family),
      } as never,
    });
    try {
      const answer = await request(target, {
        dispatcher: agent,
        method: 'GET',
        headers: { 'user-agent': 'MealPrepDirectory-ImageFetcher/1.0', accept: 'image/*' },
        headersTimeout: options.timeoutMs ?? 10_000,
        bodyTimeout: options.timeoutMs ?? 10_000,
      });
      if (answer.statusCode >= 300 && answer.statusCode < 400 && typeof answer.headers.location === 'string') {
        await answer.body.dump();
        current = new URL(answer.headers.location, target).toString();
        continue;
      }
      if (answer.statusCode !== 200) {
        await answer.body.dump();
        throw AppError.badRequest(`The image could not be fetched (HTTP ${answer.statusCode}).`);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of answer.body) {
        size += (chunk as Buffer).length;
        if (size > options.maxBytes) {
          answer.body.destroy();
          throw new AppError('too_large', 'Image size must be less than 10MB', { status: 413 });
        }
        chunks.push(chunk as Buffer);
      }
      return { bytes: Buffer.concat(chunks), contentType: String(answer.headers['content-type'] ?? '') };
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw AppError.badRequest('The image could not be fetched.');
    } finally {
      await agent.close().catch(() => undefined);
    }
  }
  throw AppError.badRequest('The image address redirects too many times.');
}
