/**
 * Runs a task one at a time: a call while it runs waits for that run, and the task goes round once
 * more after it, so whatever the caller changed before calling is seen. A burst of calls costs at
 * most two runs. A failed run rejects every caller waiting on it.
 */
export function coalesced(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await task();
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  };
}

/**
 * Runs tasks one at a time per key, in the order called (a task that fails does not hold up the
 * next). Kept here (a dozen lines) rather than a library: p-limit and async-mutex have no keyed
 * queue that frees its key when idle. `waiting(key)` says whether a task for the key is under way.
 */
export function keyedTurns(): { run: <T>(key: string, task: () => Promise<T>) => Promise<T>; waiting: (key: string) => boolean } {
  const tails = new Map<string, Promise<unknown>>();
  return {
    waiting: (key) => tails.has(key),
    run: <T>(key: string, task: () => Promise<T>) => {
      const mine = (tails.get(key) ?? Promise.resolve()).then(task, task);
      const tail = mine.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return mine;
    },
  };
}
