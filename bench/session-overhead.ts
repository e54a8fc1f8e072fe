/**
 * Sign-in costs, through the gateway with svc-auth and a real SMTP server on this machine:
 * - how long a sign-in e-mail takes from the request to the SMTP server (20 sign-ins);
 * - what resolving a session adds to a proxied request at 50 concurrent connections: the same
 *   call (/api/auth/me) anonymous and signed in, in the same run.
 * Run: npx tsx bench/session-overhead.ts [seconds per case, default 8]
 */
import { randomBytes } from 'node:crypto';
import { signInParts, startMailCatcher } from '../svc-auth/test/mail-catcher';
import { benchDatabase, removeBenchTopology, startPart } from './lib/system';
import { load, type LoadResult } from './lib/load';

const seconds = Number(process.argv[2] ?? 8);
const connections = 50;
const amqpUrl = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
const prefix = `bench-${randomBytes(3).toString('hex')}`;
const secret = randomBytes(32).toString('hex');

const fmt = (r: LoadResult) => `p50 ${r.p50.toFixed(2)} ms · p95 ${r.p95.toFixed(2)} ms · p99 ${r.p99.toFixed(2)} ms · ${r.rps} req/s · ${r.requests} requests · ${r.errors} errors`;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

async function main() {
  const db = await benchDatabase();
  const smtp = await startMailCatcher();
  const parts: Array<{ stop: () => Promise<void> }> = [];
  try {
    const env = { MONGODB_URI: db.uri, AMQP_URL: amqpUrl, AMQP_PREFIX: prefix, IDENTITY_SECRET: secret, NODE_ENV: 'production', LOG_LEVEL: 'warn' };
    const auth = await startPart('svc-auth/src/server.ts', { ...env, SITE_URL: 'http://127.0.0.1:1', SMTP_URL: smtp.url });
    parts.push(auth);
    const gateway = await startPart('gateway/src/server.ts', { ...env, CATALOG_URL: auth.url, AUTH_URL: auth.url, MEDIA_URL: auth.url, CHECKER_URL: auth.url }, '/healthz');
    parts.push(gateway);

    const mailMs: number[] = [];
    let cookie = '';
    for (let i = 0; i < 20; i += 1) {
      const email = `bench-${i}@example.com`;
      const started = Date.now();
      const asked = await fetch(`${gateway.url}/api/auth/login/request`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
      if (asked.status !== 202) throw new Error(`sign-in request failed: ${asked.status}`);
      const mail = await smtp.next(email, started);
      mailMs.push(mail.receivedAt - started);
      if (i === 0) {
        const signedIn = await fetch(`${gateway.url}/api/auth/login/code`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, code: signInParts(mail).code }),
        });
        cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!;
      }
    }
    console.log(`sign-in e-mail, request to SMTP server: p50 ${percentile(mailMs, 50)} ms · p95 ${percentile(mailMs, 95)} ms · max ${Math.max(...mailMs)} ms (20 mails)`);

    const paths = ['/api/auth/me'];
    await load(gateway.url, paths, { connections, seconds: 1 });
    await load(gateway.url, paths, { connections, seconds: 1, headers: { cookie } });
    const anonymous = await load(gateway.url, paths, { connections, seconds });
    const signedIn = await load(gateway.url, paths, { connections, seconds, headers: { cookie } });
    console.log(`session resolution, ${connections} connections, ${seconds} s per case`);
    console.log(`anonymous:  ${fmt(anonymous)}`);
    console.log(`signed in:  ${fmt(signedIn)}`);
    console.log(`resolving the session adds ${(signedIn.p50 - anonymous.p50).toFixed(2)} ms to p50 and ${(signedIn.p95 - anonymous.p95).toFixed(2)} ms to p95`);
  } finally {
    for (const part of parts.reverse()) await part.stop();
    await smtp.close();
    await db.stop();
    await removeBenchTopology(amqpUrl, prefix);
  }
}

await main();
