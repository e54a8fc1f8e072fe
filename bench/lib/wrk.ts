import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface WrkResult {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Whether wrk (Debian's package `wrk`) is installed: a load generator written in C, which takes far less of the machine than one in Node. */
export const wrkInstalled = () => spawnSync('wrk', ['--version']).error === undefined;

/**
 * Keeps `connections` requests in flight for `seconds` with wrk (one thread), each request one of
 * `paths` in turn with `?v=<n>` (or `&v=<n>`) added from `firstQuery` on, so that no two are the
 * same page. Asynchronous: the parts' output is still read meanwhile. Latencies in milliseconds; any answer other than 2xx or 3xx, or a socket error, counts as an error.
 */
export async function wrkLoad(origin: string, paths: string[], options: { connections: number; seconds: number; firstQuery: number; headers?: Record<string, string> }): Promise<WrkResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-wrk-'));
  try {
    const script = path.join(dir, 'pages.lua');
    const headers = Object.entries(options.headers ?? {})
      .map(([name, value]) => `[${JSON.stringify(name)}] = ${JSON.stringify(value)}`)
      .join(', ');
    writeFileSync(
      script,
      `local pages = {${paths.map((p) => JSON.stringify(p)).join(', ')}}
local n = ${options.firstQuery}
request = function()
  n = n + 1
  local p = pages[(n % #pages) + 1]
  local sep = string.find(p, "?", 1, true) and "&" or "?"
  return wrk.format("GET", p .. sep .. "v=" .. n, {${headers}})
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %d %d %.3f %.3f %.3f %.3f\\n", summary.requests, e.status + e.connect + e.read + e.write + e.timeout,
    summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000))
end
`,
    );
    const { stdout: out } = await promisify(execFile)('wrk', ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--timeout', '10s', '-s', script, origin], {
      encoding: 'utf8',
      timeout: (options.seconds + 30) * 1000,
    });
    const line = /RESULT (\d+) (\d+) ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)/.exec(out);
    if (!line) throw new Error(`wrk printed no result:\n${out}`);
    const [requests, errors, duration, p50, p95, p99] = line.slice(1).map(Number) as [number, number, number, number, number, number];
    return { requests, errors, rps: Math.round(requests / duration), p50, p95, p99 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
