import { MAX_LISTING_PHOTOS, OWNER_LOCKED_STATUSES, type EditableService, type Identity, type ListingPhoto, type ListingPhotosBody, type PhotoFacts } from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';
import { readFrom, toPhotos } from '../../data-access/service-mapping';
import { managedBy } from './listing-access';
import { editableFor, getEditable, type OwnerDeps } from './owner-services';
import type { CloseDeps } from './website-check-close';
import { announceUpdate } from './service-events';

export const PHOTO_NOT_YOURS = 'That photo was not uploaded for this listing. Please upload it again here.';
export const PHOTO_REMOVED = 'That photo was removed by our staff and cannot be shown.';
export const PHOTOS_UNCHECKED = 'The photos cannot be checked right now. Please try again in a moment.';
export const OWNER_LOCKED = 'This listing is closed or rejected and can no longer be edited. Contact us if this is a mistake.';

const refuse = (message: string, index: number) => AppError.badRequest(message, [{ path: `photos.${index}.id`, message }]);
const isAdmin = (identity: Identity) => identity.roles.includes('admin');

/**
 * services.setPhotos: a listing's whole gallery, in its order, with its descriptions, captions and
 * cover, from its owner or staff. A photo new to the gallery must be one svc-media drew for this
 * listing and staff have not removed (svc-media is asked about each new one, by key; when it cannot
 * be asked the change is refused with a 503, never taken unchecked). Photos taken out are kept
 * aside (MAX_LISTING_PHOTOS, newest first) to be put back. One guarded write, with its event.
 */
export async function setListingPhotos(deps: OwnerDeps, identity: Identity, id: string, body: ListingPhotosBody): Promise<EditableService> {
  const first = managedBy(identity, await deps.services.findById(id));
  const known = new Map<string, ListingPhoto>();
  for (const photo of [...(first.media.photos ?? []), ...toPhotos(readFrom(first)?.media?.removedPhotos)]) known.set(photo.id, photo);
  const asked = body.photos.filter((p) => !known.has(p.id));
  let facts: Array<PhotoFacts | null>;
  try {
    if (asked.length > 0 && !deps.media) throw new Error('svc-media is not configured');
    facts = await Promise.all(asked.map((p) => deps.media!.findPhoto(p.id)));
  } catch (cause) {
    throw new AppError('unavailable', PHOTOS_UNCHECKED, { status: 503, retryAfterSeconds: 5, cause });
  }
  asked.forEach((photo, i) => {
    const fact = facts[i];
    const index = body.photos.indexOf(photo);
    if (!fact || fact.listingId !== id) throw refuse(PHOTO_NOT_YOURS, index);
    if (fact.removedAt) throw refuse(PHOTO_REMOVED, index);
    known.set(fact.id, { id: fact.id, alt: '', caption: null, width: fact.width, height: fact.height, sources: fact.sources });
  });
  const gallery: ListingPhoto[] = body.photos.map((p) => ({ ...known.get(p.id)!, alt: p.alt, caption: p.caption || null }));
  const coverPhotoId = body.coverId ?? gallery[0]?.id ?? null;

  const written = await deps.services.modify(
    id,
    (service) => {
      managedBy(identity, service);
      if (!isAdmin(identity) && (OWNER_LOCKED_STATUSES as readonly string[]).includes(service.status)) throw AppError.forbidden(OWNER_LOCKED);
      const kept = new Set(gallery.map((p) => p.id));
      const before = [...(service.media.photos ?? []), ...toPhotos(readFrom(service)?.media?.removedPhotos)];
      const takenOut = before.filter((p, i) => !kept.has(p.id) && before.findIndex((q) => q.id === p.id) === i);
      return {
        set: { 'media.photos': gallery, 'media.coverPhotoId': coverPhotoId, 'media.removedPhotos': takenOut.slice(0, MAX_LISTING_PHOTOS) },
        announce: announceUpdate(deps.events),
      };
    },
    first,
  );
  if (!written) throw AppError.notFound('There is no such listing of yours.');
  deps.catalog.apply(written.after);
  void deps.events.relay();
  const editable = deps.services.editableOf(written.after);
  return editable ? editableFor(deps, identity, editable) : getEditable(deps, identity, id);
}

/**
 * Staff removed a photo in svc-media (media.photo.removed): it leaves the listing's gallery and its
 * removed photos (it cannot be put back by its owner); the cover passes to the next photo. A second
 * delivery changes nothing.
 */
export async function dropRemovedPhoto(deps: CloseDeps, listingId: string, photoId: string): Promise<boolean> {
  const written = await deps.services.modify(listingId, (service) => {
    const removed = toPhotos(readFrom(service)?.media?.removedPhotos);
    const photos = service.media.photos ?? [];
    if (!photos.some((p) => p.id === photoId) && !removed.some((p) => p.id === photoId)) return null;
    const gallery = photos.filter((p) => p.id !== photoId);
    const cover = service.media.coverPhotoId === photoId ? (gallery[0]?.id ?? null) : (service.media.coverPhotoId ?? null);
    return {
      set: { 'media.photos': gallery, 'media.coverPhotoId': cover, 'media.removedPhotos': removed.filter((p) => p.id !== photoId) },
      announce: announceUpdate(deps.events),
    };
  });
  if (!written || written.after === written.before) return false;
  deps.catalog.apply(written.after);
  await deps.events.relay();
  return true;
}
