import { isIP } from 'node:net';
import type { CheckFlag, CheckStatus } from '@mealprep/contracts';
import { looksParked } from './parking-signatures';
import { readPage } from './visible-text';

/**
 * One fetch of a website with its redirects, within the time left (data-access/website-pages.ts).
 * A way it ends without a page is thrown as a CheckFailure; anything else thrown is an error.
 */
export type FetchPage = (start: URL, limits: { signal: AbortSignal; timeoutMs: number }) => Promise<Page>;

export interface CheckOptions {
  fetchPage: FetchPage;
  /** The whole check, every hop and retry included. */
  timeoutMs: number;
  /** Waits before the retries of a 5xx, 408, 429 or timeout, while the time allows. */
  retryDelaysMs: readonly number[];
}

export interface CheckResult {
  status: CheckStatus;
  httpStatus: number | null;
  errorMessage: string | null;
  flags: CheckFlag[];
  finalUrl: string | null;
  suggestedAction: 'review' | null;
  attempts: number;
  /** From the first request to the verdict, retries and waits included (never past the budget). */
  durationMs: number;
}

/** Why a fetch ended without a page: carries the status it stands for. */
export class CheckFailure extends Error {
  constructor(
    readonly status: CheckStatus,
    message: string,
    readonly flag: CheckFlag | null = null,
    readonly retryable = false,
  ) {
    super(message);
  }
}

export interface Page {
  httpStatus: number;
  body: string;
  finalUrl: string;
}

const RETRY_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
/** Second-level labels under which a base domain has three labels (example.co.uk). */
const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'gov', 'edu', 'ac']);

/** The registrable part of a host name, roughly: example.com for www.shop.example.com. */
export function baseDomain(hostname: string): string {
  const labels = hostname.toLowerCase().replace(/\.$/, '').split('.');
  if (isIP(hostname) || labels.length <= 2) return labels.join('.');
  const take = labels.at(-1)!.length === 2 && SECOND_LEVEL.has(labels.at(-2)!) ? 3 : 2;
  return labels.slice(-take).join('.');
}

/** The listed website as a URL to check, or why it cannot be checked. */
export function websiteUrl(website: string): URL | CheckFailure {
  const trimmed = website.trim();
  if (!trimmed) return new CheckFailure('error', 'No website is listed.', 'blocked');
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return new CheckFailure('error', 'The website is not a web address.', 'blocked');
  }
  if (!['http:', 'https:'].includes(url.protocol)) return new CheckFailure('error', `Only http and https websites are checked (this one is ${url.protocol.replace(':', '')}).`, 'blocked');
  return url;
}

/** How a fetch that threw ends the check: its own failure, a timeout of the whole budget, or an error. */
function describe(err: unknown, timedOut: boolean, timeoutMs: number): CheckFailure {
  if (timedOut) return new CheckFailure('unreachable', `Timed out after ${timeoutMs / 1000} s.`, null, true);
  if (err instanceof CheckFailure) return err;
  const e = err as { name?: string; message?: string };
  return new CheckFailure('error', `${e?.name || 'Error'}: ${e?.message ?? ''}`.slice(0, 300));
}

const BLANK_TEXT_CHARS = 20;

function classify(page: Page, start: URL): Omit<CheckResult, 'attempts' | 'durationMs'> {
  const flags: CheckFlag[] = [];
  const final = new URL(page.finalUrl);
  if (baseDomain(final.hostname) !== baseDomain(start.hostname)) flags.push('moved-domain');
  if (page.httpStatus < 200 || page.httpStatus >= 300) {
    return { status: 'error', httpStatus: page.httpStatus, errorMessage: `The site answered HTTP ${page.httpStatus}.`, flags, finalUrl: page.finalUrl, suggestedAction: 'review' };
  }
  const { text, hasMedia } = readPage(page.body);
  if (looksParked(page.body, text)) flags.push('parked');
  if (text.length < BLANK_TEXT_CHARS && !hasMedia) {
    return {
      status: 'blank',
      httpStatus: page.httpStatus,
      errorMessage: page.body.trim() ? 'The page has almost no text.' : 'The page is empty.',
      flags,
      finalUrl: page.finalUrl,
      suggestedAction: 'review',
    };
  }
  const messages: string[] = [];
  if (flags.includes('parked')) messages.push('The page looks like a parked or for-sale domain.');
  if (flags.includes('moved-domain')) messages.push(`The site now lands on ${final.hostname}.`);
  return {
    status: 'accessible',
    httpStatus: page.httpStatus,
    errorMessage: messages.length ? messages.join(' ') : null,
    flags,
    finalUrl: page.finalUrl,
    suggestedAction: flags.length ? 'review' : null,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Checks one website the way a visitor would reach it: GET with an honest user agent, redirects
 * followed (each one vetted), the page read up to a cap, all within one time budget; 5xx, 408, 429
 * and timeouts are retried with back-off while the budget allows. Never throws: every way a check
 * can end is a result with a reason.
 */
export async function checkWebsite(website: string, options: CheckOptions): Promise<CheckResult> {
  const started = Date.now();
  const deadline = started + options.timeoutMs;
  const remaining = () => deadline - Date.now();
  const parsed = websiteUrl(website);
  if (parsed instanceof CheckFailure) return failed(parsed, 0, started);
  const signal = AbortSignal.timeout(options.timeoutMs);
  let attempt = 0;
  for (;;) {
    attempt += 1;
    let outcome: Omit<CheckResult, 'attempts' | 'durationMs'> | CheckFailure;
    try {
      outcome = classify(await options.fetchPage(parsed, { signal, timeoutMs: Math.max(1, remaining()) }), parsed);
    } catch (err) {
      outcome = describe(err, signal.aborted, options.timeoutMs);
    }
    const retryable = outcome instanceof CheckFailure ? outcome.retryable : outcome.httpStatus !== null && RETRY_STATUSES.has(outcome.httpStatus);
    const delay = options.retryDelaysMs[attempt - 1];
    if (!retryable || delay === undefined || signal.aborted || remaining() < delay + 1_000) {
      return outcome instanceof CheckFailure ? failed(outcome, attempt, started) : { ...outcome, attempts: attempt, durationMs: Date.now() - started };
    }
    await sleep(delay);
  }
}

function failed(failure: CheckFailure, attempts: number, started: number): CheckResult {
  return {
    status: failure.status,
    httpStatus: null,
    errorMessage: failure.message,
    flags: failure.flag ? [failure.flag] : [],
    finalUrl: null,
    suggestedAction: 'review',
    attempts,
    durationMs: Date.now() - started,
  };
}
