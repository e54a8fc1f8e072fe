import { FetchRefused, guardedFetch, type Resolve } from '@mealprep/service-kit';
import { CheckFailure, type CheckOptions, type FetchPage } from '../domain/check-website';

/** How websites are checked: the settings (CHECK_* in config.ts, or a test's). */
export interface CheckSettings {
  /** Hosts that may resolve to private addresses and use any port (tests' local fakes); empty by default. */
  allowHosts: readonly string[];
  /** DNS, or the CHECK_HOSTS table. */
  resolve: Resolve;
  userAgent: string;
  /** The whole check, every hop and retry included. */
  timeoutMs: number;
  /** How much of a page is read. */
  maxBytes: number;
  maxRedirects: number;
  /** Waits before the retries of a 5xx, 408, 429 or timeout, while the time allows. */
  retryDelaysMs: readonly number[];
}

const TLS_CODES = /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_OSSL|HOSTNAME_MISMATCH)/;

/** What a network error means for a check, in the admin's words. */
function networkFailure(err: unknown, timeoutMs: number): CheckFailure {
  if (err instanceof FetchRefused) {
    if (err.kind === 'not-found' || err.kind === 'no-address') return new CheckFailure('unreachable', err.message);
    if (err.kind === 'bad-redirect' || err.kind === 'too-many-redirects') return new CheckFailure('error', err.message);
    return new CheckFailure('error', err.message, 'blocked');
  }
  const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.cause?.code ?? e.code ?? '';
  if (e.name === 'AbortError' || e.name === 'TimeoutError' || /TIMEOUT/.test(code)) return new CheckFailure('unreachable', `Timed out after ${timeoutMs / 1000} s.`, null, true);
  if (TLS_CODES.test(code)) return new CheckFailure('error', `TLS: ${e.cause?.message ?? e.message ?? code}`.slice(0, 300), 'tls');
  if (code === 'ECONNREFUSED') return new CheckFailure('unreachable', 'Connection refused.');
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new CheckFailure('unreachable', 'DNS: the host was not found.');
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return new CheckFailure('unreachable', 'The connection was closed before an answer.', null, true);
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return new CheckFailure('unreachable', 'The host cannot be reached.');
  return new CheckFailure('error', `${code || e.name || 'Error'}: ${e.message ?? ''}`.slice(0, 300));
}

/** One fetch with its redirects, each hop vetted and pinned to the addresses vetted (guardedFetch). */
export function websitePages(settings: CheckSettings): FetchPage {
  return async (start, { signal, timeoutMs }) => {
    try {
      const answer = await guardedFetch(start, {
        allowHosts: settings.allowHosts,
        resolve: settings.resolve,
        headers: { 'user-agent': settings.userAgent, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5', 'accept-language': 'en-US,en;q=0.8' },
        timeoutMs,
        signal,
        maxBytes: settings.maxBytes,
        maxRedirects: settings.maxRedirects,
      });
      return { httpStatus: answer.status, body: answer.body.toString('utf8'), finalUrl: answer.url.toString() };
    } catch (err) {
      throw networkFailure(err, settings.timeoutMs);
    }
  };
}

/** The domain's check options from the settings. */
export const checkOptions = (settings: CheckSettings): CheckOptions => ({ fetchPage: websitePages(settings), timeoutMs: settings.timeoutMs, retryDelaysMs: settings.retryDelaysMs });
