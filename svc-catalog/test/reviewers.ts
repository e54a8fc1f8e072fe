import { signIdentity } from '@mealprep/service-kit';
import { TEST_IDENTITY_SECRET } from '@mealprep/service-kit/testing';
import { as } from './harness';

/** The moment the review tests stand at (the services' clock). */
export const NOW = new Date('2026-11-01T12:00:00Z');
const MONTH_AGO = new Date(NOW.getTime() - 30 * 86_400_000).toISOString();

/** A visitor whose account is a month old (its reviews are not held for being new). */
export const visitor = (name: string) => signIdentity({ userId: `user-${name}`, email: `${name}@example.com`, roles: [], since: MONTH_AGO }, TEST_IDENTITY_SECRET);
/** A visitor who signed up an hour ago. */
export const newcomer = (name: string) =>
  signIdentity({ userId: `new-${name}`, email: `${name}@example.com`, roles: [], since: new Date(NOW.getTime() - 3_600_000).toISOString() }, TEST_IDENTITY_SECRET);
/** An owner of listings, a month old. */
export const ownerCalled = (userId: string, email: string) => () => signIdentity({ userId, email, roles: [], since: MONTH_AGO }, TEST_IDENTITY_SECRET);
export const admin = () => as('boss', ['admin']);
