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
