import type { ErrorBody } from '@mealprep/contracts';

/** Every failed call ends as an ApiError: HTTP errors, network failures and unexpected bodies alike. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly service: string | undefined;
  readonly requestId: string | undefined;

  constructor(init: { status: number; code: string; message: string; service?: string; requestId?: string; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.service = init.service;
    this.requestId = init.requestId;
  }
}

/**
 * Works across bundles: each remote bundles its own copy of this package, so `instanceof` fails
 * for an error thrown by another app's copy.
 */
export function isApiError(error: unknown): error is ApiError {
  return (
    error instanceof ApiError ||
    (typeof error === 'object' &&
      error !== null &&
      (error as { name?: unknown }).name === 'ApiError' &&
      typeof (error as { status?: unknown }).status === 'number' &&
      typeof (error as { code?: unknown }).code === 'string')
  );
}

/**
 * What the server said went wrong with a call, to show as it is; null when it said nothing usable
 * (the network failed, or the body was not our error shape), so the caller shows its own fallback.
 */
export function serverMessage(error: unknown): string | null {
  return isApiError(error) && error.status > 0 && error.code !== 'http_error' && error.message ? error.message : null;
}

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** Query retry policy: client errors (4xx) are answers, not glitches; anything else gets one more try. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** The gateway's and services' error body ({ error: { code, message, … } }), checked by hand: no zod in the browser. */
function errorDetails(body: unknown): ErrorBody['error'] | null {
  if (typeof body !== 'object' || body === null) return null;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, service, requestId } = error as Record<string, unknown>;
  if (!isString(code) || !isString(message)) return null;
  if ((service !== undefined && !isString(service)) || (requestId !== undefined && !isString(requestId))) return null;
  return { code, message, service, requestId };
}

export function errorFromBody(status: number, body: unknown): ApiError {
  const details = errorDetails(body);
  if (details) {
    const { code, message, service, requestId } = details;
    return new ApiError({ status, code, message, service, requestId });
  }
  return new ApiError({ status, code: 'http_error', message: `The request failed with status ${status}.` });
}
