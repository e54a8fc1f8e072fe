import { randomBytes } from 'node:crypto';
import { MAX_LISTING_PHOTOS, PHOTO_FORMATS, PUBLIC_SERVICE_STATUSES, type Identity, type PhotoFacts, type PhotoFormat, type PhotoSource } from '@mealprep/contracts';
import { AppError, type DomainEvents } from '@mealprep/service-kit';
import type { ImageFileStore } from '../../data-access/image-file-store';
import { bytesKey, type PhotoRecord, type PhotoRepository } from '../../data-access/photo-repository';
import type { PhotoReportRepository, ReportedPhoto } from '../../data-access/photo-report-repository';
import type { ServiceDirectoryRepository } from '../../data-access/service-directory-repository';
import type { UploadQuotaRepository } from '../../data-access/upload-quota-repository';
import type { UploadGate } from '../upload-gate';
import { DAILY_UPLOADS, dailyLimitMessage, untilTomorrow } from '../uploads';
import { photoRenditions } from './photo-renditions';

export interface PhotoDeps {
  reports: PhotoReportRepository;
  /** Announces a staff removal in the same write (the outbox). */
  events: DomainEvents;
  photos: PhotoRepository;
  directory: Pick<ServiceDirectoryRepository, 'facts'>;
  files: ImageFileStore;
  quotas: UploadQuotaRepository;
  gate: UploadGate;
  now?: () => Date;
}

export const NOT_YOUR_LISTING = 'You can add photos only to a listing you own.';
export const GALLERY_FULL = `This listing already has ${MAX_LISTING_PHOTOS} photos, the most a listing can have. Remove one before adding another.`;

const isAdmin = (identity: Identity | undefined) => Boolean(identity?.roles.includes('admin'));

/** A listing's owner or staff; anyone else is told the same as for a listing that does not exist. */
async function listingFor(deps: Pick<PhotoDeps, 'directory'>, identity: Identity, listingId: string) {
  const listing = await deps.directory.facts(listingId);
  if (!listing || (!isAdmin(identity) && listing.ownerUserId !== identity.userId)) throw AppError.forbidden(NOT_YOUR_LISTING);
  return listing;
}

/**
 * media.uploadPhoto: one photo for a listing, by its owner or staff. Admitted by the upload gate (a
 * few per user at once, two processed per instance) and counted in the user's daily uploads before
 * its bytes are read; drawn once into every width and format (photoRenditions), its files written
 * under the photo's random id and its record kept. Nothing is stored when anything is refused.
 */
export async function uploadPhoto(deps: PhotoDeps, identity: Identity, upload: { listingId: string; readBytes: () => Promise<Buffer> }): Promise<PhotoFacts> {
  const listing = await listingFor(deps, identity, upload.listingId);
  if (listing.photoIds.length >= MAX_LISTING_PHOTOS) throw new AppError('gallery_full', GALLERY_FULL, { status: 409 });
  const ticket = deps.gate.admit(identity.userId);
  try {
    const now = deps.now?.() ?? new Date();
    const day = now.toISOString().slice(0, 10);
    const counted = !isAdmin(identity);
    if (counted && !(await deps.quotas.take(identity.userId, day, DAILY_UPLOADS))) {
      throw AppError.tooManyRequests(dailyLimitMessage(now), untilTomorrow(now).seconds);
    }
    try {
      const bytes = await upload.readBytes();
      await ticket.turn();
      const drawn = await photoRenditions(bytes);
      const id = `p-${randomBytes(12).toString('hex')}`;
      const byWidth = new Map<number, PhotoSource>();
      const sizes: Record<string, number> = {};
      for (const r of drawn.renditions) {
        const source = byWidth.get(r.width) ?? { width: r.width, height: r.height, avif: '', webp: '', jpeg: '' };
        source[r.format] = r.hash;
        byWidth.set(r.width, source);
        sizes[bytesKey(r.width, r.format)] = r.bytes.length;
      }
      try {
        await Promise.all(drawn.renditions.map((r) => deps.files.write('photos', id, r.width, r.bytes, r.format)));
      } catch (err) {
        await deps.files.removeAll('photos', id).catch(() => undefined);
        throw err;
      }
      const record = {
        id,
        listingId: upload.listingId,
        uploadedBy: identity.userId,
        width: drawn.width,
        height: drawn.height,
        sources: [...byWidth.values()].sort((a, b) => a.width - b.width),
        bytes: sizes,
        createdAt: now.toISOString(),
      };
      await deps.photos.insert(record).catch(async (err: unknown) => {
        await deps.files.removeAll('photos', id).catch(() => undefined);
        throw err;
      });
      return factsOf({ ...record, removedAt: null, removedBy: null, removedReason: null });
    } catch (err) {
      if (counted) await deps.quotas.giveBack(identity.userId, day).catch(() => undefined);
      throw err;
    }
  } finally {
    ticket.release();
  }
}

export const factsOf = (photo: PhotoRecord): PhotoFacts => ({
  id: photo.id,
  listingId: photo.listingId,
  uploadedBy: photo.uploadedBy,
  width: photo.width,
  height: photo.height,
  sources: photo.sources,
  removedAt: photo.removedAt,
});

export interface OpenedPhoto {
  contentType: string;
  /** Public while its listing is: cached for good (the name holds the content's hash); otherwise kept by no cache. */
  cacheControl: string;
  etag: string;
  read: () => Promise<Buffer>;
}

const CONTENT_TYPES: Record<PhotoFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };

/**
 * One file of a photo, `{width}-{hash}.{format}`. Visitors are served the photos of a public listing
 * (published or closed); a photo of a listing that is not public, or removed by staff, only its
 * listing's owner and staff see (a removed one: staff only). Everyone else gets the 404 of an
 * unknown id. Both reads are by key.
 */
export async function openPhotoFile(deps: Pick<PhotoDeps, 'photos' | 'directory' | 'files'>, viewer: Identity | undefined, photoId: string, file: string): Promise<OpenedPhoto> {
  const notFound = () => AppError.notFound('There is no such photo.');
  const match = /^([0-9]{1,4})-([a-f0-9]{32})\.(avif|webp|jpeg)$/.exec(file);
  if (!match) throw notFound();
  const [, widthText, hash, formatText] = match;
  const format = formatText as PhotoFormat;
  const photo = await deps.photos.findById(photoId);
  const source = photo?.sources.find((s) => s.width === Number(widthText));
  if (!photo || !source || source[format] !== hash || !PHOTO_FORMATS.includes(format)) throw notFound();
  const listing = await deps.directory.facts(photo.listingId);
  const staff = isAdmin(viewer);
  const owner = Boolean(viewer && listing && listing.ownerUserId === viewer.userId) || viewer?.userId === photo.uploadedBy;
  const publicNow = Boolean(listing && PUBLIC_SERVICE_STATUSES.includes(listing.status)) && !photo.removedAt;
  if (!publicNow && !staff && !(owner && !photo.removedAt)) throw notFound();
  return {
    contentType: CONTENT_TYPES[format],
    cacheControl: publicNow ? 'public, max-age=31536000, immutable' : 'private, no-store',
    etag: `"${hash}"`,
    read: async () => {
      const bytes = await deps.files.read('photos', photo.filesOf ?? photo.id, source.width, format);
      if (!bytes) throw notFound();
      return bytes;
    },
  };
}

/** What svc-catalog asks before a listing's gallery takes a photo: null for an unknown id. */
export async function photoFacts(deps: Pick<PhotoDeps, 'photos'>, photoId: string): Promise<PhotoFacts | null> {
  const photo = await deps.photos.findById(photoId);
  return photo ? factsOf(photo) : null;
}

/**
 * Staff take a photo down with a reason: it is no longer served to anyone but staff, svc-catalog
 * takes it out of the gallery and svc-auth mails the listing's owner the reason (both from the
 * event kept with the write). Removing it again changes nothing and mails no one.
 */
export async function removePhoto(deps: Pick<PhotoDeps, 'photos' | 'directory' | 'events' | 'now' | 'reports'>, staff: Identity, photoId: string, reason: string): Promise<PhotoFacts> {
  const photo = await deps.photos.findById(photoId);
  if (!photo) throw AppError.notFound('There is no such photo.');
  const listing = await deps.directory.facts(photo.listingId);
  const event = deps.events.event('media.photo.removed', {
    photoId,
    listingId: photo.listingId,
    listingName: listing?.name ?? '',
    slug: listing?.slug ?? '',
    ownerUserId: listing?.ownerUserId ?? null,
    reason,
    byUserId: staff.userId,
  });
  const at = deps.now?.() ?? new Date();
  if (await deps.photos.markRemoved(photoId, staff.userId, reason, at, [event])) void deps.events.relay();
  await deps.reports.close(photoId);
  return factsOf((await deps.photos.findById(photoId)) ?? photo);
}

/** Staff put a photo they removed back: served again (its owner adds it to the gallery again from "Removed photos"). */
export async function restorePhoto(deps: Pick<PhotoDeps, 'photos'>, photoId: string): Promise<PhotoFacts> {
  await deps.photos.restore(photoId);
  const photo = await deps.photos.findById(photoId);
  if (!photo) throw AppError.notFound('There is no such photo.');
  return factsOf(photo);
}

/** Staff's view of a listing's gallery as svc-media holds it (each photo read by its id). */
export async function listingPhotosForStaff(deps: Pick<PhotoDeps, 'photos' | 'directory'>, listingId: string): Promise<PhotoFacts[]> {
  const listing = await deps.directory.facts(listingId);
  if (!listing) throw AppError.notFound('There is no such listing.');
  const photos = await Promise.all(listing.photoIds.map((id) => deps.photos.findById(id)));
  return photos.filter((p): p is PhotoRecord => p !== null).map(factsOf);
}

/** Reports one person may send a day (UTC). */
export const DAILY_PHOTO_REPORTS = 20;
export const REPORTS_USED_UP = `You have reported ${DAILY_PHOTO_REPORTS} photos today, the most allowed in a day. Please try again tomorrow.`;

/**
 * photos.report: anyone signed in reports a photo a visitor can see, with what is wrong. A person's
 * second report of the same photo is the same report (answered as sent, counted once); each person
 * sends at most DAILY_PHOTO_REPORTS a day. Staff find the photo in their queue.
 */
export async function reportPhoto(deps: Pick<PhotoDeps, 'photos' | 'directory' | 'reports' | 'quotas' | 'now'>, identity: Identity, photoId: string, reason: string): Promise<{ reported: true }> {
  const photo = await deps.photos.findById(photoId);
  const listing = photo && (await deps.directory.facts(photo.listingId));
  if (!photo || photo.removedAt || !listing || !PUBLIC_SERVICE_STATUSES.includes(listing.status)) throw AppError.notFound('There is no such photo.');
  if (await deps.reports.hasReported(photoId, identity.userId)) return { reported: true };
  const now = deps.now?.() ?? new Date();
  const day = now.toISOString().slice(0, 10);
  if (!(await deps.quotas.take(`report:${identity.userId}`, day, DAILY_PHOTO_REPORTS))) throw AppError.tooManyRequests(REPORTS_USED_UP, untilTomorrow(now).seconds);
  await deps.reports.report({ photoId, listingId: photo.listingId, userId: identity.userId, reason, at: now });
  return { reported: true };
}

/** Staff's queue of reported photos, each with what svc-media holds of it (read by its id). */
export async function reportedPhotos(deps: Pick<PhotoDeps, 'photos' | 'reports'>): Promise<Array<ReportedPhoto & { photo: PhotoFacts | null }>> {
  const queue = await deps.reports.queue();
  return Promise.all(queue.map(async (entry) => ({ ...entry, photo: await photoFacts(deps, entry.photoId) })));
}

/** Staff found nothing wrong: the photo leaves the queue (later reports bring it back). */
export async function dismissReports(deps: Pick<PhotoDeps, 'reports'>, photoId: string): Promise<{ dismissed: true }> {
  await deps.reports.close(photoId);
  return { dismissed: true };
}
