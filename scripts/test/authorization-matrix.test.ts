import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZATION_MATRIX, CALLERS, type Caller, type Outcome } from './authorization-matrix';
import { callApi, listing, placeholderValues, signIn, startSystem, type RunningSystem } from './system';

const EMAILS: Record<Exclude<Caller, 'visitor'>, string> = {
  user: 'someone@matrix.test',
  owner: 'owner-a@matrix.test',
  otherOwner: 'owner-b@matrix.test',
  admin: 'admin@matrix.test',
};

/** Every cell of `authorization-matrix.ts`, called through the gateway of a running system. */
describe('authorization matrix through the gateway', () => {
  let system: RunningSystem;
  const cookies: Partial<Record<Caller, string>> = {};
  let values: Record<string, string>;
  const call = (caller: Caller, method: string, pathname: string, body?: unknown) => callApi(system.gateway.url, cookies[caller], method, pathname, body);

  beforeAll(async () => {
    system = await startSystem({ ADMIN_EMAILS: EMAILS.admin, CHECK_HOSTS: 'nothing.test=127.0.0.1' });
    for (const caller of ['user', 'owner', 'otherOwner', 'admin'] as const) cookies[caller] = await signIn(system, EMAILS[caller]);
    const own = await call('owner', 'POST', '/api/catalog/services', listing('Matrix Kitchen A', 'matrix-kitchen-a'));
    if (own.status !== 201) throw new Error(`owner A could not list a service: ${own.status} ${own.text}`);
    const other = await call('otherOwner', 'POST', '/api/catalog/services', listing('Matrix Kitchen B', 'matrix-kitchen-b'));
    if (other.status !== 201) throw new Error(`owner B could not list a service: ${other.status} ${other.text}`);
    values = await placeholderValues(system, (JSON.parse(own.text) as { id: string }).id);
  }, 300_000);
  afterAll(async () => system?.stop(), 120_000);

  it('when every caller calls every route, then each answer is the one the matrix gives (no cell differs)', async () => {
    const seen = (status: number, expected: Outcome): Outcome | number => {
      if (expected === 'allow') return status !== 401 && status !== 403 && status < 500 ? 'allow' : status;
      return status;
    };
    const differences: string[] = [];
    let cells = 0;
    for (const row of AUTHORIZATION_MATRIX) {
      const pathname = row.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name]!);
      const body = row.body ?? (row.method === 'GET' ? undefined : {});
      for (const [i, caller] of CALLERS.entries()) {
        const answer = await call(caller, row.method, pathname, body);
        const outcome = seen(answer.status, row.expect[i]!);
        cells += 1;
        if (outcome !== row.expect[i]) differences.push(`${row.method} ${row.path} as ${caller}: expected ${row.expect[i]}, got ${answer.status} ${answer.text.slice(0, 120)}`);
      }
    }
    expect(differences).toEqual([]);
    expect(cells).toBe(AUTHORIZATION_MATRIX.length * CALLERS.length);
  }, 300_000);
});
