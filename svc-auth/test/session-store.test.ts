import { Types } from 'mongoose';
import { testDatabase, testOutbox } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionRepository } from '../src/data-access/session-repository';
import { sessionHash } from '@mealprep/service-kit';

/** Sessions are kept under their token's hash, so resolving a cookie is a lookup by key. */
describe('the session store', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  beforeAll(async () => {
    db = await testDatabase('auth-sessions');
  });
  afterAll(async () => db?.drop());

  const now = new Date('2026-11-20T12:00:00Z');
  const later = new Date('2027-01-20T12:00:00Z');

  it('when sessions were stored before they were keyed by their hash, then after a start they resolve and revoke as before', async () => {
    const legacy = sessionHash('legacy-token');
    await db.connection.collection('sessions').insertOne({ _id: new Types.ObjectId(), tokenHash: legacy, userId: 'u-legacy', createdAt: now, expiresAt: later, revokedAt: null } as never);
    const sessions = sessionRepository(db.connection, testOutbox(db.connection));
    await sessions.ensureIndexes();
    expect(await db.connection.collection('sessions').findOne({ _id: legacy as never })).toMatchObject({ userId: 'u-legacy' });
    expect(await sessions.liveUserId(legacy, now)).toBe('u-legacy');
    expect(await sessions.revoke(legacy, now, () => [])).toBe('u-legacy');
    expect(await sessions.liveUserId(legacy, now)).toBeNull();
  });

  it('when a session is created, then it resolves until it expires or is revoked, and an unknown token resolves to nobody', async () => {
    const sessions = sessionRepository(db.connection, testOutbox(db.connection));
    const hash = sessionHash('fresh-token');
    await sessions.create({ tokenHash: hash, userId: 'u-fresh', createdAt: now, expiresAt: later });
    expect(await sessions.liveUserId(hash, now)).toBe('u-fresh');
    expect(await sessions.liveUserId(hash, new Date(later.getTime() + 1))).toBeNull();
    expect(await sessions.liveUserId(sessionHash('nobody'), now)).toBeNull();
    expect(await sessions.revoke(hash, now, () => [])).toBe('u-fresh');
    expect(await sessions.revoke(hash, now, () => [])).toBeNull();
  });
});
