import type { EventPayload } from '@mealprep/contracts';
import { photoRemovedMail } from '../mail/photo-mail';
import { sendOnce, type StatusMailDeps } from './status-change-mail';

/** The owner of a listing hears once, by e-mail, that staff removed one of its photos and why. */
export async function mailPhotoRemoved(deps: StatusMailDeps, eventId: string, removed: EventPayload<'media.photo.removed'>): Promise<void> {
  if (!removed.ownerUserId) return;
  const owner = await deps.users.findById(removed.ownerUserId);
  if (!owner) return;
  await sendOnce(
    deps,
    `${eventId}:photo-removed`,
    photoRemovedMail(owner.email, {
      name: removed.listingName || 'your listing',
      reason: removed.reason,
      publicUrl: `${deps.siteUrl}/service/${encodeURIComponent(removed.slug)}`,
      editUrl: `${deps.siteUrl}/dashboard/services/${encodeURIComponent(removed.listingId)}/edit`,
    }),
  );
}
