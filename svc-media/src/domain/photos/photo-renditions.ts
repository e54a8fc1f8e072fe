import { createHash } from 'node:crypto';
import { MAX_IMAGE_BYTES, PHOTO_FORMATS, PHOTO_WIDTHS, type PhotoFormat } from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';
import sharp, { type Sharp } from 'sharp';
import { MAX_INPUT_PIXELS, NOT_AN_IMAGE, sniffImage, TOO_BIG, TOO_MANY_PIXELS, UNREADABLE, uprightSize } from '../uploads';

export { PHOTO_FORMATS, PHOTO_WIDTHS, type PhotoFormat };

export const NOT_A_PHOTO = 'Please choose a JPEG, PNG, WebP or AVIF photo.';
export const SVG_REFUSED = 'SVG images are not accepted for photos (they can hold scripts). Please choose a JPEG, PNG, WebP or AVIF photo.';
export const POLYGLOT_REFUSED = 'This file holds more than a photo (markup or another file inside it). Please save the photo again and upload that.';

export interface PhotoRendition {
  width: number;
  height: number;
  format: PhotoFormat;
  bytes: Buffer;
  /** The file's content hash: its name in the URL, so a served file never changes (immutable caching). */
  hash: string;
}

/** Text that has no place in a photo: a file that is a photo and a page (or a script) at once is refused, not cleaned. */
const MARKUP = ['<script', '<html', '<svg', '<?php', '<iframe', 'javascript:'].map((marker) => Buffer.from(marker, 'latin1'));
/** In compressed bytes (a phone's motion video after its photo) only markers too long to occur by chance count. */
const LONG_MARKUP = MARKUP.filter((marker) => marker.length >= 5);
const holdsMarkup = (part: Buffer, markers = MARKUP) => {
  const lower = Buffer.from(part.toString('latin1').toLowerCase(), 'latin1');
  return markers.some((marker) => lower.includes(marker));
};
/** An archive (a ZIP, a JAR) after the picture: its end record near the file's end, and an entry. */
const holdsArchive = (part: Buffer) => part.subarray(-66_000).includes(Buffer.from([0x50, 0x4b, 0x05, 0x06])) && part.includes(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

/** Where the picture itself ends by its format's structure, and its parts that are not pixels (headers, comments, text). */
function pictureParts(bytes: Buffer, kind: 'jpeg' | 'png' | 'webp' | 'avif'): { end: number; text: Buffer[] } {
  if (kind === 'jpeg') {
    const scan = bytes.indexOf(Buffer.from([0xff, 0xda]), 2);
    const end = bytes.indexOf(Buffer.from([0xff, 0xd9]), Math.max(scan, 2));
    return { end: end < 0 ? bytes.length : end + 2, text: [bytes.subarray(0, scan < 0 ? bytes.length : scan)] };
  }
  if (kind === 'png') {
    const text: Buffer[] = [];
    for (let at = 8; at + 12 <= bytes.length;) {
      const length = bytes.readUInt32BE(at);
      const type = bytes.subarray(at + 4, at + 8).toString('latin1');
      const next = at + 12 + length;
      if (/^(tEXt|zTXt|iTXt)$/.test(type)) text.push(bytes.subarray(at + 8, Math.min(bytes.length, at + 8 + length)));
      if (type === 'IEND' || next > bytes.length) return { end: Math.min(next, bytes.length), text };
      at = next;
    }
    return { end: bytes.length, text };
  }
  if (kind === 'webp') return { end: Math.min(bytes.length, bytes.readUInt32LE(4) + 8 + (bytes.readUInt32LE(4) % 2)), text: [] };
  // AVIF: the top-level boxes.
  let at = 0;
  while (at + 8 <= bytes.length) {
    const size = bytes.readUInt32BE(at);
    const next = size === 1 && at + 16 <= bytes.length ? at + Number(bytes.readBigUInt64BE(at + 8)) : size === 0 ? bytes.length : at + size;
    if (next <= at || next > bytes.length) break;
    at = next;
  }
  return { end: at, text: [] };
}

/**
 * Whether a file is a photo and something else at once (a "polyglot"): markup in the parts that are
 * not pixels (a JPEG's headers and comments, a PNG's text chunks), or a page, a script or an archive
 * after the picture's own end. Read by the format's structure, so compressed pixels that happen to
 * spell "<svg" are not taken for markup; other bytes after the end (a phone's motion video) are let be:
 * only the re-encoded picture is ever served.
 */
export function isPolyglot(bytes: Buffer, kind: 'jpeg' | 'png' | 'webp' | 'avif'): boolean {
  const { end, text } = pictureParts(bytes, kind);
  const after = bytes.subarray(end);
  return text.some((part) => holdsMarkup(part)) || (after.length > 0 && (holdsMarkup(after, LONG_MARKUP) || holdsArchive(after)));
}

/** How each format is encoded (the demo pictures are drawn with the same). */
export const photoEncoders: Record<PhotoFormat, (image: Sharp) => Sharp> = {
  // Effort 1: about a third of effort 2's time for files within a few per cent of its size (bench/photo-upload.ts).
  avif: (image) => image.avif({ quality: 50, effort: 1 }),
  webp: (image) => image.webp({ quality: 78, effort: 2 }),
  // The fallback few browsers take (and crawlers' share image): libjpeg-turbo, a quarter of mozjpeg's time.
  jpeg: (image) => image.jpeg({ quality: 80, progressive: true, optimiseCoding: true }),
};

/**
 * A listing's photo, checked and made into the files the pages serve: refused before it is decoded
 * when it is not a JPEG, PNG, WebP or AVIF (by its first bytes; SVG named), too large, or claims more
 * pixels than MAX_INPUT_PIXELS (read from its header: a decompression bomb is never decoded), or holds
 * foreign content; then turned upright by its orientation and re-encoded at each of PHOTO_WIDTHS up to
 * its own width, in AVIF, WebP and JPEG. Nothing of the original's metadata is kept (sharp writes
 * none unless asked: no EXIF, no GPS position, no camera).
 */
export async function photoRenditions(bytes: Buffer): Promise<{ width: number; height: number; renditions: PhotoRendition[] }> {
  if (bytes.length === 0) throw AppError.badRequest(NOT_A_PHOTO);
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('too_large', TOO_BIG, { status: 413 });
  const kind = sniffImage(bytes);
  if (kind === 'svg') throw new AppError('unsupported_image', SVG_REFUSED, { status: 415 });
  if (!kind || kind === 'gif') throw new AppError('unsupported_image', kind ? NOT_A_PHOTO : NOT_AN_IMAGE, { status: 415 });
  if (isPolyglot(bytes, kind)) throw new AppError('unsupported_image', POLYGLOT_REFUSED, { status: 415 });
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' as const };
  const { width, height } = await uprightSize(bytes, options, 'photo');

  const targets = [...new Set(PHOTO_WIDTHS.map((target) => Math.min(target, width)))];
  const renditions: PhotoRendition[] = [];
  try {
    // Decoded once, turned upright and brought down to the widest width served (a JPEG is decoded
    // at a fraction of its size when it can be: less time, a quarter of the memory of a 12 MP photo),
    // kept as raw pixels (no encode between); each width and format from that.
    const widest = Math.max(...targets);
    const upright = await sharp(bytes, options).rotate().resize({ width: widest, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: upright.info.width, height: upright.info.height, channels: upright.info.channels } };
    for (const target of targets) {
      const resized = await sharp(upright.data, raw).resize({ width: target, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
      for (const format of PHOTO_FORMATS) {
        const pixels = sharp(resized.data, { raw: { width: resized.info.width, height: resized.info.height, channels: resized.info.channels } });
        const { data, info } = await photoEncoders[format](pixels).toBuffer({ resolveWithObject: true });
        renditions.push({ width: info.width, height: info.height, format, bytes: data, hash: createHash('sha256').update(data).digest('hex').slice(0, 32) });
      }
    }
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw AppError.badRequest(TOO_MANY_PIXELS);
    throw AppError.badRequest(UNREADABLE);
  }
  return { width, height, renditions };
}
