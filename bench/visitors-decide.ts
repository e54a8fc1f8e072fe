/**
 * What choosing costs svc-catalog, at 20,000 published services (issue "Visitors decide"):
 * - a list filtered three ways (meal type, delivery, price) against the same list plain, each with
 *   the filter form's counts, on the same page: A–Z and a state's list;
 * - the first page of reviews of a listing with 2,000 reviews against the listing's own read;
 * - with another tree named (an earlier commit in a `git worktree`, whose cards carry no rating):
 *   the A–Z list of this tree against that tree's, side by side in turns.
 * Each pair is measured in alternating rounds (first one, then the other, `rounds` times), at 8
 * connections, and reported as p95 and CPU ms per read from /proc. Reads are made twice: as an
 * anonymous visitor (svc-catalog answers a repeated read from its kept answers) and signed in
 * (computed every time: what a visitor's first read of a combination costs).
 * Run: npx tsx bench/visitors-decide.ts [other tree] [seconds per round, default 4] [rounds, default 3]
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { signIdentity } from '@mealprep/service-kit';
import { demoServices } from '@mealprep/demo-data';
import { load, mergeResults, type LoadResult } from './lib/load';
import { seedServices } from './lib/seed';
import { benchDatabase, cpuSeconds, removeBenchTopology, ROOT, startPart } from './lib/system';

const SERVICES = 20_000;
const REVIEWS = 2_000;
const other = process.argv[2] && existsSync(path.join(process.argv[2], 'svc-catalog')) ? path.resolve(process.argv[2]) : null;
const args = other ? process.argv.slice(3) : process.argv.slice(2);
const seconds = Number(args[0] ?? 4);
const rounds = Number(args[1] ?? 3);
const amqpUrl = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
const secret = randomBytes(32).toString('hex');
const signedIn = signIdentity({ userId: 'bench-visitor', email: 'visitor@bench.example.com', roles: [] }, secret);

interface Side {
  url: string;
  pid: number;
}

async function startSide(tree: string, stops: Array<() => Promise<void>>, reviewedSlug: string | null): Promise<Side> {
  const prefix = `bench-${randomBytes(3).toString('hex')}`;
  const db = await benchDatabase();
  stops.push(async () => {
    await db.stop();
    await removeBenchTopology(amqpUrl, prefix);
  });
  await seedServices(db.uri, SERVICES);
  if (reviewedSlug) await seedReviews(db.uri, reviewedSlug);
  const catalog = await startPart(path.join(tree, 'svc-catalog', 'src', 'server.ts'), { MONGODB_URI: db.uri, AMQP_URL: amqpUrl, AMQP_PREFIX: prefix, IDENTITY_SECRET: secret }, '/readyz', tree);
  stops.push(catalog.stop);
  return { url: catalog.url, pid: catalog.child.pid! };
}

/** 2,000 published reviews of one listing, a minute apart, and the rating they make on it. */
async function seedReviews(uri: string, slug: string): Promise<void> {
  const connection = await mongoose.createConnection(uri, { dbName: 'catalog' }).asPromise();
  try {
    const service = await connection.collection('services').findOne({ slug }, { projection: { _id: 1 } });
    if (!service) throw new Error(`no service ${slug}`);
    const serviceId = String(service._id);
    const docs = Array.from({ length: REVIEWS }, (_, i) => ({
      _id: `c${(i + 1).toString(16).padStart(23, '0')}` as unknown as mongoose.Types.ObjectId,
      serviceId,
      userId: `bench-reviewer-${i}`,
      email: `reviewer${i}@bench.example.com`,
      name: `Reviewer ${i}`,
      rating: 1 + (i % 5),
      text: `Review ${i}: the meals were fresh, the portions fair, and the delivery came on the day it was promised.`,
      textKey: `bench-${i}`,
      status: 'published',
      holdReasons: [],
      reply: null,
      reports: [],
      openReports: 0,
      reason: null,
      createdAt: new Date(Date.now() - i * 60_000),
      editedAt: null,
      version: 0,
    }));
    await connection.collection('reviews').insertMany(docs as never[]);
    await connection.collection('services').updateOne({ _id: service._id }, { $set: { rating: { average: 3, count: REVIEWS } } });
  } finally {
    await connection.close();
  }
}

/** One pair measured in alternating rounds: each side's merged result and CPU per read. */
async function pair(side: Side, a: string[], b: string[], headers: Record<string, string>, sideB: Side = side) {
  const results: [LoadResult[], LoadResult[]] = [[], []];
  const cpu: [number, number] = [0, 0];
  const counts: [number, number] = [0, 0];
  // Warm both (the first reads build what later reads reuse).
  await load(side.url, a, { connections: 8, seconds: 1, headers });
  await load(sideB.url, b, { connections: 8, seconds: 1, headers });
  for (let round = 0; round < rounds; round += 1) {
    for (const [k, target, paths] of [
      [0, side, a],
      [1, sideB, b],
    ] as const) {
      const before = cpuSeconds(target.pid);
      const result = await load(target.url, paths, { connections: 8, seconds, headers });
      cpu[k] += cpuSeconds(target.pid) - before;
      counts[k] += result.requests;
      results[k].push(result);
    }
  }
  const merged = results.map((r) => mergeResults(r, seconds * rounds));
  return merged.map((result, k) => ({ result, cpuMs: (cpu[k]! * 1000) / Math.max(1, counts[k]!) }));
}

const show = (name: string, m: { result: LoadResult; cpuMs: number }) =>
  `    ${name.padEnd(34)} p50 ${m.result.p50.toFixed(2).padStart(7)} ms · p95 ${m.result.p95.toFixed(2).padStart(7)} ms · ${m.cpuMs.toFixed(3)} ms CPU/read · ${m.result.rps} reads/s · ${m.result.errors} errors`;

async function report(title: string, names: [string, string], measured: Array<{ result: LoadResult; cpuMs: number }>) {
  const [a, b] = measured as [{ result: LoadResult; cpuMs: number }, { result: LoadResult; cpuMs: number }];
  console.log(`  ${title}`);
  console.log(show(names[0], a));
  console.log(show(names[1], b));
  console.log(`    ratio (second / first): p95 ${(b.result.p95 / a.result.p95).toFixed(2)}× · CPU ${(b.cpuMs / a.cpuMs).toFixed(2)}×`);
}

const stops: Array<() => Promise<void>> = [];
try {
  const reviewed = demoServices().find((s) => s.status === 'published')!;
  const reviewedSlug = `${reviewed.slug}-0`;
  const after = await startSide(ROOT, stops, reviewedSlug);
  const before = other ? await startSide(other, stops, null) : null;
  console.log(`${SERVICES} published services, 8 connections, ${rounds} rounds of ${seconds} s per case, ${new Date().toISOString()}`);
  const list = (query: string) => [`/services?${query}&facets=true&page=1&pageSize=6`];
  const filtered = 'meal=keto&delivery=ships&price=15';
  for (const [who, headers] of [
    ['an anonymous visitor (kept answers)', {}],
    ['a signed-in visitor (computed every read)', { ...signedIn }],
  ] as const) {
    console.log(`As ${who}:`);
    await report('A–Z, page 1: plain, then filtered three ways', ['plain', filtered], await pair(after, list(''), list(filtered), headers));
    await report(
      "A state's list, page 1: plain, then filtered three ways",
      ['state=texas', `state=texas&${filtered}`],
      await pair(after, list('state=texas'), list(`state=texas&${filtered}`), headers),
    );
    await report(
      `The listing with ${REVIEWS} reviews: its read, then its first page of reviews`,
      ['the listing', 'its reviews, page 1'],
      await pair(after, [`/services/by-slug/${reviewedSlug}`], [`/services/by-slug/${reviewedSlug}/reviews`], headers),
    );
    await report(
      'The same: its read, then its pages of reviews 2-200 in turn (read by their ids)',
      ['the listing', 'its reviews, pages 2-200'],
      await pair(
        after,
        [`/services/by-slug/${reviewedSlug}`],
        Array.from({ length: 199 }, (_, i) => `/services/by-slug/${reviewedSlug}/reviews?page=${i + 2}`),
        headers,
      ),
    );
    if (before) {
      const plainAz = ['/services?page=1&pageSize=6'];
      await report('A–Z, page 1, cards without ratings (the other tree), then with (this tree)', ['without ratings', 'with ratings'], await pair(before, plainAz, plainAz, headers, after));
    }
  }
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
}
