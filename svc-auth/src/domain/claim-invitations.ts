import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { claimPath, type EventPayload } from '@mealprep/contracts';
import { claimInvitationMail } from '../mail/lead-mail';
import { sendOnce, type StatusMailDeps } from './status-change-mail';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const optOutKey = (address: string) => `invitations-off:${createHash('sha256').update(address).digest('hex')}`;
const normal = (address: string) => address.trim().toLowerCase();
const signature = (secret: string, address: string) => createHmac('sha256', secret).update(`claim-invitations.${address}`).digest('base64url').slice(0, 32);

/** The token of an address's one-click unsubscribe: the address and its signature (nothing else is kept). */
export function unsubscribeToken(secret: string, address: string): string {
  return `${Buffer.from(normal(address)).toString('base64url')}.${signature(secret, normal(address))}`;
}

/** The address a token unsubscribes, or null when the token is not ours. */
export function addressOfToken(secret: string, token: string): string | null {
  const [encoded = '', given = ''] = token.split('.');
  const address = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = Buffer.from(signature(secret, address));
  return address && expected.length === given.length && timingSafeEqual(expected, Buffer.from(given)) ? address : null;
}

export type InvitationDeps = Pick<StatusMailDeps, 'notifications'>;

/** One click: the address gets no more invitations, from now on. */
export async function unsubscribeFromInvitations(deps: InvitationDeps, address: string, now = new Date()): Promise<void> {
  await deps.notifications.claim(optOutKey(address), now);
}

/**
 * A request waits for a listing nobody has claimed: its public contact address is invited to claim
 * it, at most once a week per listing (the week is in the key), never after it unsubscribed.
 */
export async function inviteToClaim(
  deps: StatusMailDeps & { secret: string; now?: () => Date },
  lead: Pick<EventPayload<'catalog.lead.received'>, 'contactEmail' | 'ownerUserId' | 'held' | 'serviceId' | 'serviceName'>,
): Promise<void> {
  if (!lead.contactEmail || lead.ownerUserId !== null || lead.held) return;
  const address = normal(lead.contactEmail);
  if (await deps.notifications.has(optOutKey(address))) return;
  const week = Math.floor((deps.now?.() ?? new Date()).getTime() / WEEK_MS);
  const unsubscribeUrl = `${deps.siteUrl}/api/auth/invitations/unsubscribe?token=${unsubscribeToken(deps.secret, address)}`;
  await sendOnce(deps, `claim-invitation:${lead.serviceId}:${week}`, claimInvitationMail(address, lead, `${deps.siteUrl}${claimPath(lead.serviceId)}`, unsubscribeUrl));
}
