import { EventPayloadSchemas } from '@mealprep/contracts';
import type { Broker, Logger } from '@mealprep/service-kit';
import type { NotificationRepository } from '../../data-access/notification-repository';
import type { UserRepository } from '../../data-access/user-repository';
import type { Mailer } from '../../mail/mailer';
import { statusMail } from '../../mail/status-mail';

/**
 * Owners hear by e-mail when an admin publishes or rejects their listing. A shared durable queue:
 * with several svc-auth instances each event is mailed once; a failed send is retried.
 */
export async function subscribeStatusMail(deps: { broker: Broker; users: UserRepository; notifications: NotificationRepository; mailer: Mailer; siteUrl: string; logger: Logger }): Promise<void> {
  await deps.broker.subscribe('auth-owner-status-mail', ['catalog.service.status-changed'], async (event) => {
    const change = EventPayloadSchemas['catalog.service.status-changed'].parse(event.payload);
    if ((change.status !== 'published' && change.status !== 'rejected') || !change.ownerUserId) return;
    const owner = await deps.users.findById(change.ownerUserId);
    if (!owner) return;
    if (!(await deps.notifications.claim(event.id, new Date()))) return;
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
      await deps.notifications.release(event.id);
      throw err;
    }
  });
}
