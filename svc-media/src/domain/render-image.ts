import { createHash } from 'node:crypto';
import sharp from 'sharp';

export interface RenderedImage {
  width: number;
  height: number;
  bytes: Buffer;
  etag: string;
}

const WEBP = { quality: 82, effort: 2 } as const;

export function etagOf(bytes: Buffer): string {
  return `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 22)}"`;
}

/**
 * Draws an SVG once and encodes it as webp at each width (never wider than the drawing), keeping
 * its proportions.
 */
export async function renderSvgToWebp(svg: string, widths: readonly number[]): Promise<RenderedImage[]> {
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return Promise.all(
    widths.map(async (width) => {
      const { data: bytes, info: out } = await sharp(data, { raw }).resize({ width, withoutEnlargement: true }).webp(WEBP).toBuffer({ resolveWithObject: true });
      return { width: out.width, height: out.height, bytes, etag: etagOf(bytes) };
    }),
  );
}
