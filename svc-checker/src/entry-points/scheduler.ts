import { Lease, type Logger } from '@mealprep/service-kit';
import type { Connection } from 'mongoose';

/**
 * The website checks' scheduler: every `intervalMs` the instance that holds the scheduler's lease
 * puts the checks that are due back on the queue. Every instance runs this; one holds the lease at
 * a time (it renews it each turn, and another takes over three turns after it stops), so a due
 * check is queued once however many instances run.
 */
export function startScheduler(options: { connection: Connection; intervalMs: number; queueDue: () => Promise<number>; logger: Logger; holder?: string }): { stop: () => Promise<void> } {
  // Held under the instance's name (instanceHolder): started again after it was killed holding it, it goes on at its first turn.
  const lease = new Lease(options.connection, 'website-check-scheduler', options.intervalMs * 3, options.holder);
  let holding = false;
  const turn = async () => {
    try {
      const held = await lease.tryAcquire();
      if (held !== holding) options.logger.info({ holder: lease.holder }, held ? 'this instance schedules the website checks' : 'another instance schedules the website checks');
      holding = held;
      if (held) await options.queueDue();
    } catch (err) {
      options.logger.warn({ err }, 'the scheduler could not queue due checks');
    }
  };
  const timer = setInterval(() => void turn(), options.intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      // Another instance takes over at its next turn rather than after the lease lapses.
      if (holding) await lease.release().catch(() => undefined);
    },
  };
}
