import { Pool, type Dispatcher } from 'undici';
import { UpstreamHealth } from './upstream-health';

/** Errors that mean the request never reached the instance: safe to send elsewhere, whatever it was. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** Errors of a connection that broke before any answer came: the instance may or may not have acted on the request. */
const BROKE_BEFORE_ANSWER = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

const codeOf = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
};

/** An instance's own failure to be reached or to answer at all (never a request it refused). */
export const isInstanceFailure = (err: unknown) => NOT_CONNECTED.has(codeOf(err)) || BROKE_BEFORE_ANSWER.has(codeOf(err));

export interface Instance {
  url: string;
  pool: Pool;
  health: UpstreamHealth;
}

export type PoolOptions = ConstructorParameters<typeof Pool>[1];
export type RequestOptions = Dispatcher.RequestOptions & {
  /** A read sent with a body (a lookup by POST): it may be sent to another instance like a GET. */
  idempotent?: boolean;
};

/**
 * The instances of one part (a service or the renderer) behind one name: a keep-alive pool and a
 * health probe each, requests taken in turn by the instances that answer their probe. An instance
 * that does not connect, or whose connection breaks before it answers, is taken out at once and
 * comes back when its probe answers again. A read (GET, HEAD, or a lookup marked idempotent, with
 * a body that can be sent again) whose connection fails before any answer is sent to the next
 * instance; any other request is not, since the instance may have acted on it. With one URL (a
 * Kubernetes Service, say) it is one pool, as before.
 */
export class InstancePool {
  readonly instances: Instance[];
  private next = 0;
  /** Which instance a request that failed had gone to (the caller may mark it down when the failure was the instance's). */
  private readonly failedAt = new WeakMap<object, Instance>();

  constructor(urls: readonly string[], options: PoolOptions, probeMs = 250) {
    if (urls.length === 0) throw new Error('an instance pool needs at least one URL');
    this.instances = urls.map((url) => {
      const pool = new Pool(new URL(url).origin, options);
      return { url, pool, health: new UpstreamHealth(pool, probeMs) };
    });
  }

  /** Whether any instance answers its probe. */
  get up(): boolean {
    return this.instances.some((i) => i.health.up);
  }

  /** The instances in the order to try: the ones that answer, from the next in turn, then the others (their probe may be behind). */
  private order(): Instance[] {
    const start = this.next++ % this.instances.length;
    const turn = [...this.instances.slice(start), ...this.instances.slice(0, start)];
    return [...turn.filter((i) => i.health.up), ...turn.filter((i) => !i.health.up)];
  }

  markDown(instance: Instance): void {
    instance.health.markDown();
  }

  /** Marks down the instance a failed request had gone to. */
  markDownFor(err: unknown): void {
    const instance = typeof err === 'object' && err !== null ? this.failedAt.get(err) : undefined;
    if (instance) this.markDown(instance);
  }

  async request(options: RequestOptions): Promise<Dispatcher.ResponseData> {
    const { idempotent, ...request } = options;
    const replayable = request.body === null || request.body === undefined || typeof request.body === 'string' || Buffer.isBuffer(request.body);
    const mayRetry = replayable && (idempotent === true || request.method === 'GET' || request.method === 'HEAD');
    const order = this.order();
    for (const [n, instance] of order.entries()) {
      try {
        return await instance.pool.request(request);
      } catch (err) {
        const failed = isInstanceFailure(err);
        // A body the caller streams may have broken on the caller's side: that is for the caller to judge.
        if (failed && replayable) this.markDown(instance);
        const another = n + 1 < order.length;
        if (failed && another && replayable && (mayRetry || NOT_CONNECTED.has(codeOf(err)))) continue;
        if (typeof err === 'object' && err !== null) this.failedAt.set(err, instance);
        throw err;
      }
    }
    throw new Error('unreachable');
  }

  start(): void {
    for (const instance of this.instances) instance.health.start();
  }

  async close(): Promise<void> {
    for (const instance of this.instances) instance.health.stop();
    await Promise.all(this.instances.map((i) => i.pool.close()));
  }
}
