import { describe, expect, it } from 'vitest';
import { retryUntilDone, retryUntilSuccess } from './retry';

const quick = { minTimeout: 5, factor: 2, maxTimeout: 20, randomize: false };

/** The marker that enough time went by: a loop of the same back-off, left running, has tried `n` times (a stopped loop would have tried again meanwhile). */
const sameBackOffTried = (n: number) =>
  new Promise<void>((resolve) => {
    let tries = 0;
    retryUntilDone(async () => {
      tries += 1;
      if (tries < n) return false;
      resolve();
      return true;
    }, quick);
  });

describe('trying again with back-off', () => {
  it('when a task fails with any error (a TypeError, something not an Error), then it is tried again until it succeeds, each failure reported', async () => {
    const failures: Array<[unknown, number]> = [];
    let calls = 0;
    const result = await retryUntilSuccess(
      async () => {
        calls += 1;
        if (calls === 1) throw new TypeError('fetch failed');
        if (calls === 2) throw 'not an error'; // what a careless dependency may throw
        if (calls === 3) throw new Error('refused');
        return 'connected';
      },
      { backoff: quick, onFailedAttempt: (err, attempt) => failures.push([err, attempt]) },
    );
    expect(result).toBe('connected');
    expect(failures.map(([, n]) => n)).toEqual([1, 2, 3]);
    expect(failures[0]![0]).toBeInstanceOf(TypeError);
    expect(failures[1]![0]).toBe('not an error');
    expect((failures[2]![0] as Error).message).toBe('refused');
  });

  it('when the waits grow, then each is the factor times the last, up to the most', async () => {
    const at: number[] = [];
    await retryUntilSuccess(
      async () => {
        at.push(performance.now());
        if (at.length < 5) throw new Error('not yet');
      },
      { backoff: { minTimeout: 20, factor: 2, maxTimeout: 60, randomize: false } },
    );
    const waits = at.slice(1).map((t, i) => t - at[i]!);
    expect(waits[0]).toBeGreaterThanOrEqual(19);
    expect(waits[1]).toBeGreaterThanOrEqual(39);
    expect(waits[2]).toBeGreaterThanOrEqual(59);
    expect(waits[3]).toBeGreaterThanOrEqual(59);
    expect(waits[3]).toBeLessThan(200);
  });

  it('when the signal aborts, then no try follows and the promise rejects', async () => {
    const stop = new AbortController();
    let calls = 0;
    const tries = retryUntilSuccess(
      async () => {
        calls += 1;
        if (calls === 2) stop.abort();
        throw new Error('down');
      },
      { backoff: quick, signal: stop.signal },
    );
    await expect(tries).rejects.toBeDefined();
    await sameBackOffTried(4);
    expect(calls).toBe(2);
  });

  it('when a task reports not done, or throws, then retryUntilDone tries again; once stopped, it does not', async () => {
    let calls = 0;
    const done = new Promise<void>((resolve) => {
      retryUntilDone(async () => {
        calls += 1;
        if (calls === 1) throw new Error('svc-catalog away');
        if (calls === 2) return false;
        resolve();
        return true;
      }, quick);
    });
    await done;
    expect(calls).toBe(3);
    let stoppedCalls = 0;
    const syncing = retryUntilDone(async () => {
      stoppedCalls += 1;
      return false;
    }, quick);
    syncing.stop();
    await sameBackOffTried(4);
    expect(stoppedCalls).toBe(1);
  });
});
