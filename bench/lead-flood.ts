/**
 * A flood of quote requests ("leads", issue 48) at the documented limits, and what a request costs
 * against a review's write. The site as `npm start` runs it, behind a proxy on loopback
 * (TRUST_PROXY=loopback, a production setting: each simulated client comes with an X-Forwarded-For
 * address of its own), with 120 published listings and 40 more owned by 4 owners (made in the
 * dashboard, published by an admin).
 *
 * Part 1, the flood (issue 48: "A lead flood at the documented limits for 60 s ..."): an owner saves
 * their own listing through the gateway as the dashboard's editor does (PATCH with a new
 * Idempotency-Key), N saves a second, in 10-second windows taken by turns without and with the
 * flood. The flood, spread evenly over the flood windows:
 *  - one client at its limit: valid requests (each its own form, read and solved), 2 a second; past
 *    5 an hour (LEAD_LIMITS.perClient) each is answered 429;
 *  - 200 clients each sending one spam text: half a link (held), half the same text to many
 *    listings (held from its second listing on);
 *  - 20 honest visitors, each one request to a different owned listing.
 * Every form is read (GET …/lead-form) and its proof of work solved before the windows, in the
 * sender (this file with `--sender`, a process of its own, so the load generator does not slow the
 * timed saves); a form is sent at least 3 s after it was read (LEAD_MIN_FILL_MS). Then, once the
 * mails have settled (bounded): the answers by status, each honest request's mails to its owner
 * (exactly one each, the visitor as Reply-To), the owner's save p50/p95 without and with the flood
 * and their ratio (target ≤ 1.5×), and the CPU the gateway, svc-catalog, svc-auth and FerretDB
 * spent per checked challenge (every request sent carried one); and the CPU a form's read costs
 * (making its token and challenge), measured alone before.
 *
 * Part 2 (issue 48: "Sending a lead: p95 of the form's answer within 2× of a review's write on the
 * same machine"): N requests (each from its own client address and e-mail address, to owned
 * listings, forms read and solved before) and N reviews (20 signed-in reviewers, 10 listings each),
 * one after another and interleaved, through the gateway: p50/p95 of each and the ratio (target ≤ 2×).
 *
 * Traffic goes to 127.0.0.1 alone; every wait is bounded.
 * Run: npx tsx bench/lead-flood.ts [seconds per side, default 60] [--saves-per-second N, default 5]
 *      [--limit-rate N requests a second from the client at its limit, default 2] [--spam N, default 200]
 *      [--honest N ≤ 40, default 20] [--pairs N requests and N reviews in part 2, default 200]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import mongoose from 'mongoose';
import { Pool } from 'undici';
import { LEAD_LIMITS, LEAD_MIN_FILL_MS, type LeadForm } from '@mealprep/contracts';
import { listing, signInAt } from '../scripts/test/system';
import { cpuSeconds, OutboxReader, signInFrom, solveLeadChallenge } from './lib/leads';
import { percentile } from './lib/load';
import { seedServices } from './lib/seed';
import { startSite } from './lib/site';
// @ts-expect-error plain ESM helper without types
import { ensureFerretdb } from '../scripts/lib/ensure-ferretdb.mjs';
// @ts-expect-error plain ESM helper without types
import { startFerretdb } from '../scripts/lib/ferretdb.mjs';

const WINDOW_SECONDS = 10;
const LISTINGS = 120;
const OWNERS = 4;
const OWNED_EACH = 10;
const OWNED = OWNERS * OWNED_EACH;
const REVIEWS_EACH = 10;
const ADMIN = 'admin@bench.test';
const ownerEmail = (k: number) => `owner-${k + 1}@bench.test`;
/** The client at its limit: one address, one e-mail address. */
const LIMIT_ADDRESS = '198.51.100.7';
/** How long the mails are waited for after each part. */
const SETTLE_MS = 120_000;
/** The same text many spammers send (held from its second listing on). */
const SAME_SPAM = 'Wholesale containers and labels for meal prep kitchens at the lowest prices, write back today for our full catalogue.';

type Kind = 'limit' | 'spam' | 'honest' | 'pair';
/** One request to send: who sends it (client address, e-mail address), to which listing, saying what. */
interface Planned {
  kind: Kind;
  n: number;
  serviceId: string;
  slug: string;
  address: string;
  email: string;
  name: string;
  message: string;
  mealTypes: string[];
}
/** A request with its form read and solved: the body as the form sends it. */
interface Prepared {
  plan: Planned;
  readAt: number;
  body: Record<string, unknown>;
}
/** What became of one request the sender sent. */
interface Answer {
  kind: Kind;
  n: number;
  email: string;
  status: number;
  outcome: string | null;
  retryAfter: boolean;
  ms: number;
  error: string | null;
}
type Command = { do: 'plan'; items: Planned[] } | { do: 'read' } | { do: 'solve' } | { do: 'pairs' } | { do: 'run'; window: number; windows: number; seconds: number };

const startDate = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
const leadBody = (plan: Planned, formToken: string, altcha: string) => ({
  name: plan.name,
  email: plan.email,
  zip: '78701',
  mealTypes: plan.mealTypes,
  mealsPerWeek: 10,
  startDate: startDate(),
  fulfilment: 'delivery',
  message: plan.message,
  website: '',
  formToken,
  altcha,
});

// ---------------------------------------------------------------------------------------------
// The sender (a process of its own): reads every planned request's form and solves its challenge
// ahead of time, then sends each flood window's share, spread evenly over the window, each from
// its client address (X-Forwarded-For). One JSON command a line on its input, one JSON answer a line.
// ---------------------------------------------------------------------------------------------
async function sender(origin: string): Promise<void> {
  const pool = new Pool(origin, { connections: 32, pipelining: 1 });
  let plan: Planned[] = [];
  const forms = new Map<Planned, { form: LeadForm; readAt: number }>();
  const prepared = new Map<Kind, Prepared[]>();
  const request = async (method: 'GET' | 'POST', pathname: string, address: string, body?: unknown) => {
    const answer = await pool.request({
      method,
      path: pathname,
      headers: { accept: 'application/json', 'x-forwarded-for': address, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
    return { status: answer.statusCode, headers: answer.headers, text: await answer.body.text() };
  };
  /** Reads every form, 4 at a time (as visitors opening the form). */
  const readForms = async () => {
    const ms: number[] = [];
    let next = 0;
    let failed = 0;
    let firstError = '';
    const worker = async () => {
      while (next < plan.length) {
        const item = plan[next]!;
        next += 1;
        const started = performance.now();
        const answer = await request('GET', `/api/catalog/services/by-slug/${item.slug}/lead-form`, item.address).catch((err: unknown) => ({ status: 0, text: String(err) }));
        ms.push(performance.now() - started);
        if (answer.status === 200) forms.set(item, { form: JSON.parse(answer.text) as LeadForm, readAt: Date.now() });
        else {
          failed += 1;
          firstError ||= `${answer.status} ${answer.text.slice(0, 200)}`;
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    return { forms: forms.size, failed, firstError, ms };
  };
  const solveAll = () => {
    const started = performance.now();
    let rounds = 0;
    for (const item of plan) {
      const read = forms.get(item);
      if (!read) continue;
      const { payload, counter } = solveLeadChallenge(read.form.challenge);
      rounds += counter + 1;
      const list = prepared.get(item.kind) ?? [];
      list.push({ plan: item, readAt: read.readAt, body: leadBody(item, read.form.formToken, payload) });
      prepared.set(item.kind, list);
    }
    return { solved: [...prepared.values()].reduce((n, list) => n + list.length, 0), rounds, seconds: (performance.now() - started) / 1000 };
  };
  /** One flood window: each kind's share of its requests, spread evenly over the window, sent whether or not earlier ones were answered. */
  const run = async (window: number, windows: number, seconds: number): Promise<Answer[]> => {
    const timeline: Array<{ at: number; item: Prepared }> = [];
    for (const kind of ['limit', 'spam', 'honest'] as const) {
      const list = prepared.get(kind) ?? [];
      const share = list.slice(Math.floor((window * list.length) / windows), Math.floor(((window + 1) * list.length) / windows));
      share.forEach((item, i) => timeline.push({ at: ((i + 0.5) * seconds * 1000) / share.length, item }));
    }
    timeline.sort((a, b) => a.at - b.at);
    const answers: Answer[] = [];
    const started = performance.now();
    await Promise.all(
      timeline.map(async ({ at, item }) => {
        const wait = started + at - performance.now();
        if (wait > 0) await sleep(wait);
        // A person takes at least LEAD_MIN_FILL_MS to fill the form in (read long before, here).
        const early = item.readAt + LEAD_MIN_FILL_MS + 100 - Date.now();
        if (early > 0) await sleep(early);
        const sentAt = performance.now();
        const { plan: p } = item;
        try {
          const answer = await request('POST', `/api/catalog/services/${p.serviceId}/leads`, p.address, item.body);
          const outcome = answer.status === 201 ? ((JSON.parse(answer.text) as { outcome?: string }).outcome ?? null) : null;
          answers.push({
            kind: p.kind,
            n: p.n,
            email: p.email,
            status: answer.status,
            outcome,
            retryAfter: answer.headers['retry-after'] !== undefined,
            ms: performance.now() - sentAt,
            error: answer.status === 201 || answer.status === 429 ? null : answer.text.slice(0, 200),
          });
        } catch (err) {
          answers.push({ kind: p.kind, n: p.n, email: p.email, status: 0, outcome: null, retryAfter: false, ms: performance.now() - sentAt, error: String(err).slice(0, 200) });
        }
      }),
    );
    return answers;
  };
  const answer = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
  answer('ready');
  for await (const line of createInterface({ input: process.stdin })) {
    if (!line.trim()) break;
    const command = JSON.parse(line) as Command;
    if (command.do === 'plan') {
      plan = command.items;
      answer({ planned: plan.length });
    } else if (command.do === 'read') answer(await readForms());
    else if (command.do === 'solve') answer(solveAll());
    else if (command.do === 'pairs') answer(prepared.get('pair') ?? []);
    else answer(await run(command.window, command.windows, command.seconds));
  }
  await pool.close();
}

/** Starts the sender; `ask` sends it one command and answers its answer. */
async function startSender(origin: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--sender', origin], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await lines.next();
    if (line.done) throw new Error('the sender stopped');
    return JSON.parse(line.value) as unknown;
  };
  if ((await next()) !== 'ready') throw new Error('the sender did not start');
  return {
    pid: child.pid!,
    async ask<T>(command: Command): Promise<T> {
      child.stdin.write(`${JSON.stringify(command)}\n`);
      return (await next()) as T;
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGTERM'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Figures.
// ---------------------------------------------------------------------------------------------
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const summary = (ms: readonly number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? NaN, n: sorted.length };
};
const line = (s: ReturnType<typeof summary>, what: string) => `p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(1)} ms (${s.n} ${what})`;
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
const count = <T>(list: readonly T[], test: (item: T) => boolean) => list.filter(test).length;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: number) => {
    const at = args.indexOf(name);
    return at >= 0 ? Number(args.splice(at, 2)[1]) : fallback;
  };
  const savesPerSecond = option('--saves-per-second', 5);
  const limitRate = option('--limit-rate', 2);
  const spamCount = option('--spam', 200);
  const honestCount = option('--honest', 20);
  const pairCount = option('--pairs', 200);
  const seconds = Number(args[0] ?? 60);
  if (
    !(seconds > 0 && seconds <= 600) ||
    !(savesPerSecond > 0 && savesPerSecond <= 50) ||
    !(limitRate >= 0 && limitRate <= 20) ||
    !(Number.isInteger(spamCount) && spamCount >= 0 && spamCount <= 250) ||
    !(Number.isInteger(honestCount) && honestCount >= 1 && honestCount <= OWNED) ||
    !(Number.isInteger(pairCount) && pairCount >= 1 && pairCount <= 400)
  ) {
    throw new Error('usage: lead-flood.ts [seconds per side ≤ 600] [--saves-per-second N ≤ 50] [--limit-rate N ≤ 20] [--spam N ≤ 250] [--honest N ≤ 40] [--pairs N ≤ 400]');
  }
  const windows = Math.max(1, Math.round(seconds / WINDOW_SECONDS));
  const floodSeconds = windows * WINDOW_SECONDS;
  const loadAtStart = loadAverage();
  const startedAt = new Date();

  // The listings are stored before the site starts (the demo's are then not added): 120 published, nobody's.
  await ensureFerretdb();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mealprep-bench-leads-'));
  try {
    mkdirSync(path.join(dataDir, 'ferretdb'), { recursive: true });
    const ferret = await startFerretdb({ dataDir: path.join(dataDir, 'ferretdb') });
    try {
      await seedServices(ferret.uri, LISTINGS);
    } finally {
      await ferret.stop();
    }
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  // Behind a proxy on this machine: each client's address is the one its X-Forwarded-For names.
  const site = await startSite({ ADMIN_EMAILS: ADMIN, TRUST_PROXY: 'loopback' }, { dataDir });
  let flood: Awaited<ReturnType<typeof startSender>> | null = null;
  let db: mongoose.Connection | null = null;
  try {
    const call = async (cookie: string, method: string, pathname: string, body?: unknown, address?: string) => {
      const started = performance.now();
      const answer = await fetch(`${site.url}${pathname}`, {
        method,
        headers: { cookie, 'content-type': 'application/json', accept: 'application/json', ...(address ? { 'x-forwarded-for': address } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await answer.text();
      return { status: answer.status, text, ms: performance.now() - started };
    };
    const must = async (cookie: string, method: string, pathname: string, body?: unknown) => {
      const answer = await call(cookie, method, pathname, body);
      if (answer.status >= 300) throw new Error(`${method} ${pathname}: ${answer.status} ${answer.text.slice(0, 300)}`);
      return JSON.parse(answer.text || 'null') as Record<string, unknown>;
    };

    // The owners and their listings, made in the dashboard and published by an admin.
    const admin = await signInAt({ gatewayUrl: site.url, dataDir }, ADMIN);
    const owners: string[] = [];
    for (let k = 0; k < OWNERS; k += 1) owners.push(await signInAt({ gatewayUrl: site.url, dataDir }, ownerEmail(k)));
    const owned: Array<{ id: string; slug: string; owner: string }> = [];
    for (let i = 0; i < OWNED; i += 1) {
      const k = Math.floor(i / OWNED_EACH);
      const slug = `lead-bench-kitchen-${i + 1}`;
      const id = (await must(owners[k]!, 'POST', '/api/catalog/services', listing(`Lead Bench Kitchen ${i + 1}`, slug))).id as string;
      await must(admin, 'PATCH', `/api/catalog/admin/services/${id}/status`, { status: 'published' });
      owned.push({ id, slug, owner: ownerEmail(k) });
    }
    const own = owned[0]!.id;
    const ownerOf = new Map(owned.map((o) => [o.id, o.owner]));
    // The other listings, nobody's (a request to one waits for a claim).
    const seeded: Array<{ id: string; slug: string }> = [];
    for (let page = 1; page <= 20; page += 1) {
      const items = (await must(admin, 'GET', `/api/catalog/services?pageSize=24&page=${page}`)).items as Array<{ id: string; slug: string }>;
      if (items.length === 0) break;
      seeded.push(...items.filter((s) => !ownerOf.has(s.id)).map((s) => ({ id: s.id, slug: s.slug })));
    }
    if (seeded.length < LISTINGS) throw new Error(`only ${seeded.length} of the ${LISTINGS} seeded listings are listed`);
    const everyone = [...owned, ...seeded];
    // The reviewers of part 2: signed in (each from an address of its own), 10 reviews each.
    const reviewers: Array<{ cookie: string; address: string }> = [];
    for (let r = 0; r < Math.ceil(pairCount / REVIEWS_EACH); r += 1) {
      const address = `2001:db8:2::${(r + 1).toString(16)}`;
      reviewers.push({ cookie: await signInFrom(site, `reviewer-${String(r + 1).padStart(3, '0')}@bench-reviewers.example`, address), address });
    }

    // What each client sends.
    const plan: Planned[] = [];
    const limitCount = Math.round(limitRate * floodSeconds);
    for (let n = 0; n < limitCount; n += 1) {
      const to = everyone[n % everyone.length]!;
      plan.push({
        kind: 'limit',
        n,
        serviceId: to.id,
        slug: to.slug,
        address: LIMIT_ADDRESS,
        email: 'steady.sender@bench-visitors.example',
        name: 'Steady Sender',
        message: `We would like a quote for weekly office lunches for twelve people, request number ${n + 1}.`,
        mealTypes: [],
      });
    }
    for (let n = 0; n < spamCount; n += 1) {
      const to = everyone[n % everyone.length]!;
      plan.push({
        kind: 'spam',
        n,
        serviceId: to.id,
        slug: to.slug,
        address: `203.0.113.${n + 1}`,
        email: `offers-${n + 1}@bench-spam.example`,
        name: 'Growth Offers',
        message: n % 2 === 0 ? `Grow your meal prep sales this month, the offer is at https://meal-growth.example/deal-${n + 1} today.` : SAME_SPAM,
        mealTypes: [],
      });
    }
    for (let n = 0; n < honestCount; n += 1) {
      const to = owned[n]!;
      plan.push({
        kind: 'honest',
        n,
        serviceId: to.id,
        slug: to.slug,
        address: `2001:db8::${(n + 1).toString(16)}`,
        email: `visitor-${n + 1}@bench-visitors.example`,
        name: `Honest Visitor ${n + 1}`,
        message: `We are a family of ${2 + (n % 4)} looking for keto dinners, ${3 + (n % 5)} days a week, starting in two weeks. Reference ${n + 1}.`,
        mealTypes: ['keto'],
      });
    }
    for (let n = 0; n < pairCount; n += 1) {
      const to = owned[n % OWNED]!;
      plan.push({
        kind: 'pair',
        n,
        serviceId: to.id,
        slug: to.slug,
        address: `2001:db8:1::${(n + 1).toString(16)}`,
        email: `asker-${n + 1}@bench-visitors.example`,
        name: `Asking Visitor ${n + 1}`,
        message: `Could you send prices for ${5 + (n % 10)} lunches a week for one person, delivered? Reference ${n + 1}.`,
        mealTypes: ['keto'],
      });
    }
    // Each listing's day (LEAD_LIMITS.perListing) must hold what is meant to reach it: the client at its limit takes 5.
    const perListing = new Map<string, number>();
    for (const item of plan.filter((p) => p.kind !== 'limit' || p.n < LEAD_LIMITS.perClient.points)) perListing.set(item.serviceId, (perListing.get(item.serviceId) ?? 0) + 1);
    const busiest = Math.max(...perListing.values());
    if (busiest > LEAD_LIMITS.perListing.points) console.warn(`warning: up to ${busiest} requests to one listing, more than its day takes (${LEAD_LIMITS.perListing.points})`);

    flood = await startSender(site.url);
    const sender = flood;
    await sender.ask({ do: 'plan', items: plan });
    const pids: Record<string, number> = {
      gateway: site.gatewayPid,
      'svc-catalog': site.services['svc-catalog']!.pid,
      'svc-auth': site.services['svc-auth']!.pid,
      ...(site.ferretdbPid ? { ferretdb: site.ferretdbPid } : {}),
    };
    const server = Object.keys(pids);
    const cpuNow = () => Object.fromEntries(Object.entries({ ...pids, sender: sender.pid }).map(([name, pid]) => [name, cpuSeconds(pid)]));
    const cpuSince = (before: Record<string, number>) => Object.fromEntries(Object.entries(cpuNow()).map(([name, now]) => [name, now - before[name]!]));

    // The forms, read alone (after 5 s of nothing, the idle CPU each part uses): what making a token and its challenge costs.
    await sleep(1_000);
    let before = cpuNow();
    let started = performance.now();
    await sleep(5_000);
    const idle = { cpu: cpuSince(before), seconds: (performance.now() - started) / 1000 };
    before = cpuNow();
    started = performance.now();
    const reads = await sender.ask<{ forms: number; failed: number; firstError: string; ms: number[] }>({ do: 'read' });
    const readSeconds = (performance.now() - started) / 1000;
    const readCpu = cpuSince(before);
    if (reads.failed > 0) throw new Error(`${reads.failed} forms could not be read; the first: ${reads.firstError}`);
    const solved = await sender.ask<{ solved: number; rounds: number; seconds: number }>({ do: 'solve' });
    const pairs = await sender.ask<Prepared[]>({ do: 'pairs' });
    process.stderr.write(
      `  ${reads.forms} forms read in ${readSeconds.toFixed(1)} s, solved in ${solved.seconds.toFixed(1)} s (${(solved.rounds / reads.forms).toFixed(0)} rounds a form on average)\n`,
    );

    // Part 1: the owner's saves, without and with the flood, by turns.
    let saves = 0;
    const failedSaves: string[] = [];
    /** One save as the editor sends it: PATCH of the changes with a new Idempotency-Key. */
    const save = async (): Promise<number> => {
      saves += 1;
      const begun = performance.now();
      const answer = await fetch(`${site.url}/api/catalog/services/${own}`, {
        method: 'PATCH',
        headers: { cookie: owners[0]!, 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': randomBytes(16).toString('hex') },
        body: JSON.stringify({ tagline: `Breakfasts that keep, edit ${saves}` }),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await answer.text();
      const ms = performance.now() - begun;
      if (answer.status !== 200) failedSaves.push(`${answer.status} ${text.slice(0, 200)}`);
      return ms;
    };
    /** `savesPerSecond` saves a second for `over` seconds, one after another (a slow one delays the next). */
    const savesFor = async (over: number): Promise<number[]> => {
      const ms: number[] = [];
      const begun = performance.now();
      for (let i = 0; performance.now() - begun < over * 1000; i += 1) {
        const wait = begun + (i * 1000) / savesPerSecond - performance.now();
        if (wait > 0) await sleep(wait);
        if (performance.now() - begun >= over * 1000) break;
        ms.push(await save());
      }
      return ms;
    };
    for (let i = 0; i < 10; i += 1) await save();
    failedSaves.length = 0;

    console.log(
      `lead flood, ${startedAt.toISOString()}: ${LISTINGS} listings nobody owns and ${OWNED} owned by ${OWNERS} owners; the owner's saves at ${savesPerSecond}/s; ${windows} windows of ${WINDOW_SECONDS} s without and ${windows} with the flood: ` +
        `one client at its limit (${limitRate}/s, ${limitCount} requests), ${spamCount} spam clients, ${honestCount} honest visitors; load average ${loadAtStart} at the start, ${loadAverage()} now`,
    );
    const quiet: number[] = [];
    const flooding: number[] = [];
    const cpu = { quiet: {} as Record<string, number>, flood: {} as Record<string, number> };
    const took = { quiet: 0, flood: 0 };
    const answers: Answer[] = [];
    const window = async <T>(side: 'quiet' | 'flood', work: Promise<T>): Promise<T> => {
      const at = cpuNow();
      const begun = performance.now();
      try {
        return await work;
      } finally {
        took[side] += (performance.now() - begun) / 1000;
        for (const [name, used] of Object.entries(cpuSince(at))) cpu[side][name] = (cpu[side][name] ?? 0) + used;
      }
    };
    for (let w = 0; w < windows; w += 1) {
      const alone = await window('quiet', savesFor(WINDOW_SECONDS));
      quiet.push(...alone);
      const [ms, sent] = await window('flood', Promise.all([savesFor(WINDOW_SECONDS), sender.ask<Answer[]>({ do: 'run', window: w, windows, seconds: WINDOW_SECONDS })]));
      flooding.push(...ms);
      answers.push(...sent);
      process.stderr.write(
        `  windows ${w + 1}/${windows}: save p95 ${summary(alone).p95.toFixed(0)} ms without, ${summary(ms).p95.toFixed(0)} ms with the flood (${sent.length} requests: ${count(sent, (a) => a.status === 201)} taken, ${count(sent, (a) => a.status === 429)} refused 429); load ${loadAverage()}\n`,
      );
    }
    const loadAfterFlood = loadAverage();

    // The mails: each request taken for an owned listing is one mail to its owner (Reply-To the visitor) and a copy to the visitor.
    const outbox = new OutboxReader(path.join(dataDir, 'outbox'));
    /** Until every request meant for an owner has its mail and nothing new was written for 5 s (at most SETTLE_MS). */
    const settle = async (expected: readonly Answer[]) => {
      const begun = performance.now();
      let last = -1;
      let since = performance.now();
      while (performance.now() - begun < SETTLE_MS) {
        const mails = outbox.read();
        const delivered = new Set(mails.filter((m) => m.replyTo).map((m) => m.replyTo));
        if (mails.length !== last) [last, since] = [mails.length, performance.now()];
        if (expected.every((a) => delivered.has(a.email)) && performance.now() - since >= 5_000) return (performance.now() - begun) / 1000;
        await sleep(500);
      }
      return NaN;
    };
    const ownerMails = (a: Answer, serviceId: string) => count(outbox.read(), (m) => m.replyTo === a.email && m.to === ownerOf.get(serviceId));
    const copies = (email: string) => count(outbox.read(), (m) => m.to === email);
    const serviceOf = new Map(plan.map((p) => [`${p.kind}:${p.n}`, p.serviceId]));
    const honest = answers.filter((a) => a.kind === 'honest');
    const honestTaken = honest.filter((a) => a.status === 201 && a.outcome === 'sent');
    const floodSettled = await settle(honestTaken);
    const honestMails = honestTaken.map((a) => ownerMails(a, serviceOf.get(`honest:${a.n}`)!));

    // What the flood left in the database, and what the reads each request makes cost there: every
    // limit's consume and the repeated-text check read one document by its _id.
    const { mongodbUri } = JSON.parse(readFileSync(path.join(dataDir, 'run', 'state.json'), 'utf8')) as { mongodbUri: string };
    db = mongoose.createConnection(mongodbUri, { dbName: 'catalog' });
    const limitsCollection = db.collection('rate_limits');
    const leadsCollection = db.collection('leads');
    const textsCollection = db.collection('lead_texts');
    const timed = async (what: () => Promise<unknown>) => {
      const ms: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        const begun = performance.now();
        await what();
        ms.push(performance.now() - begun);
      }
      return summary(ms).p50;
    };
    const probe = async () => {
      const sample = await limitsCollection.findOne({});
      return {
        limits: await limitsCollection.countDocuments({}),
        leads: await leadsCollection.countDocuments({}),
        texts: await textsCollection.countDocuments({}),
        byId: sample ? await timed(() => limitsCollection.findOne({ _id: sample._id })) : NaN,
      };
    };
    const stored = await probe();

    // Part 2: requests and reviews, one after another, interleaved.
    const leadMs: number[] = [];
    const reviewMs: number[] = [];
    const pairAnswers: Answer[] = [];
    const reviewStatuses = new Map<number, number>();
    let firstReviewError = '';
    const loadBeforePairs = loadAverage();
    for (let n = 0; n < pairs.length; n += 1) {
      const item = pairs[n]!;
      const sent = await call('', 'POST', `/api/catalog/services/${item.plan.serviceId}/leads`, item.body, item.plan.address);
      leadMs.push(sent.ms);
      const outcome = sent.status === 201 ? ((JSON.parse(sent.text) as { outcome?: string }).outcome ?? null) : null;
      pairAnswers.push({
        kind: 'pair',
        n: item.plan.n,
        email: item.plan.email,
        status: sent.status,
        outcome,
        retryAfter: false,
        ms: sent.ms,
        error: sent.status === 201 ? null : sent.text.slice(0, 200),
      });
      const reviewer = reviewers[Math.floor(n / REVIEWS_EACH)]!;
      const reviewed = seeded[((n % REVIEWS_EACH) * 12 + Math.floor(n / REVIEWS_EACH)) % seeded.length]!;
      const review = await call(
        reviewer.cookie,
        'POST',
        `/api/catalog/services/${reviewed.id}/reviews`,
        { rating: 4, text: `Fresh meals and on time every week, review ${n + 1} ${randomBytes(3).toString('hex')}.`, name: 'Bench Reviewer' },
        reviewer.address,
      );
      reviewMs.push(review.ms);
      reviewStatuses.set(review.status, (reviewStatuses.get(review.status) ?? 0) + 1);
      if (review.status !== 201) firstReviewError ||= `${review.status} ${review.text.slice(0, 200)}`;
    }
    const loadAfterPairs = loadAverage();
    const pairsTaken = pairAnswers.filter((a) => a.status === 201 && a.outcome === 'sent');
    const pairsSettled = await settle([...honestTaken, ...pairsTaken]);
    const storedAtEnd = await probe();
    const pairMails = pairsTaken.map((a) => ownerMails(a, serviceOf.get(`pair:${a.n}`)!));
    // Read again: a late second mail for an honest request shows here.
    const honestMailsAtEnd = honestTaken.map((a) => ownerMails(a, serviceOf.get(`honest:${a.n}`)!));

    // The figures.
    const floodAnswers = answers.filter((a) => a.kind !== 'pair');
    const byKind = (kind: Kind) => {
      const list = answers.filter((a) => a.kind === kind);
      const statuses = new Map<string, number>();
      for (const a of list) {
        const key = a.status === 201 ? `201 ${a.outcome}` : String(a.status);
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }
      const s = summary(list.map((a) => a.ms));
      return `${String(list.length).padStart(4)} sent: ${[...statuses].map(([k, v]) => `${v} × ${k}`).join(', ')}; answered p50 ${s.p50.toFixed(0)} ms, p95 ${s.p95.toFixed(0)} ms`;
    };
    const without = summary(quiet);
    const withFlood = summary(flooding);
    const ratio = withFlood.p95 / without.p95;
    const checked = floodAnswers.length;
    const extra = (name: string) => cpu.flood[name]! - (cpu.quiet[name]! / took.quiet) * took.flood;
    const extraServer = server.reduce((sum, name) => sum + extra(name), 0);
    const perRead = (name: string) => ((readCpu[name]! - (idle.cpu[name]! / idle.seconds) * readSeconds) / Math.max(1, reads.forms)) * 1000;
    const leads = summary(leadMs);
    const reviews = summary(reviewMs);
    const exactlyOnce = honestMailsAtEnd.every((n) => n === 1) && honestTaken.length === honestCount;
    const spam = answers.filter((a) => a.kind === 'spam');
    const spamToOwners = count(outbox.read(), (m) => m.replyTo.endsWith('@bench-spam.example'));

    console.log('');
    console.log(`Part 1: the flood (${floodSeconds} s of flood, ${took.quiet.toFixed(0)} s without; load average ${loadAfterFlood} at its end)`);
    console.log(`  the client at its limit  ${byKind('limit')}; 429s with Retry-After: ${count(answers, (a) => a.status === 429 && a.retryAfter)} of ${count(answers, (a) => a.status === 429)}`);
    console.log(`  spam clients             ${byKind('spam')}`);
    console.log(`  honest visitors          ${byKind('honest')}`);
    const otherErrors = floodAnswers.filter((a) => a.error);
    if (otherErrors.length) console.log(`  answers neither 201 nor 429: ${otherErrors.length}; the first: ${otherErrors[0]!.kind} ${otherErrors[0]!.status} ${otherErrors[0]!.error}`);
    console.log(
      `  honest requests taken for their owner (201 sent): ${honestTaken.length} of ${honestCount}; mails to the owner per request: ${[...new Set(honestMailsAtEnd)].sort().join(', ') || 'none'} ` +
        `(${count(honestMailsAtEnd, (n) => n === 1)} exactly once, ${count(honestMailsAtEnd, (n) => n === 0)} none, ${count(honestMailsAtEnd, (n) => n > 1)} more than once; right after the flood: ${count(honestMails, (n) => n === 1)} exactly once); ` +
        `visitors' copies: ${honestTaken.map((a) => copies(a.email)).reduce((x, y) => x + y, 0)} → every honest request delivered exactly once: ${exactlyOnce ? 'yes' : 'NO'}`,
    );
    console.log(`  mails settled ${Number.isNaN(floodSettled) ? `not within ${SETTLE_MS / 1000} s` : `${floodSettled.toFixed(1)} s`} after the last flood window`);
    console.log(
      `  spam held for staff: ${count(spam, (a) => a.outcome === 'held')} of ${spam.length} (${count(spam, (a) => a.status === 201 && a.outcome !== 'held')} taken unheld: the first of the same text reaches its listing); spam mailed to owners: ${spamToOwners}`,
    );
    console.log(
      `  the database after the flood: rate_limits ${stored.limits} documents, lead_texts ${stored.texts}, leads ${stored.leads}; a limit's window read by _id (3 a request) p50 ${stored.byId.toFixed(1)} ms`,
    );
    console.log(`  owner's save without the flood: ${line(without, 'saves')}`);
    console.log(`  owner's save during the flood:  ${line(withFlood, 'saves')}`);
    console.log(
      `    p95 during / without: ${ratio.toFixed(2)}× (target ≤ 1.5×: ${met(ratio <= 1.5)}); p50 ${(withFlood.p50 / without.p50).toFixed(2)}×; saves refused or failed: ${failedSaves.length}${failedSaves.length ? ` (first: ${failedSaves[0]})` : ''}`,
    );
    console.log(
      `  CPU per checked challenge (${checked} requests, each with its proof of work; the flood windows' CPU less the quiet windows' at the same length): ` +
        `${server.map((name) => `${name} ${((extra(name) / checked) * 1000).toFixed(2)} ms`).join(', ')}; the server in all ${((extraServer / checked) * 1000).toFixed(2)} ms ` +
        `(without subtracting: ${((server.reduce((sum, name) => sum + cpu.flood[name]!, 0) / checked) * 1000).toFixed(2)} ms)`,
    );
    console.log(
      `    CPU as a share of one core, without / with the flood: ${[...server, 'sender']
        .map((name) => `${name} ${((100 * cpu.quiet[name]!) / took.quiet).toFixed(0)} % / ${((100 * cpu.flood[name]!) / took.flood).toFixed(0)} %`)
        .join(', ')}`,
    );
    console.log(
      `  CPU per form read (its token and challenge made; ${reads.forms} read 4 at a time in ${readSeconds.toFixed(1)} s, idle CPU subtracted): ${server.map((name) => `${name} ${perRead(name).toFixed(2)} ms`).join(', ')}; ` +
        `read in ${line(summary(reads.ms), 'reads')}; the visitor's work: ${(solved.rounds / reads.forms).toFixed(0)} SHA-256 rounds a form on average, ${((solved.seconds / reads.forms) * 1000).toFixed(0)} ms each in the sender`,
    );
    console.log('');
    console.log(`Part 2: a request against a review's write, ${pairs.length} of each interleaved, one at a time (load average ${loadBeforePairs} before, ${loadAfterPairs} after)`);
    console.log(
      `  request sent (POST …/leads):   ${line(leads, 'requests')}; ${pairsTaken.length} taken for their owner${pairAnswers.length > pairsTaken.length ? `, the first other: ${pairAnswers.find((a) => !(a.status === 201 && a.outcome === 'sent'))!.status} ${pairAnswers.find((a) => !(a.status === 201 && a.outcome === 'sent'))!.error ?? ''}` : ''}`,
    );
    console.log(
      `  review written (POST …/reviews): ${line(reviews, 'reviews')}; answers ${[...reviewStatuses].map(([k, v]) => `${v} × ${k}`).join(', ')}${firstReviewError ? `; the first other: ${firstReviewError}` : ''}`,
    );
    console.log(`    p95 request / review: ${(leads.p95 / reviews.p95).toFixed(2)}× (target ≤ 2×: ${met(leads.p95 / reviews.p95 <= 2)}); p50 ${(leads.p50 / reviews.p50).toFixed(2)}×`);
    console.log(
      `  their owners' mails: ${count(pairMails, (n) => n === 1)} of ${pairsTaken.length} exactly once, ${count(pairMails, (n) => n === 0)} none, ${count(pairMails, (n) => n > 1)} more than once; settled ${Number.isNaN(pairsSettled) ? `not within ${SETTLE_MS / 1000} s` : `in ${pairsSettled.toFixed(1)} s`}`,
    );
    const quarter = Math.max(1, Math.floor(leadMs.length / 4));
    console.log(
      `  requests sent, the first ${quarter} p50 ${summary(leadMs.slice(0, quarter)).p50.toFixed(1)} ms, the last ${quarter} p50 ${summary(leadMs.slice(-quarter)).p50.toFixed(1)} ms; ` +
        `the database after: rate_limits ${storedAtEnd.limits} documents, lead_texts ${storedAtEnd.texts}, leads ${storedAtEnd.leads}; a window by _id p50 ${storedAtEnd.byId.toFixed(1)} ms`,
    );
    console.log(`(load average at the end: ${loadAverage()})`);
  } finally {
    await flood?.stop();
    for (const name of ['svc-catalog', 'svc-auth', 'gateway']) {
      const log = path.join(dataDir, 'logs', `${name}.log`);
      const problems = existsSync(log)
        ? readFileSync(log, 'utf8')
            .split('\n')
            .filter((l) => /"level":(40|50|60)/.test(l))
        : [];
      console.log(`${name} warnings and errors during the run: ${problems.length}${problems.length ? `; the first: ${problems[0]!.slice(0, 400)}` : ''}`);
    }
    await db?.close();
    await site.stop();
  }
}

if (process.argv[2] === '--sender') {
  await sender(process.argv[3]!);
} else {
  await main();
}
