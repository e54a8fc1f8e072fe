import type { Pool } from 'undici';

/**
 * Whether a service answers its /healthz, probed every few hundred milliseconds. Cached answers
 * are only served while the service is up, so a stopped service is seen as down (503) at once.
 */
export class UpstreamHealth {
  private healthy = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: Pool,
    private readonly intervalMs = 250,
  ) {}

  get up(): boolean {
    return this.healthy;
  }

  /** A failed proxied request marks the service down before the next probe. */
  markDown(): void {
    this.healthy = false;
  }

  async probe(): Promise<boolean> {
    try {
      const answer = await this.pool.request({ method: 'GET', path: '/healthz', headersTimeout: this.intervalMs * 2, bodyTimeout: this.intervalMs * 2 });
      await answer.body.dump();
      this.healthy = answer.statusCode === 200;
    } catch {
      this.healthy = false;
    }
    return this.healthy;
  }

  start(): void {
    if (this.timer) return;
    const tick = async () => {
      await this.probe();
      if (this.timer) this.timer = setTimeout(() => void tick(), this.intervalMs).unref();
    };
    this.timer = setTimeout(() => void tick(), 0).unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
