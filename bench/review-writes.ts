/**
 * What a review's write costs svc-catalog with 20,000 published services and 50,000 reviews, against
 * what an owner's save of their listing costs on the same catalogue: both are one person's write,
 * and a review's should cost about as much (it reads and writes its records by key, never the
 * reviews collection through). Also the staff's queue against the listing's own read.
 * - a review's write: a signed-in visitor writes a review of a listing, edits it, deletes it (three
 *   writes, each timed);
 * - a listing's save: its owner changes its tagline;
 * - the staff's held queue, and the listing's read.
 * Alternating rounds at `connections` writers at once; p50/p95 and CPU ms per call from /proc. With
 * another tree named (an earlier commit in a `git worktree`), the same on it, side by side: that
 * tree's reviews read the collection through, so it is given fewer calls (`other calls`).
 * Run: npx tsx bench/review-writes.ts [other tree] [calls per round, default 60] [rounds, default 3] [other calls, default 6]
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { signIdentity } from '@mealprep/service-kit';
import { reviewRecords } from '../svc-catalog/src/data-access/review-records';
import type { StoredReview } from '../svc-catalog/src/data-access/review-repository';
import { keepRecordsOf } from '../svc-catalog/src/domain/reviews/review-migration';
import { percentile } from './lib/load';
import { seedServices } from './lib/seed';
import { benchDatabase, cpuSeconds, removeBenchTopology, ROOT, startPart } from './lib/system';

const SERVICES = 20_000;
const REVIEWS = 50_000;
const OWNED = 50;
const other = process.argv[2] && existsSync(path.join(process.argv[2], 'svc-catalog')) ? path.resolve(process.argv[2]) : null;
const args = other ? process.argv.slice(3) : process.argv.slice(2);
const calls = Number(args[0] ?? 60);
const rounds = Number(args[1] ?? 3);
const otherCalls = Number(args[2] ?? 6);
const CONNECTIONS = 4;
const amqpUrl = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
const secret = randomBytes(32).toString('hex');
const MONTH_AGO = new Date(Date.now() - 30 * 86_400_000).toISOString();
// Signed for each call, as the gateway signs each request (a signature goes stale).
const owner = () => signIdentity({ userId: 'bench-owner', email: 'owner@bench.example.com', roles: [], since: MONTH_AGO }, secret);
const admin = () => signIdentity({ userId: 'bench-admin', email: 'admin@bench.example.com', roles: ['admin'], since: MONTH_AGO }, secret);
let accounts = 0;
const freshVisitor = () => ({ userId: `bench-visitor-${(accounts += 1)}-${randomBytes(3).toString('hex')}`, email: `v${accounts}@bench.example.com`, roles: [] as Array<'admin'>, since: MONTH_AGO });

interface Side {
  name: string;
  url: string;
  pid: number;
  startMs: number;
  listings: Array<{ id: string; slug: string }>;
}

/** 50,000 reviews over the published listings, as a catalogue that has run a while holds them: most shown, some held, rejected or removed. */
async function seedReviews(uri: string): Promise<Array<{ id: string; slug: string }>> {
  const connection = await mongoose.createConnection(uri, { dbName: 'catalog' }).asPromise();
  try {
    const services = await connection
      .collection('services')
      .find({}, { projection: { _id: 1, slug: 1, ownerUserId: 1 } })
      .toArray();
    const kept: StoredReview[] = [];
    const statuses = ['published', 'published', 'published', 'published', 'published', 'published', 'published', 'published', 'held', 'rejected'];
    for (let i = 0; i < REVIEWS; i += 1_000) {
      const docs = Array.from({ length: Math.min(1_000, REVIEWS - i) }, (_, k) => {
        const n = i + k;
        const service = services[(n * 7919) % services.length]!;
        return {
          _id: randomBytes(12).toString('hex') as unknown as mongoose.Types.ObjectId,
          serviceId: String(service._id),
          userId: `bench-reviewer-${n}`,
          email: `reviewer${n}@bench.example.com`,
          name: `Reviewer ${n}`,
          rating: 1 + (n % 5),
          text: `Review ${n}: the meals were fresh, the portions fair, and the delivery came on the day it was promised.`,
          textKey: `bench-${n}`,
          status: statuses[n % statuses.length],
          holdReasons: [],
          reply: null,
          reports: [],
          openReports: 0,
          reason: null,
          createdAt: new Date(Date.now() - 2 * 3_600_000 - n * 60_000),
          editedAt: null,
          version: 0,
        };
      });
      await connection.collection('reviews').insertMany(docs as never[]);
      kept.push(
        ...docs.map(
          ({ _id, createdAt, ...review }) =>
            ({ ...review, id: String(_id), createdAt: createdAt.toISOString(), countsForBurst: true, decidedAt: null, decidedByEmail: null }) as unknown as StoredReview,
        ),
      );
    }
    // The records a catalogue that has run with them keeps beside its reviews, made as its first start made them.
    const records = reviewRecords(connection);
    await keepRecordsOf(records, kept);
    await records.migrations.insertMany([['review-records', { at: Date.now() }]]);
    return services.filter((s) => s.ownerUserId === 'bench-owner').map((s) => ({ id: String(s._id), slug: String(s.slug) }));
  } finally {
    await connection.close();
  }
}

async function startSide(name: string, tree: string, stops: Array<() => Promise<void>>): Promise<Side> {
  const prefix = `bench-${randomBytes(3).toString('hex')}`;
  const db = await benchDatabase();
  stops.push(async () => {
    await db.stop();
    await removeBenchTopology(amqpUrl, prefix);
  });
  await seedServices(db.uri, SERVICES, { ownerOfFirst: OWNED });
  const seeding = performance.now();
  const listings = await seedReviews(db.uri);
  console.log(`  ${name}: ${REVIEWS} reviews and their records stored in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
  const started = performance.now();
  const catalog = await startPart(path.join(tree, 'svc-catalog', 'src', 'server.ts'), { MONGODB_URI: db.uri, AMQP_URL: amqpUrl, AMQP_PREFIX: prefix, IDENTITY_SECRET: secret }, '/readyz', tree);
  stops.push(catalog.stop);
  return { name, url: catalog.url, pid: catalog.child.pid!, startMs: performance.now() - started, listings };
}

async function call(side: Side, headers: Record<string, string>, method: string, pathname: string, body?: unknown): Promise<{ ms: number; json: Record<string, unknown> }> {
  const started = performance.now();
  const answer = await fetch(`${side.url}${pathname}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await answer.text();
  const ms = performance.now() - started;
  if (answer.status >= 300) throw new Error(`${method} ${pathname}: ${answer.status} ${text.slice(0, 200)}`);
  return { ms, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

type Kind = 'review write' | 'listing save' | 'staff held queue' | 'listing read';
/** The three writes a review's measure makes, each timed on its own too. */
const steps: Record<'write' | 'edit' | 'delete', number[]> = { write: [], edit: [], delete: [] };

/** `count` calls of one kind, CONNECTIONS at a time: each one's time, and the CPU svc-catalog spent on them. */
async function measure(side: Side, kind: Kind, count: number): Promise<{ ms: number[]; cpu: number; calls: number }> {
  const ms: number[] = [];
  let next = 0;
  const before = cpuSeconds(side.pid);
  const worker = async () => {
    while (next < count) {
      const n = (next += 1);
      const listing = side.listings[n % side.listings.length]!;
      if (kind === 'review write') {
        const who = freshVisitor();
        const visitor = () => signIdentity(who, secret);
        const written = await call(side, visitor(), 'POST', `/services/${listing.id}/reviews`, {
          rating: 4,
          text: `Bench review ${n} ${randomBytes(4).toString('hex')}: fresh and on time.`,
          name: 'Bench Visitor',
        });
        const id = String(written.json.id);
        const edited = await call(side, visitor(), 'PATCH', `/reviews/${id}`, { rating: 5, text: `Bench review ${n} edited ${randomBytes(4).toString('hex')}: even better.`, name: 'Bench Visitor' });
        const deleted = await call(side, visitor(), 'DELETE', `/reviews/${id}`);
        ms.push(written.ms, edited.ms, deleted.ms);
        steps.write.push(written.ms);
        steps.edit.push(edited.ms);
        steps.delete.push(deleted.ms);
      } else if (kind === 'listing save') {
        ms.push((await call(side, owner(), 'PATCH', `/services/${listing.id}`, { tagline: `Saved ${n} ${randomBytes(3).toString('hex')}` })).ms);
      } else if (kind === 'staff held queue') {
        ms.push((await call(side, admin(), 'GET', `/admin/reviews?status=held&page=${1 + (n % 5)}`)).ms);
      } else {
        ms.push((await call(side, {}, 'GET', `/services/by-slug/${listing.slug}`)).ms);
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return { ms, cpu: cpuSeconds(side.pid) - before, calls: ms.length };
}

function line(kind: string, m: { ms: number[]; cpu: number; calls: number }): string {
  const sorted = [...m.ms].sort((a, b) => a - b);
  return `    ${kind.padEnd(18)} ${String(m.calls).padStart(5)} calls · p50 ${percentile(sorted, 50).toFixed(1).padStart(8)} ms · p95 ${percentile(sorted, 95).toFixed(1).padStart(8)} ms · ${((m.cpu * 1000) / Math.max(1, m.calls)).toFixed(2)} ms CPU/call`;
}

const p95 = (m: { ms: number[] }) =>
  percentile(
    [...m.ms].sort((a, b) => a - b),
    95,
  );

async function run(side: Side, count: number): Promise<void> {
  const totals = new Map<Kind, { ms: number[]; cpu: number; calls: number }>();
  // Warm both kinds (the first calls build what later ones reuse: the staff's queues load once).
  await measure(side, 'listing save', 4);
  await measure(side, 'review write', 2);
  await measure(side, 'staff held queue', 2);
  for (const times of Object.values(steps)) times.length = 0;
  for (let round = 0; round < rounds; round += 1) {
    for (const kind of ['review write', 'listing save', 'staff held queue', 'listing read'] as const) {
      const m = await measure(side, kind, kind === 'review write' ? Math.ceil(count / 3) : count);
      const total = totals.get(kind) ?? { ms: [], cpu: 0, calls: 0 };
      totals.set(kind, { ms: [...total.ms, ...m.ms], cpu: total.cpu + m.cpu, calls: total.calls + m.calls });
    }
  }
  console.log(`  ${side.name}: ready ${(side.startMs / 1000).toFixed(1)} s after start`);
  for (const [kind, m] of totals) console.log(line(kind, m));
  for (const [step, times] of Object.entries(steps))
    console.log(
      `      of which ${step.padEnd(6)} p50 ${percentile(
        [...times].sort((a, b) => a - b),
        50,
      ).toFixed(1)} ms · p95 ${percentile(
        [...times].sort((a, b) => a - b),
        95,
      ).toFixed(1)} ms · max ${Math.max(...times).toFixed(1)} ms`,
    );
  for (const times of Object.values(steps)) times.length = 0;
  console.log(`    review write p95 / listing save p95: ${(p95(totals.get('review write')!) / p95(totals.get('listing save')!)).toFixed(2)}×`);
  console.log(`    staff held queue p95 / listing read p95: ${(p95(totals.get('staff held queue')!) / p95(totals.get('listing read')!)).toFixed(2)}×`);
}

const stops: Array<() => Promise<void>> = [];
try {
  const sides = [await startSide('this tree', ROOT, stops)];
  if (other) sides.push(await startSide(`the other tree (${path.basename(other)})`, other, stops));
  console.log(`${SERVICES} published services, ${REVIEWS} reviews, ${CONNECTIONS} writers at once, ${rounds} rounds, ${new Date().toISOString()}`);
  for (const side of sides) await run(side, side.name === 'this tree' ? calls : otherCalls);
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
}
