import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ILL_FORMED_TEXT_MESSAGE, illFormedTextPath, type ErrorBody } from '@mealprep/contracts';
import type { z } from 'zod';

type Detail = { path: string; message: string };

/**
 * The one error type. `operational` errors are expected (bad input, not found, a peer down) and
 * are answered as they are; anything else is a bug and is answered as a bare 500.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly operational: boolean;
  readonly details: Detail[] | undefined;
  /** Sent as Retry-After: when a refusal (429, 503) may be tried again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: string, message: string, options: { status?: number; operational?: boolean; details?: Detail[]; retryAfterSeconds?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? 500;
    this.operational = options.operational ?? true;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  static badRequest(message: string, details?: Detail[]) {
    return new AppError('bad_request', message, { status: 400, details });
  }
  static notFound(message: string) {
    return new AppError('not_found', message, { status: 404 });
  }
  static unauthorized(message = 'Sign in to do that.') {
    return new AppError('unauthorized', message, { status: 401 });
  }
  static forbidden(message = 'You do not have permission to do that.') {
    return new AppError('forbidden', message, { status: 403 });
  }
  static unavailable(message: string, retryAfterSeconds?: number) {
    return new AppError('unavailable', message, { status: 503, retryAfterSeconds });
  }
  static tooManyRequests(message: string, retryAfterSeconds: number) {
    return new AppError('too_many_requests', message, { status: 429, retryAfterSeconds });
  }
}

/**
 * Validates input with its schema; a failure is a 400 naming each bad field. Text that is not
 * well-formed Unicode (a lone surrogate, which JSON can carry) is refused first, whatever the
 * schema: every string of a request may end up in a key, a URL, a file name or a header.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, what: string): z.infer<S> {
  const illFormed = illFormedTextPath(input);
  if (illFormed) {
    const path = illFormed.join('.') || what;
    throw AppError.badRequest(`Invalid ${what}: ${path} ${ILL_FORMED_TEXT_MESSAGE}`, [{ path, message: ILL_FORMED_TEXT_MESSAGE }]);
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || what,
    message: issue.message,
  }));
  throw AppError.badRequest(`Invalid ${what}: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}`, details);
}

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(AppError.notFound(`No route for ${req.method} ${req.path}`));
};

export function errorHandler(options: { exposeStack: boolean }): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const log = req.log;
    const appError = toAppError(err);
    if (appError.operational) log?.info({ code: appError.code, status: appError.status }, appError.message);
    else log?.error({ err }, 'unexpected error');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const body: ErrorBody & { error: { stack?: string } } = {
      error: {
        code: appError.code,
        message: appError.operational ? appError.message : 'Something went wrong on our side.',
        requestId: req.id,
        ...(appError.details ? { details: appError.details } : {}),
        ...(options.exposeStack && !appError.operational && err instanceof Error ? { stack: err.stack } : {}),
      },
    };
    if (appError.retryAfterSeconds !== undefined) res.set('Retry-After', String(Math.max(1, Math.ceil(appError.retryAfterSeconds))));
    res.status(appError.status).json(body);
  };
}

function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = err as { type?: string; status?: number; message?: string };
  // express.json() reports unreadable bodies with a type and a 4xx status.
  if (e?.type === 'entity.parse.failed') return AppError.badRequest('The request body is not valid JSON.');
  if (e?.type === 'entity.too.large') return new AppError('payload_too_large', 'The request body is too large.', { status: 413 });
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
    return new AppError('bad_request', e.message ?? 'Bad request.', { status: e.status });
  }
  return new AppError('internal', 'Something went wrong on our side.', { operational: false, cause: err });
}
