import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
// @ts-expect-error plain ESM helper without types
import { ensureFerretdb } from '../lib/ensure-ferretdb.mjs';
// @ts-expect-error plain ESM helper without types
import { startFerretdb } from '../lib/ferretdb.mjs';

/**
 * npm run backup and npm run restore as a user runs them, against a FerretDB of this file's own
 * (its own port and temporary data folder): a backup taken while writes stream in holds every
 * write answered before it began, whole; a restore refuses what is not a whole backup of this
 * format, and a folder that is not empty, changing nothing.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const DATABASES = ['backup_orders', 'backup_people', 'backup_media'];
const WRITERS = 6;
const PRELOADED = 600;

type Ferret = { uri: string; stop: () => Promise<void> };
type Order = { _id: string; writer: number; seq: number; rev: number; body: string; sha: string };
type Counter = { _id: string; n: number };

/** A script of package.json, run as npm runs it (asynchronously: the writes go on meanwhile). */
function npmRun(script: 'backup' | 'restore', args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: ROOT, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** What a folder holds (every entry and each file's SHA-256), or that it is missing. */
function folderState(dir: string): string {
  if (!existsSync(dir)) return 'missing';
  const lines: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at).sort()) {
      const full = path.join(at, name);
      const rel = path.relative(dir, full);
      if (statSync(full).isDirectory()) {
        lines.push(`${rel}/`);
        walk(full);
      } else {
        lines.push(`${rel} ${createHash('sha256').update(readFileSync(full)).digest('hex')}`);
      }
    }
  };
  walk(dir);
  return lines.join('\n');
}

function body() {
  const text = randomBytes(400 + Math.floor(Math.random() * 4_000)).toString('base64');
  return { body: text, sha: createHash('sha256').update(text).digest('hex') };
}

/**
 * Writers that insert numbered documents, count them in a counter document and rewrite an
 * earlier document, each write after the last was answered, until stopped. `answered` is every
 * document's last answered revision; `lastSeq` each writer's last answered insert.
 */
function startWrites(client: mongoose.mongo.MongoClient) {
  let stopping = false;
  const answered = new Map<string, number>();
  const lastSeq = Array.from({ length: WRITERS }, () => 0);
  const answeredAt: number[] = [];
  const errors: unknown[] = [];
  const loops = Array.from({ length: WRITERS }, async (_, w) => {
    const db = client.db(DATABASES[w % DATABASES.length]);
    const orders = db.collection<Order>('orders');
    const counters = db.collection<Counter>('counters');
    try {
      for (let seq = 1; !stopping; seq += 1) {
        const id = `${w}-${seq}`;
        await orders.insertOne({ _id: id, writer: w, seq, rev: 0, ...body() });
        answered.set(id, 0);
        lastSeq[w] = seq;
        answeredAt.push(Date.now());
        await counters.updateOne({ _id: `writer-${w}` }, { $inc: { n: 1 } }, { upsert: true });
        if (seq > 3) {
          const earlier = `${w}-${seq - 3}`;
          const rev = answered.get(earlier)! + 1;
          await orders.updateOne({ _id: earlier }, { $set: { rev, ...body() } });
          answered.set(earlier, rev);
          answeredAt.push(Date.now());
        }
      }
    } catch (err) {
      errors.push(err);
    }
  });
  return {
    answered,
    lastSeq,
    errors,
    answeredBetween: (from: number, to: number) => answeredAt.filter((t) => t >= from && t <= to).length,
    stop: async () => {
      stopping = true;
      await Promise.all(loops);
    },
  };
}

describe('npm run backup and npm run restore', () => {
  let work: string;
  let source: Ferret | null = null;
  let client: mongoose.mongo.MongoClient | null = null;
  const others: Ferret[] = [];
  /** A backup of the preloaded data, for the refusals. */
  let valid: string;

  beforeAll(async () => {
    await ensureFerretdb();
    work = mkdtempSync(path.join(tmpdir(), 'mealprep-backup-'));
    source = (await startFerretdb({ dataDir: path.join(work, 'source') })) as Ferret;
    client = await new mongoose.mongo.MongoClient(source.uri, { serverSelectionTimeoutMS: 10_000 }).connect();
    // Some data in every database before the writes start.
    for (const name of DATABASES) {
      const docs = Array.from({ length: PRELOADED }, (_, i) => ({ _id: `${name}-preloaded-${i}`, writer: -1, seq: i, rev: 0, ...body() }));
      for (let i = 0; i < docs.length; i += 200)
        await client
          .db(name)
          .collection<Order>('orders')
          .insertMany(docs.slice(i, i + 200));
    }
    valid = path.join(work, 'valid.tar.gz');
    const made = await npmRun('backup', [valid, '--data', path.join(work, 'source')]);
    expect(made.code, made.stderr).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    for (const ferret of others) await ferret.stop();
    await source?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  }, 120_000);

  it('when a backup is taken while writes stream in and restored into an empty folder, then FerretDB on it has every write answered before the backup began, each document whole', async () => {
    const writes = startWrites(client!);
    let stopped = false;
    try {
      await vi.waitFor(
        () => {
          expect(writes.errors).toEqual([]);
          expect(Math.min(...writes.lastSeq)).toBeGreaterThanOrEqual(20);
        },
        { timeout: 30_000, interval: 50 },
      );
      const began = Date.now();
      const answeredBefore = new Map(writes.answered);
      const lastSeqBefore = [...writes.lastSeq];
      const file = path.join(work, 'under-writes.tar.gz');
      const made = await npmRun('backup', [file, '--data', path.join(work, 'source')]);
      const ended = Date.now();
      await writes.stop();
      stopped = true;
      expect(made.code, made.stderr).toBe(0);
      expect(made.stdout).toMatch(/backup: .*under-writes\.tar\.gz written in [\d.]+ s: 3 databases/);
      // The site kept taking writes while the backup ran, and none failed.
      expect(writes.errors).toEqual([]);
      expect(writes.answeredBetween(began, ended)).toBeGreaterThan(0);

      const restored = path.join(work, 'restored');
      mkdirSync(restored);
      const back = await npmRun('restore', [file, '--data', restored]);
      expect(back.code, back.stderr).toBe(0);
      expect(back.stdout).toContain('3 databases');

      const ferret = (await startFerretdb({ dataDir: restored })) as Ferret;
      others.push(ferret);
      const reader = await new mongoose.mongo.MongoClient(ferret.uri, { serverSelectionTimeoutMS: 10_000 }).connect();
      try {
        const found = new Map<string, Order>();
        for (const name of DATABASES) {
          for (const doc of await reader.db(name).collection<Order>('orders').find({}).toArray()) {
            // Whole: the body is the one its checksum was written with.
            expect(createHash('sha256').update(doc.body).digest('hex'), doc._id).toBe(doc.sha);
            found.set(doc._id, doc);
          }
        }
        const missing = [...answeredBefore].filter(([id, rev]) => (found.get(id)?.rev ?? -1) < rev);
        expect(missing, 'writes answered before the backup began but not restored').toEqual([]);
        for (const name of DATABASES)
          expect(
            [...found.keys()].filter((id) => id.startsWith(`${name}-preloaded-`)),
            name,
          ).toHaveLength(PRELOADED);
        for (let w = 0; w < WRITERS; w += 1) {
          // One moment of each database: numbers 1..last with no gap, and the counter at last or one behind.
          const seqs = [...found.values()].filter((doc) => doc.writer === w).map((doc) => doc.seq);
          const last = Math.max(...seqs);
          expect(seqs.length, `writer ${w}`).toBe(last);
          expect(last).toBeGreaterThanOrEqual(lastSeqBefore[w]!);
          const counter = await reader
            .db(DATABASES[w % DATABASES.length]!)
            .collection<Counter>('counters')
            .findOne({ _id: `writer-${w}` });
          expect([last - 1, last], `writer ${w}'s counter`).toContain(counter?.n);
        }
        // The restored database takes writes.
        await reader
          .db(DATABASES[0]!)
          .collection<Order>('orders')
          .insertOne({ _id: 'after-restore', writer: -2, seq: 0, rev: 0, ...body() });
      } finally {
        await reader.close();
      }
    } finally {
      if (!stopped) await writes.stop();
    }
  }, 180_000);

  /** Runs npm run restore of content into target and checks the refusal: exit 1, the message, nothing changed. */
  async function refused(content: Buffer, target: string, message: RegExp) {
    const file = path.join(work, `refused-${randomBytes(4).toString('hex')}.tar.gz`);
    writeFileSync(file, content);
    const before = { target: folderState(target), beside: readdirSync(path.dirname(target)).sort() };
    const result = await npmRun('restore', [file, '--data', target]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain('nothing was changed');
    expect({ target: folderState(target), beside: readdirSync(path.dirname(target)).sort() }).toEqual(before);
    rmSync(file);
  }

  it('when the backup file is cut short, then restore refuses it as truncated and writes nothing', async () => {
    const content = readFileSync(valid);
    for (const length of [20, Math.floor(content.length / 2), content.length - 1]) {
      await refused(content.subarray(0, length), path.join(work, 'from-truncated'), /is cut short \(truncated/);
    }
  }, 120_000);

  it('when the backup is in another format version, then restore refuses it, naming the version, and writes nothing', async () => {
    const unpacked = path.join(work, 'unpacked');
    mkdirSync(unpacked);
    expect(spawnSync('tar', ['-xzf', valid, '-C', unpacked]).status).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(unpacked, 'manifest.json'), 'utf8')) as { version: number; databases: Array<{ name: string }> };
    expect(manifest.version).toBe(1);
    writeFileSync(path.join(unpacked, 'manifest.json'), JSON.stringify({ ...manifest, version: 2 }));
    const repacked = path.join(work, 'version-2.tar.gz');
    const files = ['manifest.json', ...manifest.databases.map((d) => `${d.name}.sqlite`)];
    expect(spawnSync('tar', ['-czf', repacked, '-C', unpacked, ...files]).status).toBe(0);
    await refused(readFileSync(repacked), path.join(work, 'from-version-2'), /format version 2; this version of the project reads format version 1/);
  }, 120_000);

  it('when the file is not a backup at all, then restore refuses it and writes nothing', async () => {
    await refused(randomBytes(100_000), path.join(work, 'from-random'), /is not a backup made by npm run backup/);
  }, 120_000);

  it('when the data folder is not empty, then restore refuses to fill it and leaves it as it was', async () => {
    const target = path.join(work, 'not-empty');
    mkdirSync(target);
    writeFileSync(path.join(target, 'notes.txt'), 'mine');
    await refused(readFileSync(valid), target, /data folder .*not-empty is not empty \(it holds notes\.txt\)/);
    expect(readFileSync(path.join(target, 'notes.txt'), 'utf8')).toBe('mine');
  }, 120_000);
});
