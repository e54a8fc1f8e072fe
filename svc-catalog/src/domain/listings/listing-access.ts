import { EDIT_NOT_FOUND_MESSAGE, type Identity } from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';

/**
 * Who manages a listing (edits it, reads its history and its insights): its owner and the admins.
 * Anyone else is told there is no such listing of theirs, whether it exists or not, so ids cannot
 * be probed.
 */
export function managedBy<T extends { ownerUserId: string | null }>(identity: Identity, listing: T | null | undefined): T {
  if (!listing || !(identity.roles.includes('admin') || listing.ownerUserId === identity.userId)) throw AppError.notFound(EDIT_NOT_FOUND_MESSAGE);
  return listing;
}
