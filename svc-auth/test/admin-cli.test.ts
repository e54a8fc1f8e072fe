import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { TEST_IDENTITY_SECRET, testBroker, testDatabase, testOutbox } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { userRepository } from '../src/data-access/user-repository';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..', '..');

describe('npm run admin', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let mq: Awaited<ReturnType<typeof testBroker>>;
  const events: Array<{ type: string; payload: unknown }> = [];

  beforeAll(async () => {
    db = await testDatabase('auth-cli');
    mq = await testBroker('auth-cli');
    await mq.broker.subscribe('cli-seen', ['auth.#'], async (e) => void events.push({ type: e.type, payload: e.payload }), { exclusive: true });
  });
  afterAll(async () => {
    await mq?.destroy();
    await db?.drop();
  });

  /** The CLI against this test's database (same server, the test's own database name). */
  const admin = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'svc-auth/src/cli/admin.ts', ...args], {
      cwd: ROOT,
      env: {
        ...process.env,
        MONGODB_URI: inject('mongodbUri'),
        AUTH_DB_NAME: db.connection.name,
        AMQP_URL: inject('amqpUrl'),
        AMQP_PREFIX: mq.prefix,
        IDENTITY_SECRET: TEST_IDENTITY_SECRET,
      },
    });

  it('when an admin is granted and revoked by e-mail, then the role follows and the change is announced', async () => {
    const users = userRepository(db.connection, testOutbox(db.connection, mq.broker));
    expect((await admin('grant', ' Chief@Example.com ')).stdout).toBe('admin granted to chief@example.com\n');
    const user = await users.findByEmail('chief@example.com');
    expect(user).not.toBeNull();
    expect(await users.rolesOf(user!.id)).toEqual(['admin']);
    expect((await admin('grant', 'chief@example.com')).stdout).toBe('chief@example.com was already an admin\n');
    expect((await admin('revoke', 'chief@example.com')).stdout).toBe('admin revoked from chief@example.com\n');
    expect(await users.rolesOf(user!.id)).toEqual([]);
    await expect
      .poll(() => events.filter((e) => e.type === 'auth.user.roles-changed').map((e) => e.payload))
      .toEqual([
        { userId: user!.id, roles: ['admin'] },
        { userId: user!.id, roles: [] },
      ]);
    // Three runs of the command, each a Node process of its own: on a busy machine past 20 s.
  }, 60_000);

  it('when the command or address is wrong, then it says how to use it and changes nothing', async () => {
    for (const args of [['promote', 'a@example.com'], ['grant', 'not-an-email'], ['grant']]) {
      const failure = await admin(...args).then(
        () => null,
        (err: { code: number; stderr: string }) => err,
      );
      expect(failure?.code).toBe(2);
      expect(failure?.stderr).toContain('usage: npm run admin -- grant|revoke <email>');
    }
    expect(await userRepository(db.connection, testOutbox(db.connection, mq.broker)).findByEmail('a@example.com')).toBeNull();
  }, 60_000);
});
