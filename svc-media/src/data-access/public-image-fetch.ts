import { AppError, FetchRefused, guardedFetch, isPublicAddress, type Resolve } from '@mealprep/service-kit';

export { isPublicAddress };

export const NOT_REACHABLE = 'That address cannot be fetched: it must be a public web address (http or https).';

export interface SafeFetchOptions {
  /** Hosts allowed although they resolve to private addresses (tests' local fakes); empty by default. */
  allowHosts: readonly string[];
  /** DNS, or the IMAGE_FETCH_HOSTS table in tests. */
  resolve: Resolve;
  maxBytes: number;
  /** The whole fetch, redirects and body included. */
  timeoutMs?: number;
  maxRedirects?: number;
}

/**
 * Fetches a URL an admin gave, for its bytes, through the guarded fetch (public addresses only,
 * every hop vetted and pinned, the body capped), and says in the banner screen's words why not.
 */
export async function fetchPublic(url: string, options: SafeFetchOptions): Promise<{ bytes: Buffer; contentType: string }> {
  let answer;
  try {
    answer = await guardedFetch(url, {
      allowHosts: options.allowHosts,
      resolve: options.resolve,
      headers: { 'user-agent': 'MealPrepDirectory-ImageFetcher/1.0', accept: 'image/*' },
      timeoutMs: options.timeoutMs ?? 20_000,
      // One byte more than allowed, to tell an image of exactly the limit from a larger one.
      maxBytes: options.maxBytes + 1,
      maxRedirects: options.maxRedirects ?? 3,
    });
  } catch (err) {
    if (!(err instanceof FetchRefused) || err.kind === 'bad-redirect') throw AppError.badRequest('The image could not be fetched.');
    if (err.kind === 'not-found') throw AppError.badRequest('That address could not be found.');
    if (err.kind === 'too-many-redirects') throw AppError.badRequest('The image address redirects too many times.');
    throw AppError.badRequest(NOT_REACHABLE);
  }
  if (answer.status !== 200) throw AppError.badRequest(`The image could not be fetched (HTTP ${answer.status}).`);
  if (answer.truncated) throw new AppError('too_large', 'Image size must be less than 10MB', { status: 413 });
  return { bytes: answer.body, contentType: String(answer.headers['content-type'] ?? '') };
}
