import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LeadChallenge } from '@mealprep/contracts';

/**
 * Helpers of the quote-request benchmark (bench/lead-flood.ts): the visitor's side of a form's
 * proof of work, sign-in from a client address of one's own, and the mails the outbox holds.
 */

const DIGESTS: Record<string, string> = { 'SHA-256': 'sha256', 'SHA-384': 'sha384', 'SHA-512': 'sha512' };

/**
 * Solves a quote form's ALTCHA challenge (version 2, deterministic SHA mode, uint32 counters) as
 * the widget does (altcha-lib's `solveChallenge` with its `deriveKey`: the key of counter n is the
 * hash of salt ‖ nonce ‖ n, `cost` times over), but in one synchronous loop, about twice as fast as
 * the library's, which awaits each round. Answers the payload the form sends (`altcha`): the
 * challenge and its solution, base64 JSON.
 */
export function solveLeadChallenge(challenge: LeadChallenge, most = 10_000_000): { payload: string; counter: number } {
  const { algorithm, nonce, salt, cost, keyLength, keyPrefix } = challenge.parameters;
  const digest = DIGESTS[algorithm];
  if (!digest) throw new Error(`no solver for ${algorithm}`);
  const input = Buffer.concat([Buffer.from(salt, 'hex'), Buffer.from(nonce, 'hex'), Buffer.alloc(4)]);
  const at = input.length - 4;
  const prefix = keyPrefix.toLowerCase();
  const prefixBytes = prefix.length % 2 === 0 ? Buffer.from(prefix, 'hex') : null;
  for (let counter = 0; counter < most; counter += 1) {
    input.writeUInt32BE(counter, at);
    let key = createHash(digest).update(input).digest();
    for (let i = 1; i < cost; i += 1) key = createHash(digest).update(key).digest();
    key = key.subarray(0, keyLength);
    const found = prefixBytes ? key.subarray(0, prefixBytes.length).equals(prefixBytes) : key.toString('hex').startsWith(prefix);
    if (found) {
      const solution = { counter, derivedKey: key.toString('hex') };
      return { payload: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'), counter };
    }
  }
  throw new Error('the challenge was not solved');
}

/**
 * Signs in by the e-mailed code as `signInAt` (scripts/test/system.ts) does, but from a client
 * address of its own (X-Forwarded-For, for a gateway that trusts a proxy on loopback): the sign-in
 * limits count per client address. Answers the session cookie.
 */
export async function signInFrom(site: { url: string; dataDir: string }, email: string, address: string): Promise<string> {
  const post = (pathname: string, body: unknown) =>
    fetch(`${site.url}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
  const asked = await post('/api/auth/login/request', { email });
  if (asked.status >= 300) throw new Error(`sign-in request for ${email}: ${asked.status} ${await asked.text()}`);
  const outbox = path.join(site.dataDir, 'outbox');
  const mails = new OutboxReader(outbox);
  let code: string | undefined;
  for (const deadline = Date.now() + 15_000; !code && Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    for (const mail of mails.read()) {
      if (mail.to === email.toLowerCase()) code = /sign-in page: (\d{6})/.exec(mail.body)?.[1] ?? code;
    }
  }
  if (!code) throw new Error(`no sign-in code reached ${email}`);
  const answer = await post('/api/auth/login/code', { email, code });
  const cookie = answer.headers.get('set-cookie');
  if (answer.status >= 300 || !cookie) throw new Error(`sign-in for ${email}: ${answer.status} ${await answer.text()}`);
  return cookie.split(';')[0]!;
}

export interface OutboxMail {
  file: string;
  /** The addresses, lower case, without a display name. */
  to: string;
  replyTo: string;
  subject: string;
  /** The text as written (quoted-printable soft line breaks joined). */
  body: string;
}

const addressOf = (value: string | undefined) => (/<([^<>]+)>/.exec(value ?? '')?.[1] ?? value ?? '').trim().toLowerCase();

/** The mails svc-auth wrote to the outbox folder (no SMTP server), each file read once however often `read` is called. */
export class OutboxReader {
  private readonly seen = new Map<string, OutboxMail>();
  constructor(private readonly dir: string) {}

  /** Every mail in the folder, by the time of its file's name (the time it was written). */
  read(): OutboxMail[] {
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((name) => name.endsWith('.eml'));
    } catch {
      return [];
    }
    for (const name of names) {
      if (this.seen.has(name)) continue;
      let text: string;
      try {
        text = readFileSync(path.join(this.dir, name), 'utf8');
      } catch {
        continue;
      }
      const split = text.search(/\r?\n\r?\n/);
      // A file still being written has no body yet: read again next time.
      if (split < 0) continue;
      const headers = new Map<string, string>();
      for (const line of text
        .slice(0, split)
        .replace(/\r?\n[ \t]+/g, ' ')
        .split(/\r?\n/)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      this.seen.set(name, {
        file: name,
        to: addressOf(headers.get('to')),
        replyTo: addressOf(headers.get('reply-to')),
        subject: headers.get('subject') ?? '',
        body: text.slice(split).replace(/=\r?\n/g, ''),
      });
    }
    return [...this.seen.values()].sort((a, b) => a.file.localeCompare(b.file));
  }
}

/** CPU seconds (user and system) a process has used, from /proc (CLK_TCK 100); 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
