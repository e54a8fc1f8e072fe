import pRetry from 'p-retry';

/** How waits grow between tries, in p-retry's terms. */
export interface Backoff {
  minTimeout: number;
  factor: number;
  maxTimeout: number;
  /** Each wait multiplied by a random 1–2, so that clients that failed together do not retry together. */
  randomize: boolean;
}

/** The services' back-off: 1 s, growing 2.2 times to at most 5 minutes, randomised. */
export const DEFAULT_BACKOFF: Backoff = { minTimeout: 1_000, factor: 2.2, maxTimeout: 300_000, randomize: true };

/**
 * Runs `task` until it succeeds, waiting the back-off between tries (p-retry, with its timers
 * unref'd). Every error is a failed try; `signal` ends the tries, and the promise then rejects.
 */
export function retryUntilSuccess<T>(task: () => Promise<T>, options: { backoff?: Backoff; signal?: AbortSignal; onFailedAttempt?: (err: unknown, attempt: number) => void } = {}): Promise<T> {
  return pRetry(
    async () => {
      try {
        return await task();
      } catch (err) {
        // p-retry gives up on a TypeError (a bug, to it) and on what is not an Error: here they are tries like any other.
        throw err instanceof Error && !(err instanceof TypeError) ? err : new Error('the task failed', { cause: err });
      }
    },
    {
      ...(options.backoff ?? DEFAULT_BACKOFF),
      retries: Infinity,
      unref: true,
      signal: options.signal,
      onFailedAttempt: ({ error, attemptNumber }) => options.onFailedAttempt?.(error.cause ?? error, attemptNumber),
    },
  );
}

/**
 * Runs a task until it reports done (svc-catalog answering, say), trying again after 1 s,
 * doubling to at most 10 s; `stop` ends the tries.
 */
export function retryUntilDone(task: () => Promise<boolean>, backoff: Backoff = { minTimeout: 1_000, factor: 2, maxTimeout: 10_000, randomize: false }): { stop: () => void } {
  const stopped = new AbortController();
  const notYet = async () => {
    if (!(await task())) throw new Error('not done yet');
  };
  retryUntilSuccess(notYet, { backoff, signal: stopped.signal }).catch(() => undefined);
  return { stop: () => stopped.abort() };
}
