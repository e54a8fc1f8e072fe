import { Pool } from 'undici';

export interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Every request's time in milliseconds, sorted (to merge several runs). */
  latencies?: number[];
  /** Per path, slowest p95 first. */
  byPath: Array<{ path: string; requests: number; p50: number; p95: number }>;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** Several runs back to back as one result over `seconds` in all: every request's time together. */
export function mergeResults(runs: readonly LoadResult[], seconds: number): LoadResult {
  const latencies = runs.flatMap((r) => r.latencies ?? []).sort((a, b) => a - b);
  return {
    requests: latencies.length,
    latencies,
    errors: runs.reduce((n, r) => n + r.errors, 0),
    rps: Math.round(latencies.length / seconds),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    byPath: [],
  };
}

/**
 * Reads a body to its end, as a visitor's browser does: an answer cut off midway (its sender
 * killed) throws and counts as failed. (undici's `dump()` stops reading after 128 KB and swallows
 * such an error.)
 */
async function readToTheEnd(body: AsyncIterable<unknown>): Promise<void> {
  for await (const piece of body) void piece;
}

/**
 * Keeps `connections` requests in flight for `seconds` against the paths (taken in turn) and
 * reports latency percentiles in milliseconds. Any non-200 answer counts as an error.
 */
export async function load(
  origin: string,
  paths: string[],
  options: { connections: number; seconds: number; headers?: Record<string, string>; /** Stop once this many requests were sent (before `seconds` if sooner). */ stopAfter?: number },
): Promise<LoadResult> {
  const pool = new Pool(origin, { connections: options.connections, pipelining: 1, keepAliveTimeout: 30_000 });
  const latencies: number[] = [];
  const perPath = new Map<string, number[]>(paths.map((path) => [path, []]));
  let errors = 0;
  let next = 0;
  const end = Date.now() + options.seconds * 1000;
  const worker = async () => {
    while (Date.now() < end && (options.stopAfter === undefined || next < options.stopAfter)) {
      const path = paths[next++ % paths.length] as string;
      const started = performance.now();
      try {
        const answer = await pool.request({ method: 'GET', path, headers: options.headers });
        await readToTheEnd(answer.body);
        if (answer.statusCode !== 200) errors++;
      } catch {
        errors++;
      }
      const ms = performance.now() - started;
      latencies.push(ms);
      perPath.get(path)!.push(ms);
    }
  };
  const startedAt = Date.now();
  await Promise.all(Array.from({ length: options.connections }, worker));
  const tookSeconds = (Date.now() - startedAt) / 1000;
  await pool.close();
  return resultOf(latencies, errors, Math.min(options.seconds, tookSeconds), perPath);
}

/** Percentiles overall and per path (slowest p95 first) of the requests' times. */
function resultOf(latencies: number[], errors: number, seconds: number, perPath: Map<string, number[]>): LoadResult {
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    latencies,
    errors,
    rps: Math.round(latencies.length / seconds),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    byPath: [...perPath]
      .map(([path, list]) => {
        list.sort((a, b) => a - b);
        return { path, requests: list.length, p50: percentile(list, 50), p95: percentile(list, 95) };
      })
      .sort((a, b) => b.p95 - a.p95),
  };
}

/**
 * Sends `rate` requests a second for `seconds` against the paths (taken in turn), whether or not
 * earlier ones have been answered (an open loop, as independent visitors arrive), with at most
 * `maxInFlight` at once; each request's time counts from when it was due, so a slow answer that
 * holds the next ones back shows in their times too.
 */
export async function loadAtRate(origin: string, paths: string[], options: { rate: number; seconds: number; maxInFlight?: number }): Promise<LoadResult> {
  const pool = new Pool(origin, { connections: options.maxInFlight ?? 200, pipelining: 1, keepAliveTimeout: 30_000 });
  const latencies: number[] = [];
  const perPath = new Map<string, number[]>(paths.map((path) => [path, []]));
  let errors = 0;
  const total = Math.round(options.rate * options.seconds);
  const started = performance.now();
  const inFlight: Array<Promise<void>> = [];
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / options.rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const path = paths[i % paths.length] as string;
    inFlight.push(
      pool
        .request({ method: 'GET', path })
        .then(async (answer) => {
          await readToTheEnd(answer.body);
          if (answer.statusCode !== 200) errors++;
        })
        .catch(() => void errors++)
        .finally(() => {
          const ms = performance.now() - due;
          latencies.push(ms);
          perPath.get(path)!.push(ms);
        }),
    );
  }
  await Promise.all(inFlight);
  await pool.close();
  return resultOf(latencies, errors, options.seconds, perPath);
}
