import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Connection } from 'mongoose';

interface LeaseDoc {
  _id: string;
  holder: string;
  until: number;
}

const isDuplicateKey = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;

/**
 * The name under which an instance of a service holds its leases: its host and the port it serves
 * on. An instance started again in the place of one that died (npm start and Kubernetes start it
 * again on the same port, in the same pod) has the same name, so it takes over at once what its
 * predecessor held, instead of waiting for the lease to lapse; two instances that run at once never
 * share a host and a port. Without a port of its own (0: any free one), a name of its own.
 */
export function instanceHolder(port: number): string {
  return port > 0 ? `${hostname()}:${port}` : randomUUID();
}

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

  /**
   * Keeps the lease for another `ttlMs` while this instance holds it; false when it no longer does.
   * Never takes it: a renewal that reaches the database after the release (sent just before it, on
   * another connection of the pool) must not take back the lease just given up, which would keep
   * every other instance waiting until it lapsed.
   */
  async renew(now = Date.now()): Promise<boolean> {
    const kept = await this.leases.updateOne({ _id: this.name, holder: this.holder }, { $set: { until: now + this.ttlMs } });
    return kept.matchedCount === 1;
  }

  /** Gives it back (when this instance holds it), so another may take it at once. */
  async release(): Promise<void> {
    await this.leases.deleteOne({ _id: this.name, holder: this.holder });
  }
}

/**
 * Runs `work` while holding the lease `name`, after the instance that holds it has finished (or its
 * lease lapsed: it died): at a first start, one instance seeds while the others wait, and then each
 * finds the data there. The lease is renewed while the work runs. `holder` names the instance
 * (instanceHolder): one started again in the place of a holder that died takes the lease over at
 * once; without it, the lease is held under a name of its own and a dead holder's lease must lapse.
 */
export async function underLease<T>(connection: Connection, name: string, work: () => Promise<T>, options: { ttlMs?: number; pollMs?: number; waitMs?: number; holder?: string } = {}): Promise<T> {
  const ttlMs = options.ttlMs ?? 30_000;
  const lease = new Lease(connection, name, ttlMs, options.holder);
  const deadline = Date.now() + (options.waitMs ?? 10 * 60_000);
  while (!(await lease.tryAcquire())) {
    if (Date.now() > deadline) throw new Error(`the lease "${name}" was not free within ${Math.round((options.waitMs ?? 600_000) / 1000)} s`);
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 250));
  }
  const keepAlive = setInterval(() => void lease.renew().catch(() => undefined), ttlMs / 3);
  try {
    return await work();
  } finally {
    clearInterval(keepAlive);
    await lease.release();
  }
}
