import type { EventPayload } from '@mealprep/contracts';
import type { Logger } from '@mealprep/service-kit';
import type { NotificationRepository } from '../data-access/notification-repository';
import type { UserRepository } from '../data-access/user-repository';
import type { Mailer, MailDraft } from '../mail/mailer';
import { statusMail } from '../mail/status-mail';

export interface StatusMailDeps {
  users: UserRepository;
  notifications: NotificationRepository;
  mailer: Mailer;
  siteUrl: string;
  logger: Logger;
}

/**
 * An owner hears by e-mail when an admin publishes or rejects their listing, once per event: the
 * event id is claimed before the mail goes out, and given back when the send fails, so a
 * redelivery of the same event can send it.
 */
export async function mailOwnerOfStatusChange(deps: StatusMailDeps, eventId: string, change: EventPayload<'catalog.service.status-changed'>): Promise<void> {
  if ((change.status !== 'published' && change.status !== 'rejected') || !change.ownerUserId) return;
  const owner = await deps.users.findById(change.ownerUserId);
  if (!owner) return;
  if (!(await deps.notifications.claim(eventId, new Date()))) return;
  try {
    await deps.mailer.send(
      statusMail(owner.email, {
        name: change.name ?? change.slug,
        status: change.status,
        reason: change.reason ?? null,
        publicUrl: `${deps.siteUrl}/service/${change.slug}`,
        editUrl: `${deps.siteUrl}/dashboard/services/${change.serviceId}/edit`,
      }),
    );
    deps.logger.info({ serviceId: change.serviceId, status: change.status }, 'owner told of a status change');
  } catch (err) {
    // Given back, so the redelivery can send it.
    await deps.notifications.release(eventId);
    throw err;
  }
}

/** Sends a mail once for a key (an event and a person): the key is claimed first and given back when the send fails, so a redelivery sends it. */
export async function sendOnce(deps: StatusMailDeps, key: string, mail: MailDraft): Promise<boolean> {
  if (!(await deps.notifications.claim(key, new Date()))) return false;
  try {
    await deps.mailer.send(mail);
  } catch (err) {
    await deps.notifications.release(key);
    throw err;
  }
  return true;
}
