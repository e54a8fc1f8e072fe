import { randomBytes } from 'node:crypto';
import {
  BRAND_ICON_MIN_SIDE,
  BRAND_ICON_SIZES,
  BRAND_IMAGE_MAX_BYTES,
  BRAND_IMAGE_MAX_SIDE,
  BRAND_LOGO_HEIGHT,
  BRAND_SHARE_MIN_SIZE,
  BRAND_SHARE_SIZE,
  type BrandImageAnswer,
  type BrandImageUse,
} from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';
import sharp from 'sharp';
import type { ImageFileStore } from '../../data-access/image-file-store';
import type { StoredImageRepository } from '../../data-access/stored-image-repository';
import { etagOf } from '../render-image';
import type { UploadGate } from '../upload-gate';
import { sniffImage } from '../uploads';
import { sanitiseSvg } from './svg-sanitiser';

export interface BrandImageDeps {
  images: StoredImageRepository;
  files: ImageFileStore;
  gate: UploadGate;
}

export const BRAND_TOO_BIG = 'A brand picture must be at most 1 MB.';
export const BRAND_NOT_AN_IMAGE = 'A brand picture must be a PNG, WebP or SVG image.';
const UNREADABLE = 'The picture could not be read. It may be damaged.';

type Kind = 'png' | 'webp' | 'svg';
type Output = { contentType: 'image/png' | 'image/webp' | 'image/jpeg' | 'image/svg+xml'; renditions: Array<{ width: number; height: number; bytes: Buffer }> };

/** What the picture is from its first bytes (not its name or the request's header); anything else is refused. */
function kindOf(bytes: Buffer): Kind {
  if (bytes.length === 0) throw new AppError('unsupported_image', BRAND_NOT_AN_IMAGE, { status: 415 });
  if (bytes.length > BRAND_IMAGE_MAX_BYTES) throw new AppError('too_large', BRAND_TOO_BIG, { status: 413 });
  const kind = sniffImage(bytes);
  if (kind !== 'png' && kind !== 'webp' && kind !== 'svg') throw new AppError('unsupported_image', BRAND_NOT_AN_IMAGE, { status: 415 });
  return kind;
}

/** An SVG cleaned (or refused with what it held), as the bytes every later step reads. */
function cleanSvg(bytes: Buffer): Buffer {
  const text = bytes.toString('utf8');
  const result = sanitiseSvg(text);
  if ('refused' in result) {
    const { kind, what } = result.refused;
    throw AppError.badRequest(
      kind === 'script'
        ? `The SVG holds a script (${what}); a brand picture may not. Save it without scripts and upload it again.`
        : `The SVG refers to a file outside it (${what}); a brand picture must hold everything it shows.`,
    );
  }
  return Buffer.from(result.svg, 'utf8');
}

const decode = (bytes: Buffer, kind: Kind, density?: number) =>
  sharp(bytes, { limitInputPixels: BRAND_IMAGE_MAX_SIDE * BRAND_IMAGE_MAX_SIDE, failOn: 'warning', animated: false, ...(kind === 'svg' && density ? { density } : {}) });

/** The picture's size in pixels (an SVG's from its width, height or viewBox), checked against every use's bounds. */
async function sizeOf(bytes: Buffer, kind: Kind): Promise<{ width: number; height: number }> {
  let width = 0;
  let height = 0;
  try {
    const meta = await decode(bytes, kind).metadata();
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    height = meta.autoOrient?.height ?? meta.height ?? 0;
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw AppError.badRequest(`The picture is too large: at most ${BRAND_IMAGE_MAX_SIDE} pixels a side.`);
    throw AppError.badRequest(UNREADABLE);
  }
  if (width > BRAND_IMAGE_MAX_SIDE || height > BRAND_IMAGE_MAX_SIDE) throw AppError.badRequest(`The picture is ${width}×${height} pixels: at most ${BRAND_IMAGE_MAX_SIDE} pixels a side.`);
  if (width < 16 || height < 16) throw AppError.badRequest(`The picture is ${width}×${height} pixels: at least 16 pixels a side.`);
  return { width, height };
}

/** The files a use is served as, made once here: a logo as it is (an SVG cleaned, a PNG or WebP re-encoded without metadata, at most 4× the header's height); the icon at each of its sizes (PNG); the share image at the share tags' size (JPEG). */
async function render(bytes: Buffer, kind: Kind, use: BrandImageUse, size: { width: number; height: number }): Promise<Output> {
  if (use === 'logo') {
    if (kind === 'svg') return { contentType: 'image/svg+xml', renditions: [{ ...size, bytes }] };
    const { data, info } = await decode(bytes, kind)
      .rotate()
      .resize({ height: BRAND_LOGO_HEIGHT * 4, withoutEnlargement: true })
      .webp({ quality: 90, alphaQuality: 100 })
      .toBuffer({ resolveWithObject: true });
    return { contentType: 'image/webp', renditions: [{ width: info.width, height: info.height, bytes: data }] };
  }
  if (use === 'icon') {
    if (size.width !== size.height) throw AppError.badRequest(`The icon must be square; this picture is ${size.width}×${size.height} pixels.`);
    if (kind !== 'svg' && size.width < BRAND_ICON_MIN_SIDE)
      throw AppError.badRequest(`The icon must be at least ${BRAND_ICON_MIN_SIDE}×${BRAND_ICON_MIN_SIDE} pixels (or an SVG); this one is ${size.width}×${size.height}.`);
    // An SVG is drawn at the density that makes it 512 pixels, so every size is made from a sharp picture.
    const density = kind === 'svg' ? Math.min(2400, Math.ceil((72 * BRAND_ICON_MIN_SIDE) / size.width)) : undefined;
    const renditions = await Promise.all(
      BRAND_ICON_SIZES.map(async (side) => ({ width: side, height: side, bytes: await decode(bytes, kind, density).resize(side, side).png({ compressionLevel: 9 }).toBuffer() })),
    );
    return { contentType: 'image/png', renditions };
  }
  if (size.width < BRAND_SHARE_MIN_SIZE.width || size.height < BRAND_SHARE_MIN_SIZE.height)
    throw AppError.badRequest(`The share image must be at least ${BRAND_SHARE_MIN_SIZE.width}×${BRAND_SHARE_MIN_SIZE.height} pixels; this one is ${size.width}×${size.height}.`);
  const density = kind === 'svg' ? Math.min(2400, Math.ceil((72 * BRAND_SHARE_SIZE.width) / size.width)) : undefined;
  const data = await decode(bytes, kind, density)
    .rotate()
    .resize(BRAND_SHARE_SIZE.width, BRAND_SHARE_SIZE.height, { fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
  return { contentType: 'image/jpeg', renditions: [{ ...BRAND_SHARE_SIZE, bytes: data }] };
}

/**
 * A brand picture staff upload (a logo, the icon, the share image): checked (PNG, WebP or SVG, at
 * most 1 MB, its pixels for its use; an SVG cleaned, or refused when it holds a script or refers
 * to another file), made into the files pages use, stored under a new id that says its use (a
 * logo's, its size too). Nothing is stored for a picture refused. The upload takes its turn in
 * the instance's image work like every other.
 */
export async function uploadBrandImage(deps: BrandImageDeps, userId: string, use: BrandImageUse, readBytes: () => Promise<Buffer>): Promise<BrandImageAnswer> {
  const ticket = deps.gate.admit(userId);
  try {
    const raw = await readBytes();
    const kind = kindOf(raw);
    const bytes = kind === 'svg' ? cleanSvg(raw) : raw;
    await ticket.turn();
    const size = await sizeOf(bytes, kind);
    let output: Output;
    try {
      output = await render(bytes, kind, use, size);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw AppError.badRequest(UNREADABLE);
    }
    const shown = output.renditions.at(-1)!;
    const hex = randomBytes(8).toString('hex');
    const id = use === 'logo' ? `brand-logo-${hex}-${shown.width}x${shown.height}` : `brand-${use}-${hex}`;
    const extension = output.contentType.slice('image/'.length).replace('+xml', '');
    await Promise.all(output.renditions.map((r) => deps.files.write('brand', id, r.width, r.bytes, extension)));
    await deps.images.insertMissing([
      { id, folder: 'brand', contentType: output.contentType, renditions: output.renditions.map((r) => ({ width: r.width, height: r.height, bytes: r.bytes.length, etag: etagOf(r.bytes) })) },
    ]);
    return { id, width: shown.width, height: shown.height };
  } finally {
    ticket.release();
  }
}
