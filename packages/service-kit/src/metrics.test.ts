import { serve, silentLogger } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, route } from './app';
import { Metrics } from './metrics';

describe('metrics in the Prometheus text format', () => {
  it('when counters, histograms and gauges are read, then each family has its HELP and TYPE, label values are escaped, and a gauge whose read fails has no series', async () => {
    const metrics = new Metrics();
    const hits = metrics.counter('hits_total', 'Hits.', ['path']);
    hits.inc({ path: 'a "quoted"\nvalue' });
    hits.inc({ path: 'a "quoted"\nvalue' }, 2);
    const latency = metrics.histogram('work_seconds', 'Work.', ['kind'], [0.1, 1]);
    latency.observe({ kind: 'x' }, 0.05);
    latency.observe({ kind: 'x' }, 0.5);
    metrics.gauge('depth', 'Depth.', ['queue'], () => [[{ queue: 'q' }, 7]]);
    metrics.gauge('broken', 'Broken.', ['queue'], () => {
      throw new Error('unreachable');
    });
    expect(await metrics.render()).toBe(
      [
        '# HELP hits_total Hits.',
        '# TYPE hits_total counter',
        'hits_total{path="a \\"quoted\\"\\nvalue"} 3',
        '',
        '# HELP work_seconds Work.',
        '# TYPE work_seconds histogram',
        'work_seconds_bucket{le="0.1",kind="x"} 1',
        'work_seconds_bucket{le="1",kind="x"} 2',
        'work_seconds_bucket{le="+Inf",kind="x"} 2',
        'work_seconds_sum{kind="x"} 0.55',
        'work_seconds_count{kind="x"} 2',
        '',
        '# HELP depth Depth.',
        '# TYPE depth gauge',
        'depth{queue="q"} 7',
        '',
        '# HELP broken Broken.',
        '# TYPE broken gauge',
        '',
      ].join('\n'),
    );
  });

  describe('a service app', () => {
    let http: Awaited<ReturnType<typeof serve>>;
    beforeAll(async () => {
      const app = createApp({
        name: 'svc-test',
        logger: silentLogger,
        identitySecret: 'k'.repeat(40),
        readiness: () => ({}),
        broker: { queueDepths: async () => [['catalog-events', 4]] },
        outbox: { queued: 3 },
        metrics: (metrics) => metrics.gauge('things_current', 'Things.', ['status'], () => [[{ status: 'open' }, 2]]),
        mount: (app) => {
          app.get(
            '/things/:id',
            route(async (req, res) => void res.json({ id: req.params.id })),
          );
        },
      });
      http = await serve(app);
    });
    afterAll(() => http.close());

    it('when requests were answered, then /metrics counts them by route pattern (not by URL) and status, with latencies, queue depths, events waiting in the outbox and its own gauges', async () => {
      for (const id of ['1', '2', '3']) await (await fetch(`${http.url}/things/${id}`)).arrayBuffer();
      await (await fetch(`${http.url}/nothing/here`)).arrayBuffer();
      const answer = await fetch(`${http.url}/metrics`);
      expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      const text = await answer.text();
      expect(text).toContain('http_requests_total{method="GET",route="/things/:id",status="200"} 3');
      expect(text).toContain('http_requests_total{method="GET",route="unmatched",status="404"} 1');
      expect(text).not.toContain('/things/1');
      expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/things/:id"} 3');
      expect(text).toMatch(/http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/things\/:id"\} 3/);
      expect(text).toContain('broker_queue_messages{queue="catalog-events"} 4');
      expect(text).toContain('outbox_events_waiting 3');
      expect(text).toContain('things_current{status="open"} 2');
      expect(text).toMatch(/process_resident_memory_bytes \d+/);
    });
  });
});
