import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';

interface LeaseDoc {
  _id: string;
  holder: string;
  until: number;
}

const isDuplicateKey = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;

/**
 * A named lease in a service's database, held by one instance at a time until it lapses: the
 * instances of a service agree on who does a job that must run once (the website checks'
 * scheduler, a first start's seeding). Taking it is one compare-and-set by `_id` (the holder's own,
 * or one that lapsed), or the insert of a new one, whose unique `_id` lets one of any number of
 * racing instances through; MongoDB keeps each atomic, and so does the FerretDB launcher.
 */
export class Lease {
  readonly holder: string;

  constructor(
    private readonly connection: Connection,
    readonly name: string,
    private readonly ttlMs: number,
    holder: string = randomUUID(),
  ) {
    this.holder = holder;
  }

  private get leases() {
    return this.connection.collection<LeaseDoc>('leases');
  }

  /** Takes the lease, or keeps it for another `ttlMs` when this instance holds it; false when another does. */
  async tryAcquire(now = Date.now()): Promise<boolean> {
    const until = now + this.ttlMs;
    const kept = await this.leases.updateOne({ _id: this.name, $or: [{ holder: this.holder }, { until: { $lt: now } }] }, { $set: { holder: this.holder, until } });
    if (kept.matchedCount === 1) return true;
    try {
      await this.leases.insertOne({ _id: this.name, holder: this.holder, until });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  /** Gives it back (when this instance holds it), so another may take it at once. */
  async release(): Promise<void> {
    await this.leases.deleteOne({ _id: this.name, holder: this.holder });
  }
}

/**
 * Runs `work` while holding the lease `name`, after the instance that holds it has finished (or its
 * lease lapsed: it died): at a first start, one instance seeds while the others wait, and then each
 * finds the data there. The lease is kept alive while the work runs.
 */
export async function underLease<T>(connection: Connection, name: string, work: () => Promise<T>, options: { ttlMs?: number; pollMs?: number; waitMs?: number } = {}): Promise<T> {
  const ttlMs = options.ttlMs ?? 30_000;
  const lease = new Lease(connection, name, ttlMs);
  const deadline = Date.now() + (options.waitMs ?? 10 * 60_000);
  while (!(await lease.tryAcquire())) {
    if (Date.now() > deadline) throw new Error(`the lease "${name}" was not free within ${Math.round((options.waitMs ?? 600_000) / 1000)} s`);
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 250));
  }
  const keepAlive = setInterval(() => void lease.tryAcquire().catch(() => undefined), ttlMs / 3);
  try {
    return await work();
  } finally {
    clearInterval(keepAlive);
    await lease.release();
  }
}
