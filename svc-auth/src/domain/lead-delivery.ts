import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { LEAD_ADDRESS_CONFIRMATIONS_PER_DAY, LEAD_ADDRESS_LINK_HOURS, type Identity, type LeadDetails, type LeadSettings, type LeadMailMode } from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';
import type { LeadPreferenceRepository } from '../data-access/lead-preference-repository';
import type { SendLogRepository } from '../data-access/send-log-repository';
import type { StoredUser } from '../data-access/user-repository';
import { leadAddressConfirmMail, leadDigestMail, ownerLeadMail } from '../mail/lead-mail';
import { sendOnce, type StatusMailDeps } from './status-change-mail';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The most waiting requests one run of the digests takes (the next run takes the rest). */
const DIGEST_ITEMS_PER_RUN = 5_000;
/** A request whose digest could not be sent for this long is dropped from the queue (it is in the inbox): nothing waits without a bound. */
const DIGEST_ITEM_MAX_AGE_DAYS = 7;
/** A digest claimed this long ago was sent (a send takes seconds): its requests go from the queue. */
const DIGEST_CLAIM_SETTLED_MS = 10 * 60 * 1000;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const sign = (secret: string, body: string) => createHmac('sha256', secret).update(`lead-address.${body}`).digest('base64url');

export interface LeadDeliveryDeps extends StatusMailDeps {
  leadPreferences: LeadPreferenceRepository;
  sends: SendLogRepository;
  secret: string;
  now?: () => Date;
}

/** The link's token: who asked, for which address, until when; signed (nothing of it is stored). */
export function leadAddressToken(secret: string, userId: string, address: string, expires: Date): string {
  const body = Buffer.from(JSON.stringify({ u: userId, a: address, e: expires.getTime() })).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

function readToken(secret: string, token: string, now: Date): { userId: string; address: string } | null {
  const [body = '', given = ''] = token.split('.');
  const expected = Buffer.from(sign(secret, body));
  if (expected.length !== given.length || !timingSafeEqual(expected, Buffer.from(given))) return null;
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { u?: unknown; a?: unknown; e?: unknown };
  if (typeof claims.u !== 'string' || typeof claims.a !== 'string' || typeof claims.e !== 'number' || claims.e < now.getTime()) return null;
  return { userId: claims.u, address: claims.a };
}

/** Where and how the signed-in owner's requests are mailed. */
export async function leadSettings(deps: Pick<LeadDeliveryDeps, 'leadPreferences'>, identity: Identity): Promise<LeadSettings> {
  const preference = await deps.leadPreferences.get(identity.userId);
  return { signInAddress: identity.email, address: preference.address, pendingAddress: preference.pending, mode: preference.mode };
}

/**
 * Changes where and how requests are mailed. The sign-in address (or null) is taken at once; another
 * address only once its owner opens the link mailed to it (until then requests go where they went),
 * at most 3 such mails a day per account and per address, so no account can mail strangers in a loop.
 */
export async function changeLeadSettings(deps: LeadDeliveryDeps, identity: Identity, change: { address: string | null; mode: LeadMailMode }): Promise<LeadSettings> {
  const now = deps.now?.() ?? new Date();
  const current = await deps.leadPreferences.get(identity.userId);
  const wanted = change.address === identity.email ? null : change.address;
  let { address, pending } = current;
  if (wanted === null) [address, pending] = [null, null];
  else if (wanted === current.address) pending = null;
  else if (wanted !== current.pending) {
    await takeConfirmationSlots(deps, identity.userId, wanted, now);
    const token = leadAddressToken(deps.secret, identity.userId, wanted, new Date(now.getTime() + LEAD_ADDRESS_LINK_HOURS * 60 * 60 * 1000));
    await deps.mailer.send(leadAddressConfirmMail(wanted, identity.email, `${deps.siteUrl}/api/auth/lead-settings/confirm?token=${token}`));
    pending = wanted;
  }
  await deps.leadPreferences.set(identity.userId, { address, pending, mode: change.mode });
  return { signInAddress: identity.email, address, pendingAddress: pending, mode: change.mode };
}

async function takeConfirmationSlots(deps: LeadDeliveryDeps, userId: string, address: string, now: Date): Promise<void> {
  const taken: string[] = [];
  for (const key of [`lead-address:user:${userId}`, `lead-address:to:${sha256(address)}`]) {
    const slot = await deps.sends.take(key, LEAD_ADDRESS_CONFIRMATIONS_PER_DAY, new Date(now.getTime() - DAY_MS), now);
    if (!slot.ok) {
      for (const done of taken) await deps.sends.release(done, now);
      const seconds = Math.max(1, Math.ceil((slot.oldest.getTime() + DAY_MS - now.getTime()) / 1000));
      throw new AppError('too_many_requests', `At most ${LEAD_ADDRESS_CONFIRMATIONS_PER_DAY} confirmation e-mails a day. Try again in ${Math.ceil(seconds / 3600)} hours.`, {
        status: 429,
        retryAfterSeconds: seconds,
      });
    }
    taken.push(key);
  }
}

/** The link mailed to an address was opened and confirmed: requests go there from now on. */
export async function confirmLeadAddress(deps: Pick<LeadDeliveryDeps, 'leadPreferences' | 'secret' | 'now'>, token: string): Promise<string> {
  const claims = readToken(deps.secret, token, deps.now?.() ?? new Date());
  if (!claims) throw AppError.badRequest('This link is not valid any more: ask for a new one on your quote requests page.');
  if (!(await deps.leadPreferences.confirm(claims.userId, claims.address))) {
    const preference = await deps.leadPreferences.get(claims.userId);
    if (preference.address !== claims.address) throw AppError.badRequest('This link is not valid any more: ask for a new one on your quote requests page.');
  }
  return claims.address;
}

/**
 * A request for an owner: mailed at once to the address they chose (the visitor as Reply-To), or
 * kept for their daily digest. Once per event either way (a redelivery finds the key taken).
 */
export async function deliverToOwner(deps: LeadDeliveryDeps, eventId: string, owner: StoredUser, lead: { serviceName: string; request: LeadDetails }): Promise<void> {
  const preference = await deps.leadPreferences.get(owner.id);
  const inboxUrl = `${deps.siteUrl}/dashboard/leads`;
  if (preference.mode === 'each') {
    await sendOnce(deps, `${eventId}:owner`, ownerLeadMail(preference.address ?? owner.email, lead, inboxUrl));
    return;
  }
  const now = deps.now?.() ?? new Date();
  if (!(await deps.notifications.claim(`${eventId}:owner`, now))) return;
  try {
    await deps.leadPreferences.addDigestItem({ id: eventId, userId: owner.id, day: dayOf(now), at: now, serviceName: lead.serviceName, request: lead.request });
  } catch (err) {
    await deps.notifications.release(`${eventId}:owner`);
    throw err;
  }
}

/**
 * Sends each owner one mail with the requests of each day that ended (UTC), to the address they
 * chose then; a day's digest goes once (its key), and its requests are dropped once it is sent.
 * Any instance may run it, as often as it likes.
 */
export async function sendLeadDigests(deps: LeadDeliveryDeps): Promise<number> {
  const now = deps.now?.() ?? new Date();
  const items = await deps.leadPreferences.digestItemsBefore(dayOf(now), DIGEST_ITEMS_PER_RUN);
  const groups = new Map<string, typeof items>();
  for (const item of items) {
    const key = `lead-digest:${item.userId}:${item.day}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  let sent = 0;
  for (const [day, group] of groups) {
    const first = group[0]!;
    // Keyed by its first request too: the rest of a day a run did not reach is a digest of its own.
    const key = `${day}:${first.id}`;
    const owner = await deps.users.findById(first.userId);
    try {
      if (owner) {
        const preference = await deps.leadPreferences.get(owner.id);
        if (!(await sendOnce(deps, key, leadDigestMail(preference.address ?? owner.email, first.day, group, `${deps.siteUrl}/dashboard/leads`)))) {
          // Another instance has it: left to it, unless it claimed it long ago (sent, and its requests not dropped).
          const claimed = await deps.notifications.claimedAt(key);
          if (claimed && now.getTime() - claimed.getTime() < DIGEST_CLAIM_SETTLED_MS) continue;
        } else sent += 1;
      }
    } catch (err) {
      // Kept for the next run, unless it waited too long (the requests are in the inbox).
      deps.logger.warn({ err, userId: first.userId, day: first.day }, 'quote request digest not sent; tried again on the next run');
      if (now.getTime() - first.at.getTime() < DIGEST_ITEM_MAX_AGE_DAYS * DAY_MS) continue;
    }
    await deps.leadPreferences.dropDigestItems(group.map((item) => item.id));
  }
  return sent;
}
