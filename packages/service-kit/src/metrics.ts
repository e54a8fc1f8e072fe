import type { RequestHandler } from 'express';

type Labels = Record<string, string>;

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const labelText = (labels: Labels) => {
  const entries = Object.entries(labels);
  return entries.length ? `{${entries.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}` : '';
};
const keyOf = (labels: Labels) => JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));

interface Family {
  render: () => Promise<string[]>;
}

/** Request latency buckets, in seconds: fine below 100 ms, where the targets are. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * A service's metrics in the Prometheus text format (version 0.0.4): counters and histograms kept
 * in memory, gauges read when scraped. Label values come from a fixed set (route patterns, not
 * URLs), so the number of series stays bounded.
 */
export class Metrics {
  private readonly families: Family[] = [];

  counter(name: string, help: string) {
    const values = new Map<string, { labels: Labels; value: number }>();
    this.families.push({
      render: async () => [`# HELP ${name} ${help}`, `# TYPE ${name} counter`, ...[...values.values()].map((v) => `${name}${labelText(v.labels)} ${v.value}`)],
    });
    return {
      inc: (labels: Labels = {}, by = 1) => {
        const key = keyOf(labels);
        const entry = values.get(key) ?? { labels, value: 0 };
        entry.value += by;
        values.set(key, entry);
      },
    };
  }

  histogram(name: string, help: string, buckets: number[] = LATENCY_BUCKETS) {
    const series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
    this.families.push({
      render: async () => {
        const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} histogram`];
        for (const s of series.values()) {
          buckets.forEach((le, i) => lines.push(`${name}_bucket${labelText({ ...s.labels, le: String(le) })} ${s.counts[i]}`));
          lines.push(`${name}_bucket${labelText({ ...s.labels, le: '+Inf' })} ${s.count}`, `${name}_sum${labelText(s.labels)} ${s.sum}`, `${name}_count${labelText(s.labels)} ${s.count}`);
        }
        return lines;
      },
    });
    return {
      observe: (labels: Labels, value: number) => {
        const key = keyOf(labels);
        const entry = series.get(key) ?? { labels, counts: buckets.map(() => 0), sum: 0, count: 0 };
        buckets.forEach((le, i) => {
          if (value <= le) entry.counts[i]! += 1;
        });
        entry.sum += value;
        entry.count += 1;
        series.set(key, entry);
      },
    };
  }

  /** A gauge read at each scrape; a read that fails leaves the gauge out of that scrape. */
  gauge(name: string, help: string, read: () => Promise<Array<[Labels, number]>> | Array<[Labels, number]>): void {
    this.families.push({
      render: async () => {
        try {
          const values = await read();
          return [`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, ...values.map(([labels, value]) => `${name}${labelText(labels)} ${value}`)];
        } catch {
          return [];
        }
      },
    });
  }

  async render(): Promise<string> {
    const parts = await Promise.all(this.families.map((f) => f.render()));
    return `${parts.flat().join('\n')}\n`;
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
  const requests = metrics.counter('http_requests_total', `Requests ${service} answered, by method, route pattern and status.`);
  const latency = metrics.histogram('http_request_duration_seconds', `Time ${service} took to answer, by method and route pattern.`);
  metrics.gauge('process_resident_memory_bytes', 'Resident memory of the process.', () => [[{}, process.memoryUsage().rss]]);
  metrics.gauge('nodejs_heap_used_bytes', 'V8 heap in use.', () => [[{}, process.memoryUsage().heapUsed]]);
  const broker = options.broker;
  if (broker) {
    metrics.gauge('broker_queue_messages', `Messages waiting in each queue ${service} reads or fills.`, async () => (await broker.queueDepths()).map(([queue, n]) => [{ queue }, n]));
    const handled = broker.handled;
    if (handled) metrics.gauge('broker_events_handled', `Events ${service}'s subscriptions handled since it started, by queue.`, () => [...handled].map(([queue, n]) => [{ queue }, n]));
    const jobs = broker.jobsHandled;
    if (jobs) metrics.gauge('broker_jobs_handled', `Jobs ${service}'s workers finished since it started, by work queue.`, () => [...jobs].map(([queue, n]) => [{ queue }, n]));
    if (broker.inProgress !== undefined) metrics.gauge('broker_messages_in_progress', `Events and jobs ${service} is handling now (delivered, not yet settled).`, () => [[{}, broker.inProgress ?? 0]]);
    const dead = broker.deadLettered;
    if (dead) {
      metrics.gauge('broker_events_dead_lettered', `Events ${service}'s subscriptions gave up on since it started (dead-lettered, or dropped by a cache of its own), by queue.`, () =>
        [...dead].map(([queue, n]) => [{ queue }, n]),
      );
    }
  }
  const outbox = options.outbox;
  if (outbox) metrics.gauge('outbox_events_waiting', `Events ${service} wrote with their change and the broker has not confirmed yet.`, () => [[{}, outbox.queued]]);
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
      res.type('text/plain; version=0.0.4; charset=utf-8').send(await metrics.render());
    } catch (err) {
      next(err);
    }
  };
}
