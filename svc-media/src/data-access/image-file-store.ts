import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@mealprep/service-kit';
import type { ImageFolder } from './stored-image-repository';

const SAFE_NAME = /^[a-z0-9-]{1,100}$/;
const EXTENSIONS = new Set(['webp', 'png', 'jpeg', 'svg', 'avif']);

export type ImageFileStore = ReturnType<typeof imageFileStore>;

/**
 * Image files under one media folder: `{folder}/{id}/{width}.webp` (a brand picture's file may be
 * `.png`, `.jpeg` or `.svg`; a listing's photo has `.avif`, `.webp` and `.jpeg` at each width). Every path is built from
 * checked parts and checked again after resolving, so nothing outside the folder is read or written.
 */
export function imageFileStore(mediaDir: string) {
  const root = path.resolve(mediaDir);

  function fileOf(folder: ImageFolder, id: string, width: number, extension: string): string {
    if (!SAFE_NAME.test(folder) || !SAFE_NAME.test(id) || !Number.isInteger(width) || width <= 0 || !EXTENSIONS.has(extension)) {
      throw AppError.badRequest('That is not a valid image.');
    }
    const file = path.resolve(root, folder, id, `${width}.${extension}`);
    if (!file.startsWith(root + path.sep)) throw AppError.badRequest('That is not a valid image.');
    return file;
  }

  return {
    root,
    /** Writes through a temporary file and a rename, so a reader never sees half an image. */
    async write(folder: ImageFolder, id: string, width: number, bytes: Buffer, extension = 'webp'): Promise<void> {
      const file = fileOf(folder, id, width, extension);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, file);
      } catch (err) {
        await rm(temporary, { force: true });
        throw err;
      }
    },
    /** Every file of one image (a photo whose record could not be kept). */
    async removeAll(folder: ImageFolder, id: string): Promise<void> {
      const dir = path.dirname(fileOf(folder, id, 1, 'webp'));
      await rm(dir, { recursive: true, force: true });
    },
    /** The file's bytes, or null when it is not there. */
    async read(folder: ImageFolder, id: string, width: number, extension = 'webp'): Promise<Buffer | null> {
      try {
        return await readFile(fileOf(folder, id, width, extension));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
  };
}
