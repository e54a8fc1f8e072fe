import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export type { Counter } from 'prom-client';

/** Request latency buckets, in seconds: fine below 100 ms, where the targets are. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Labels<L extends string> = Partial<Record<L, string>>;

/**
 * A service's metrics: a prom-client registry of its own (several apps may share a process in
 * tests), with counters and histograms kept in memory and gauges read when scraped. Label values
 * come from a fixed set (route patterns, not URLs), so the number of series stays bounded.
 */
export class Metrics {
  readonly registry = new Registry();

  counter<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    return new Counter<L>({ name, help, labelNames, registers: [this.registry] });
  }

  histogram<L extends string = never>(name: string, help: string, labelNames: readonly L[] = [], buckets: number[] = LATENCY_BUCKETS): Histogram<L> {
    return new Histogram<L>({ name, help, labelNames, buckets, registers: [this.registry] });
  }

  /** A gauge read at each scrape; a read that fails leaves the gauge's series out of that scrape. */
  gauge<L extends string = never>(name: string, help: string, labelNames: readonly L[], read: () => Promise<Array<[Labels<L>, number]>> | Array<[Labels<L>, number]>): void {
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        let values: Array<[Labels<L>, number]>;
        try {
          values = await read();
        } catch {
          values = [];
        }
        this.reset();
        for (const [labels, value] of values) this.set(labels, value);
      },
    });
  }

  /** The registry in the Prometheus text format (version 0.0.4). */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/**
 * Metrics every service has: requests by route and status, their latency, the process's memory,
 * given its broker client the messages waiting in each queue it declared, and given its outbox
 * the events written and not yet confirmed by the broker.
 */
export function serviceMetrics(
  service: string,
  options: {
    broker?: {
      queueDepths: () => Promise<Array<[string, number]>>;
      handled?: ReadonlyMap<string, number>;
      deadLettered?: ReadonlyMap<string, number>;
      jobsHandled?: ReadonlyMap<string, number>;
      readonly inProgress?: number;
    };
    outbox?: { readonly queued: number };
  } = {},
): { metrics: Metrics; middleware: RequestHandler } {
  const metrics = new Metrics();
  // The process's own (memory, CPU, event-loop delay, heap, garbage collection), as prom-client names them.
  collectDefaultMetrics({ register: metrics.registry });
  const requests = metrics.counter('http_requests_total', `Requests ${service} answered, by method, route pattern and status.`, ['method', 'route', 'status']);
  const latency = metrics.histogram('http_request_duration_seconds', `Time ${service} took to answer, by method and route pattern.`, ['method', 'route']);
  const broker = options.broker;
  if (broker) {
    metrics.gauge('broker_queue_messages', `Messages waiting in each queue ${service} reads or fills.`, ['queue'], async () => (await broker.queueDepths()).map(([queue, n]) => [{ queue }, n]));
    const handled = broker.handled;
    if (handled) metrics.gauge('broker_events_handled', `Events ${service}'s subscriptions handled since it started, by queue.`, ['queue'], () => [...handled].map(([queue, n]) => [{ queue }, n]));
    const jobs = broker.jobsHandled;
    if (jobs) metrics.gauge('broker_jobs_handled', `Jobs ${service}'s workers finished since it started, by work queue.`, ['queue'], () => [...jobs].map(([queue, n]) => [{ queue }, n]));
    if (broker.inProgress !== undefined)
      metrics.gauge('broker_messages_in_progress', `Events and jobs ${service} is handling now (delivered, not yet settled).`, [], () => [[{}, broker.inProgress ?? 0]]);
    const dead = broker.deadLettered;
    if (dead) {
      metrics.gauge('broker_events_dead_lettered', `Events ${service}'s subscriptions gave up on since it started (dead-lettered, or dropped by a cache of its own), by queue.`, ['queue'], () =>
        [...dead].map(([queue, n]) => [{ queue }, n]),
      );
    }
  }
  const outbox = options.outbox;
  if (outbox) metrics.gauge('outbox_events_waiting', `Events ${service} wrote with their change and the broker has not confirmed yet.`, [], () => [[{}, outbox.queued]]);
  const middleware: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      // The route's pattern (never the raw URL, whose ids would make a series each); a mounted
      // handler without routes (the gateway's proxy to one service) by its mount path.
      const route = req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : req.baseUrl || 'unmatched';
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      requests.inc({ method: req.method, route, status: String(res.statusCode) });
      latency.observe({ method: req.method, route }, seconds);
    });
    next();
  };
  return { metrics, middleware };
}

/** `GET /metrics`: the registry in the Prometheus text format. */
export function metricsEndpoint(metrics: Metrics): RequestHandler {
  return async (_req, res, next) => {
    try {
      res.type(metrics.contentType).send(await metrics.render());
    } catch (err) {
      next(err);
    }
  };
}
