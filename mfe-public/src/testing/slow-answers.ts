// Test helpers for a visitor's choice under a slow answer; never imported by production code.

/** An answer the test holds back: `after` for a mockApi reply, sent once `release()` is called. */
export function heldAnswer(): { after: Promise<void>; release: () => void } {
  let release!: () => void;
  const after = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { after, release };
}

/**
 * Runs a visitor's action the way a browser does: React answers the event, and the page's
 * microtasks run (React renders its urgent updates there) as they do before the browser paints;
 * what React schedules for a later task (a transition, such as the router's) is not flushed by
 * act() before the test looks. What the test reads next is what the visitor sees once the click
 * has been handled, before any later render: on a busy machine, for a while.
 */
export async function asTheBrowserDoes(action: () => void): Promise<void> {
  const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const was = env.IS_REACT_ACT_ENVIRONMENT;
  env.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    action();
    // A few turns of the microtask queue, and no task: React's urgent render is queued first.
    for (let turn = 0; turn < 3; turn += 1) await Promise.resolve();
  } finally {
    env.IS_REACT_ACT_ENVIRONMENT = was;
  }
}

/** Picks an option of a select as a visitor does (the browser sets it, then tells the page). */
export function pick(select: HTMLElement, value: string): void {
  (select as HTMLSelectElement).value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}
