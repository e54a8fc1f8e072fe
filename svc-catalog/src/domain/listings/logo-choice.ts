import type { Identity } from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';
import type { MediaFinder } from '../../data-access/media-client';

export const LOGO_NOT_YOURS = 'That logo image is not one of your uploads. Please upload the logo again.';
export const LOGO_DELETED = 'That logo image has been deleted. Please upload another.';
export const LOGO_IN_USE = 'That image is already the logo of another listing. Please upload it again for this one.';
export const LOGO_UNCHECKED = 'The logo cannot be checked right now. Please try again in a moment.';

const refuse = (message: string) => AppError.badRequest(message, [{ path: 'media.logoImageId', message }]);

/**
 * A listing may take as its logo only a live upload of its owner's (an admin editing it: of the
 * owner's or their own), not yet the logo of another listing: svc-media ties an upload to the
 * first listing that uses it, and another user's upload would otherwise be attached to this one.
 * The logo the listing has already is always kept. When svc-media cannot be asked, the change is
 * refused with a 503 rather than taken unchecked.
 */
export async function checkLogoChoice(
  media: MediaFinder | undefined,
  identity: Identity,
  listing: { id: string | null; ownerUserId: string | null; logoImageId: string | null },
  logoImageId: string | null,
): Promise<void> {
  if (logoImageId === null || logoImageId === listing.logoImageId) return;
  if (!media) throw AppError.unavailable(LOGO_UNCHECKED, 5);
  let item;
  try {
    item = await media.find(logoImageId);
  } catch (cause) {
    throw new AppError('unavailable', LOGO_UNCHECKED, { status: 503, retryAfterSeconds: 5, cause });
  }
  const uploaders = identity.roles.includes('admin') ? [identity.userId, listing.ownerUserId] : [identity.userId];
  // Someone else's upload is answered as an unknown id: whether it exists is not theirs to learn.
  if (!item || !item.uploadedBy || !uploaders.includes(item.uploadedBy)) throw refuse(LOGO_NOT_YOURS);
  if (item.deletedAt) throw refuse(LOGO_DELETED);
  if (item.associatedEntityId && item.associatedEntityId !== listing.id) throw refuse(LOGO_IN_USE);
}
