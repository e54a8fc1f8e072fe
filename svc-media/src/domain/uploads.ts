import { randomBytes } from 'node:crypto';
import { IMAGE_WIDTHS, MAX_IMAGE_BYTES, imageUrl, type Identity } from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';
import sharp, { type SharpOptions } from 'sharp';
import type { ImageFileStore } from '../data-access/image-file-store';
import type { MediaRepository } from '../data-access/media-repository';
import type { ImageFolder, StoredImageRepository } from '../data-access/stored-image-repository';
import type { UploadQuotaRepository } from '../data-access/upload-quota-repository';
import { etagOf } from './render-image';
import type { UploadGate } from './upload-gate';

export interface UploadDeps {
  images: StoredImageRepository;
  media: MediaRepository;
  files: ImageFileStore;
  quotas: UploadQuotaRepository;
  /** Shares the instance's image processing fairly between users. */
  gate: UploadGate;
  now?: () => Date;
}

/** Larger than any photo a phone takes, far below sharp's default of 268 megapixels. */
export const MAX_INPUT_PIXELS = 40_000_000;
export const MIN_DIMENSION = 16;

export const NOT_AN_IMAGE = 'Please select an image file';
export const TOO_BIG = 'Image size must be less than 10MB';
export const UNREADABLE = 'The image could not be read. It may be damaged.';
export const TOO_MANY_PIXELS = 'The image has too many pixels (at most 40 megapixels).';

type Kind = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

/** The image type from the file's first bytes; its name and the request's header are not trusted. */
export function sniffImage(bytes: Buffer): Kind | 'svg' | null {
  const starts = (...values: number[]) => values.every((value, i) => bytes[i] === value);
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  const head = bytes.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  if (head.slice(4, 8) === 'ftyp' && /^(avif|avis)$/.test(bytes.subarray(8, 12).toString('latin1'))) return 'avif';
  const text = bytes.subarray(0, 1024).toString('utf8').trimStart().toLowerCase();
  if (text.startsWith('<svg') || (text.startsWith('<?xml') && text.includes('<svg')) || text.startsWith('<!doctype svg')) return 'svg';
  return null;
}

/** What the first bytes and the size already refuse, before an upload waits for its turn. */
function refuseNonImages(bytes: Buffer): void {
  if (bytes.length === 0) throw AppError.badRequest(NOT_AN_IMAGE);
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('too_large', TOO_BIG, { status: 413 });
  const kind = sniffImage(bytes);
  if (kind === 'svg') throw new AppError('unsupported_image', 'SVG images are not accepted. Please upload a PNG, JPEG, GIF, WebP or AVIF image.', { status: 415 });
  if (!kind) throw new AppError('unsupported_image', NOT_AN_IMAGE, { status: 415 });
}

/**
 * An image's size as it is seen (its orientation applied), read from its header alone: one that
 * claims more than MAX_INPUT_PIXELS is refused before anything of it is decoded (a decompression
 * bomb), one sharp cannot read is damaged, and one under MIN_DIMENSION on a side is too small.
 */
export async function uprightSize(bytes: Buffer, options: SharpOptions, what: 'image' | 'photo'): Promise<{ width: number; height: number }> {
  let width: number;
  let height: number;
  try {
    const meta = await sharp(bytes, options).metadata();
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    height = meta.autoOrient?.height ?? meta.height ?? 0;
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw AppError.badRequest(TOO_MANY_PIXELS);
    throw AppError.badRequest(UNREADABLE);
  }
  if (width * height > MAX_INPUT_PIXELS) throw AppError.badRequest(TOO_MANY_PIXELS);
  if (width < MIN_DIMENSION || height < MIN_DIMENSION) throw AppError.badRequest(`The ${what} is too small (at least ${MIN_DIMENSION}×${MIN_DIMENSION} pixels).`);
  return { width, height };
}

/**
 * Checks an image from its bytes, re-encodes it (EXIF and every other metadata dropped) into the
 * widths the pages use and stores the files under a random name. Returns the stored image's id.
 * The caller holds one of the upload gate's slots: this is the work they share.
 */
export async function ingestImage(deps: Pick<UploadDeps, 'images' | 'files'>, bytes: Buffer, folder: ImageFolder): Promise<string> {
  refuseNonImages(bytes);
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' as const, animated: false };
  await uprightSize(bytes, options, 'image');

  const id = `u-${randomBytes(12).toString('hex')}`;
  const widths = [...new Set(Object.values(IMAGE_WIDTHS))];
  let renditions;
  try {
    renditions = await Promise.all(
      widths.map(async (target) => {
        const { data, info } = await sharp(bytes, options).rotate().resize({ width: target, withoutEnlargement: true }).webp({ quality: 82, effort: 2 }).toBuffer({ resolveWithObject: true });
        return { width: info.width, height: info.height, bytes: data, etag: etagOf(data) };
      }),
    );
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw AppError.badRequest(TOO_MANY_PIXELS);
    throw AppError.badRequest(UNREADABLE);
  }
  // Two targets wider than the image give the same rendition: keep one per width.
  const unique = [...new Map(renditions.map((r) => [r.width, r])).values()];
  await Promise.all(unique.map((r) => deps.files.write(folder, id, r.width, r.bytes)));
  await deps.images.insertMissing([{ id, folder, contentType: 'image/webp', renditions: unique.map((r) => ({ width: r.width, height: r.height, bytes: r.bytes.length, etag: r.etag })) }]);
  return id;
}

/** Images one user may store a day (UTC); admins, who add banners and fix listings for owners, have no such limit. */
export const DAILY_UPLOADS = 50;

const DAY_MS = 24 * 60 * 60 * 1000;

/** "3 hours", "25 minutes": how long until the next UTC day, as a person reads it. */
export function untilTomorrow(now: Date): { seconds: number; text: string } {
  const ms = DAY_MS - (now.getTime() % DAY_MS);
  const minutes = Math.ceil(ms / 60_000);
  const hours = Math.ceil(minutes / 60);
  return { seconds: Math.ceil(ms / 1000), text: minutes >= 60 ? `${hours} hour${hours === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}` };
}

export function dailyLimitMessage(now: Date): string {
  return `You have uploaded ${DAILY_UPLOADS} images today, the most allowed in a day. You can upload again in ${untilTomorrow(now).text}.`;
}

/**
 * media.uploadImageKit: an owner's logo, stored and recorded as a Media item. The upload is
 * admitted (a few per user at once) and counted against the user's day before its bytes are
 * read; an upload that stores nothing gives its count back.
 */
export async function uploadImage(deps: UploadDeps, identity: Identity, upload: { fileName: string; readBytes: () => Promise<Buffer> }): Promise<{ mediaId: string; url: string }> {
  const ticket = deps.gate.admit(identity.userId);
  try {
    const now = deps.now?.() ?? new Date();
    const day = now.toISOString().slice(0, 10);
    const counted = !identity.roles.includes('admin');
    if (counted && !(await deps.quotas.take(identity.userId, day, DAILY_UPLOADS))) {
      throw AppError.tooManyRequests(dailyLimitMessage(now), untilTomorrow(now).seconds);
    }
    try {
      const bytes = await upload.readBytes();
      refuseNonImages(bytes);
      await ticket.turn();
      const id = await ingestImage(deps, bytes, 'uploads');
      const url = imageUrl(id, 'full');
      await deps.media.insertMissing([
        {
          id,
          url,
          path: `uploads/${id}`,
          imageKitId: null,
          altText: upload.fileName.replace(/\.[a-z0-9]{1,5}$/i, '').slice(0, 120),
          associatedEntityType: 'service',
          associatedEntityId: null,
          countryCode: 'US',
          uploadedBy: identity.userId,
        },
      ]);
      // Now and then, the counts of past days go.
      if (Math.random() < 0.05) await deps.quotas.pruneBefore(day).catch(() => undefined);
      return { mediaId: id, url };
    } catch (err) {
      if (counted) await deps.quotas.giveBack(identity.userId, day).catch(() => undefined);
      throw err;
    }
  } finally {
    ticket.release();
  }
}
