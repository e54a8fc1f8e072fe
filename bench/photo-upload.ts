/**
 * What a listing photo's upload costs svc-media (POST /photos, the photo's bytes as the body): drawn
 * once into every width of PHOTO_WIDTHS in AVIF, WebP and JPEG, behind the UploadGate. The photo is
 * a 4,000 × 3,000 JPEG drawn here with sharp: gaussian noise (mean 128, sigma 30) at quality 85, as
 * hard to encode as a grainy phone photo (about 5-6 MB).
 * - Part 1, one at a time: from the POST's start until the cover's 1,920 px AVIF file (GET
 *   /photos/<id>/1920-<hash>.avif) answers 200, `uploads` times (one upload before, untimed):
 *   median, p95, max, and the CPU svc-media spent per upload (utime + stime from /proc).
 * - Part 2, 10 uploads at once (10 owners, each their own listing), with the default gate (2 slots,
 *   2 per user, 50 waiting, 10 s wait) and with it opened wide (10 slots, 10 per user, 50 waiting),
 *   each in a svc-media of its own started fresh: its RSS before (idle), its peak RSS during (VmRSS
 *   read every 20 ms, and VmHWM at the end) and the ratio wide / default; how long the 10 took and
 *   what they were answered.
 * svc-media is started in a child process per configuration (this file with `--media`: the app as
 * createMediaApp makes it, with the gate given, on the benchmark's own FerretDB and a broker prefix
 * of its own on the machine's RabbitMQ), so its memory and CPU are its own. Traffic goes to
 * 127.0.0.1 alone; every wait is bounded; the database, the queues and the media folders are removed.
 * Run: npx tsx bench/photo-upload.ts [uploads one at a time, default 20]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { photoFileUrl, type PhotoFacts } from '@mealprep/contracts';
import { Broker, closeServer, connectDatabase, createLogger, listen, Outbox, signIdentity } from '@mealprep/service-kit';
import { destroyTopology } from '../packages/service-kit/src/testing/broker-topology';
import { createMediaApp, mediaRepositories } from '../svc-media/src/app';
import { DEFAULT_UPLOAD_GATE, type UploadGateOptions } from '../svc-media/src/domain/upload-gate';
import { percentile as percentileOfSorted } from './lib/load';
import { benchDatabase, cpuSeconds, ROOT } from './lib/system';

const SEQUENTIAL = process.argv[2] === '--media' ? 0 : Number(process.argv[2] ?? 20);
const AT_ONCE = 10;
const WIDE_GATE: UploadGateOptions = { slots: 10, perUser: 10, maxWaiting: 50, maxWaitMs: 10_000 };
const COVER_WIDTH = 1920;
/** How long one upload (and its file's GET) may take before it counts as failed. */
const UPLOAD_TIMEOUT_MS = 120_000;
const amqpUrl = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';

/** What the child svc-media is started with. */
interface MediaConfig {
  uri: string;
  dbName: string;
  prefix: string;
  secret: string;
  gate: UploadGateOptions;
  /** The listings it knows, each with its owner. */
  listings: Array<{ id: string; ownerUserId: string }>;
}

// ---------------------------------------------------------------------------------------------
// The child: svc-media's app in-process on 127.0.0.1, its URL on the first line of its output;
// a line "stop" (or its input closed) stops it and removes its database, queues and folder.
// ---------------------------------------------------------------------------------------------
async function media(config: MediaConfig): Promise<void> {
  const logger = createLogger('svc-media', 'warn');
  const connection = await connectDatabase(config.uri, config.dbName, logger);
  const broker = new Broker({ url: amqpUrl, prefix: config.prefix, source: 'svc-media', logger });
  await broker.connect();
  const mediaDir = await mkdtemp(path.join(tmpdir(), 'mealprep-bench-media-'));
  const outbox = new Outbox({ connection, broker, logger });
  const repositories = mediaRepositories(connection, outbox, mediaDir);
  await Promise.all([repositories.directory.ensureIndexes(), repositories.quotas.ensureIndexes(), repositories.photos.ensureIndexes()]);
  for (const listing of config.listings) {
    await repositories.directory.apply({ id: listing.id, version: 1, name: 'Bench', status: 'published', ownerUserId: listing.ownerUserId, photoIds: [] });
  }
  const app = createMediaApp({ logger, connection, broker, outbox, identitySecret: config.secret, mediaDir, uploadGate: config.gate });
  const { server, url } = await listen(app, 0, '127.0.0.1');
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      await closeServer(server);
      await destroyTopology(broker).catch(() => undefined);
      await broker.close().catch(() => undefined);
      await connection.dropDatabase().catch(() => undefined);
      await connection.close().catch(() => undefined);
      await rm(mediaDir, { recursive: true, force: true });
    })());
  // Never outlives the benchmark by long, whatever becomes of it.
  const guard = setTimeout(() => void stop().then(() => process.exit(2)), 20 * 60_000);
  process.stdout.write(`${JSON.stringify({ url })}\n`);
  for await (const line of createInterface({ input: process.stdin })) if (line.trim() === 'stop') break;
  await stop();
  clearTimeout(guard);
  process.stdout.write(`${JSON.stringify('stopped')}\n`);
  process.exit(0);
}

interface Media {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

/** Starts svc-media in a child process of its own and waits for its URL. */
async function startMedia(config: MediaConfig): Promise<Media> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--media', JSON.stringify(config)], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.stdin!.end('stop\n');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  };
  const first = await Promise.race([lines.next(), sleep(60_000).then(() => ({ done: true as const, value: undefined }))]);
  if (first.done) {
    await stop();
    throw new Error('svc-media did not start within 60 s');
  }
  return { url: (JSON.parse(first.value) as { url: string }).url, pid: child.pid!, stop };
}

/** VmRSS and VmHWM of a process, in MB. */
async function memoryOf(pid: number): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** Samples a process's VmRSS every 20 ms until stopped: the peak seen. */
function sampleRss(pid: number) {
  let peak = 0;
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rss } = await memoryOf(pid).catch(() => ({ rss: 0 }));
      peak = Math.max(peak, rss);
      samples += 1;
      await sleep(20);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { peak, samples };
    },
  };
}

interface Upload {
  status: number;
  /** From the POST's start until its answer. */
  postMs: number;
  /** From the POST's start until the cover's 1,920 px AVIF answered 200 (NaN when it never did). */
  servedMs: number;
  error: string | null;
}

/** One upload, then the cover's 1,920 px AVIF asked for until it answers 200 (the way a page shows it). */
async function uploadOne(base: string, photo: Buffer, listingId: string, userId: string, secret: string): Promise<Upload> {
  const started = performance.now();
  const signal = AbortSignal.timeout(UPLOAD_TIMEOUT_MS);
  try {
    const answer = await fetch(`${base}/photos?listingId=${listingId}&fileName=x.jpg`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', ...signIdentity({ userId, email: `${userId}@bench.example.com`, roles: [] }, secret) },
      body: new Uint8Array(photo),
      signal,
    });
    const text = await answer.text();
    const postMs = performance.now() - started;
    if (answer.status !== 201) return { status: answer.status, postMs, servedMs: NaN, error: text.slice(0, 200) };
    const facts = (JSON.parse(text) as { photo: PhotoFacts }).photo;
    const source = facts.sources.find((s) => s.width === COVER_WIDTH);
    if (!source) return { status: answer.status, postMs, servedMs: NaN, error: `no ${COVER_WIDTH} px source: ${JSON.stringify(facts.sources.map((s) => s.width))}` };
    const fileUrl = `${base}${photoFileUrl(facts.id, source, 'avif').replace('/api/media', '')}`;
    for (;;) {
      const file = await fetch(fileUrl, { signal });
      await file.arrayBuffer();
      if (file.status === 200) return { status: answer.status, postMs, servedMs: performance.now() - started, error: null };
      await sleep(20);
    }
  } catch (err) {
    return { status: 0, postMs: performance.now() - started, servedMs: NaN, error: String(err).slice(0, 200) };
  }
}

/** The p-th percentile of unsorted values. */
const percentile = (values: readonly number[], p: number) =>
  percentileOfSorted(
    [...values].sort((a, b) => a - b),
    p,
  );
const listingId = () => randomBytes(12).toString('hex');
const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;
const mb = (value: number) => `${value.toFixed(0)} MB`;
const statuses = (uploads: readonly Upload[]) => {
  const counts = new Map<string, number>();
  for (const u of uploads) counts.set(String(u.status), (counts.get(String(u.status)) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n} × ${status}`).join(', ');
};
const firstError = (uploads: readonly Upload[]) => uploads.find((u) => u.error)?.error ?? '';

async function main(): Promise<void> {
  const secret = randomBytes(32).toString('hex');
  const run = randomBytes(3).toString('hex');
  const drawStarted = performance.now();
  const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .jpeg({ quality: 85 })
    .toBuffer();
  console.log(
    `photo upload, ${new Date().toISOString()}: a 4,000 × 3,000 JPEG of ${(photo.length / 1e6).toFixed(2)} MB (drawn in ${ms(performance.now() - drawStarted)}); ` +
      `${SEQUENTIAL} uploads one at a time, then ${AT_ONCE} at once with each gate; load average ${loadAverage()}`,
  );
  const db = await benchDatabase();
  const started: Media[] = [];
  const startFresh = async (label: string, gate: UploadGateOptions, listings: MediaConfig['listings']) => {
    const m = await startMedia({ uri: db.uri, dbName: `bench-photo-upload-${run}-${label}`, prefix: `bench.photo-upload.${run}.${label}`, secret, gate, listings });
    started.push(m);
    return m;
  };
  try {
    // Part 1: one owner, one listing, one upload at a time.
    const owner = { id: listingId(), ownerUserId: `bench-owner-${run}` };
    const seq = await startFresh('seq', DEFAULT_UPLOAD_GATE, [owner]);
    const warm = await uploadOne(seq.url, photo, owner.id, owner.ownerUserId, secret);
    if (warm.error) throw new Error(`the first upload failed: ${warm.status} ${warm.error}`);
    const one: Upload[] = [];
    const cpuMs: number[] = [];
    for (let i = 0; i < SEQUENTIAL; i += 1) {
      const cpu = cpuSeconds(seq.pid);
      one.push(await uploadOne(seq.url, photo, owner.id, owner.ownerUserId, secret));
      cpuMs.push((cpuSeconds(seq.pid) - cpu) * 1000);
    }
    const seqMemory = await memoryOf(seq.pid);
    await seq.stop();

    // Part 2: 10 owners, 10 uploads at once, each gate in a svc-media of its own.
    const burst = async (label: string, gate: UploadGateOptions) => {
      const owners = Array.from({ length: AT_ONCE }, (_, k) => ({ id: listingId(), ownerUserId: `bench-owner-${run}-${label}-${k + 1}` }));
      const m = await startFresh(label, gate, owners);
      await sleep(2_000);
      const before = await memoryOf(m.pid);
      const sampler = sampleRss(m.pid);
      const cpu = cpuSeconds(m.pid);
      const begun = performance.now();
      const uploads = await Promise.all(owners.map((o) => uploadOne(m.url, photo, o.id, o.ownerUserId, secret)));
      const took = performance.now() - begun;
      const cpuUsed = cpuSeconds(m.pid) - cpu;
      const { peak, samples } = await sampler.stop();
      const after = await memoryOf(m.pid);
      await m.stop();
      return { label, gate, uploads, took, cpuUsed, before: before.rss, peak: Math.max(peak, after.rss), hwm: after.hwm, samples };
    };
    const narrow = await burst('default', DEFAULT_UPLOAD_GATE);
    const wide = await burst('wide', WIDE_GATE);

    const served = one.filter((u) => !u.error);
    const latency = served.map((u) => u.servedMs);
    const posts = served.map((u) => u.postMs);
    console.log('');
    console.log(`Part 1: ${SEQUENTIAL} uploads one after another (one owner; one upload before, untimed), default gate`);
    console.log(`  answers: ${statuses(one)}${firstError(one) ? `; the first error: ${firstError(one)}` : ''}`);
    console.log('                                      median      p95      max');
    console.log(`  upload to 1,920 px AVIF served   ${[50, 95, 100].map((p) => ms(percentile(latency, p)).padStart(9)).join('')}`);
    console.log(`  the POST alone (201 answered)    ${[50, 95, 100].map((p) => ms(percentile(posts, p)).padStart(9)).join('')}`);
    console.log(
      `  svc-media CPU per upload (utime+stime, /proc, 10 ms ticks): ${ms(cpuMs.reduce((a, b) => a + b, 0) / cpuMs.length)} mean, ${ms(percentile(cpuMs, 50))} median, ${ms(Math.max(...cpuMs))} max; ` +
        `its RSS after: ${mb(seqMemory.rss)}, VmHWM ${mb(seqMemory.hwm)}`,
    );
    console.log('');
    console.log(`Part 2: ${AT_ONCE} uploads at once (${AT_ONCE} owners, each their own listing), a fresh svc-media per gate`);
    console.log('  gate                                              RSS before  peak RSS    VmHWM  CPU      served  last served  all answered');
    for (const side of [narrow, wide]) {
      const g = side.gate;
      const name = `${side.label} (slots ${g.slots}, perUser ${g.perUser}, maxWaiting ${g.maxWaiting}, ${g.maxWaitMs / 1000} s)`;
      const ok = side.uploads.filter((u) => !u.error).map((u) => u.servedMs);
      console.log(
        `  ${name.padEnd(50)} ${mb(side.before).padStart(9)} ${mb(side.peak).padStart(9)} ${mb(side.hwm).padStart(8)}  ${`${side.cpuUsed.toFixed(1)} s`.padEnd(8)} ${`${ok.length}/${AT_ONCE}`.padStart(6)} ${(ok.length ? `${(Math.max(...ok) / 1000).toFixed(1)} s` : '-').padStart(12)} ${`${(side.took / 1000).toFixed(1)} s`.padStart(13)}`,
      );
    }
    for (const side of [narrow, wide]) {
      const ok = side.uploads.filter((u) => !u.error).map((u) => u.servedMs);
      console.log(
        `  ${side.label}: answers ${statuses(side.uploads)}; each served upload, POST to AVIF served: ${ok.length ? `median ${ms(percentile(ok, 50))}, min ${ms(Math.min(...ok))}, max ${ms(Math.max(...ok))}` : 'none'}; ${side.samples} RSS samples` +
          `${firstError(side.uploads) ? `; the first refusal: ${firstError(side.uploads)}` : ''}`,
      );
    }
    console.log(
      `  wide / default: peak RSS ${(wide.peak / narrow.peak).toFixed(2)}×, peak above baseline ${((wide.peak - wide.before) / (narrow.peak - narrow.before)).toFixed(2)}× (the default gate's peak is of the uploads it took, not of 10)`,
    );
    console.log(`(load average at the end: ${loadAverage()})`);
  } finally {
    for (const m of started) await m.stop();
    await db.stop();
  }
}

function loadAverage(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

if (process.argv[2] === '--media') {
  await media(JSON.parse(process.argv[3]!) as MediaConfig);
} else {
  await main();
}
