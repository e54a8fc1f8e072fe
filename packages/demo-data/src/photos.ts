import { createHash } from 'node:crypto';
import type { ListingPhoto } from '@mealprep/contracts';
import { demoId } from './ids';

/** A generated food picture: svc-media draws it once at first start; every demo photo shows one of them. */
export interface DemoPicture {
  key: string;
  alt: string;
  palette: [from: string, to: string, accent: string];
}

export const DEMO_PICTURE_SIZE = { width: 960, height: 720 } as const;
/** The widths a demo picture is drawn at (it is 960 px wide: drawn at every start of an empty database, so kept small). */
export const DEMO_PICTURE_WIDTHS = [320, 640, 960] as const;

export const demoPictures: DemoPicture[] = [
  { key: 'greens-and-grains', alt: 'Grain bowls with greens and roasted squash', palette: ['#14532d', '#65a30d', '#fde68a'] },
  { key: 'sunrise-breakfast', alt: 'Breakfast boxes with eggs, oats and berries', palette: ['#9a3412', '#f59e0b', '#fef3c7'] },
  { key: 'coastal-plates', alt: 'Grilled salmon with rice and green beans', palette: ['#0c4a6e', '#0ea5e9', '#e0f2fe'] },
  { key: 'harvest-lentils', alt: 'Lentil stew portioned into glass containers', palette: ['#4c1d95', '#db2777', '#fce7f3'] },
  { key: 'tomato-basil', alt: 'Tomato soup and basil pasta ready to reheat', palette: ['#7f1d1d', '#ef4444', '#fee2e2'] },
  { key: 'chickpea-curry', alt: 'Chickpea curry with brown rice', palette: ['#78350f', '#d97706', '#fef9c3'] },
  { key: 'berry-bowls', alt: 'Yogurt bowls topped with berries and seeds', palette: ['#581c87', '#a855f7', '#f3e8ff'] },
  { key: 'garden-salads', alt: 'Crisp garden salads with feta and olives', palette: ['#064e3b', '#10b981', '#d1fae5'] },
];

/**
 * The name of one file of a drawn picture: made from what the file is drawn from (the picture, the
 * width, the format), so it is the same on every machine and changes when the drawing does.
 */
export function demoPictureHash(key: string, width: number, format: 'avif' | 'webp' | 'jpeg'): string {
  return createHash('sha256').update(`demo-picture:v1:${key}:${width}:${format}`).digest('hex').slice(0, 32);
}

/** Which pictures a demo photo id shows (svc-media serves the photo from that picture's files). */
export interface DemoPhoto extends ListingPhoto {
  pictureKey: string;
}

/** The 2 to 4 photos of the demo service at `index`: different pictures, the first its cover. */
export function demoPhotosOf(index: number, slug: string): DemoPhoto[] {
  const count = 2 + (index % 3);
  return Array.from({ length: count }, (_, k) => {
    const picture = demoPictures[(index * 5 + k * 7) % demoPictures.length]!;
    const height = (width: number) => Math.round((width * DEMO_PICTURE_SIZE.height) / DEMO_PICTURE_SIZE.width);
    return {
      id: `p-${demoId('photo', `${slug}:${k}`)}`,
      pictureKey: picture.key,
      alt: picture.alt,
      caption: k === 0 ? 'This week’s menu' : null,
      width: DEMO_PICTURE_SIZE.width,
      height: DEMO_PICTURE_SIZE.height,
      sources: DEMO_PICTURE_WIDTHS.map((width) => ({
        width,
        height: height(width),
        avif: demoPictureHash(picture.key, width, 'avif'),
        webp: demoPictureHash(picture.key, width, 'webp'),
        jpeg: demoPictureHash(picture.key, width, 'jpeg'),
      })),
    };
  });
}
