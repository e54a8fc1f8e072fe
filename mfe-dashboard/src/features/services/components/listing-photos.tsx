import { serverMessage } from '@mealprep/api-client';
import type { EditableService, ListingPhoto } from '@mealprep/contracts';
import { MAX_IMAGE_BYTES, MAX_LISTING_PHOTOS, PHOTO_ALT_MAX, PHOTO_ALT_MIN, PHOTO_CAPTION_MAX, photoFileUrl } from '@mealprep/contracts/browser';
import { Button } from '@mealprep/ui';
import { useRef, useState, type DragEvent } from 'react';
import { uploadPhoto, useSetPhotos } from '../api/owner-services';

export const PHOTOS_HEADING = 'Photos';
export const ADD_PHOTOS_LABEL = 'Add photos';
export const SAVE_PHOTOS_TEXT = 'Save photos';
export const PHOTOS_SAVED = 'Photos saved.';
export const REMOVED_PHOTOS_HEADING = 'Removed photos';
export const PUT_BACK_TEXT = 'Put back';
export const TOO_MANY_PHOTOS = `A listing can have at most ${MAX_LISTING_PHOTOS} photos.`;
export const NOT_A_PHOTO_FILE = 'Please choose a JPEG, PNG, WebP or AVIF photo.';
export const PHOTO_TOO_BIG = 'Image size must be less than 10MB';
export const DESCRIBE_EACH = `Describe each photo in ${PHOTO_ALT_MIN} to ${PHOTO_ALT_MAX} characters (what it shows, for people who cannot see it).`;

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'];
/** Uploads sent at once (svc-media takes two of one user's at a time). */
const AT_ONCE = 2;

type Item = { key: string; photo: ListingPhoto } | { key: string; file: File; progress: number; error: string | null };

const isPhoto = (item: Item): item is { key: string; photo: ListingPhoto } => 'photo' in item;
const thumbnail = (photo: ListingPhoto) => {
  const smallest = photo.sources[0];
  return smallest ? photoFileUrl(photo.id, smallest, 'jpeg') : '';
};

/**
 * The listing's gallery as its owner (or staff) keeps it: photos added several at a time, each
 * with a progress bar; each described (its alt text) and maybe captioned; moved with the buttons,
 * the keyboard (Alt+Arrow) or by dragging; one chosen as the cover; removed after asking, and put
 * back from "Removed photos". Nothing changes on the listing until "Save photos".
 */
export function ListingPhotos({ service }: { service: EditableService }) {
  const [items, setItems] = useState<Item[]>(() => (service.media.photos ?? []).map((photo) => ({ key: photo.id, photo })));
  const [coverId, setCoverId] = useState<string | null>(service.media.coverPhotoId ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const save = useSetPhotos(service.id);
  const input = useRef<HTMLInputElement>(null);
  const removed = (service.removedPhotos ?? []).filter((photo) => !items.some((item) => isPhoto(item) && item.photo.id === photo.id));

  const patch = (key: string, change: (item: Item) => Item) => setItems((now) => now.map((item) => (item.key === key ? change(item) : item)));
  const setText = (key: string, field: 'alt' | 'caption', value: string) => patch(key, (item) => (isPhoto(item) ? { ...item, photo: { ...item.photo, [field]: value } } : item));

  const add = async (files: File[]) => {
    setProblem(null);
    save.reset();
    if (items.length + files.length > MAX_LISTING_PHOTOS) return setProblem(TOO_MANY_PHOTOS);
    const refused = files.find((file) => !PHOTO_TYPES.includes(file.type) || file.size > MAX_IMAGE_BYTES);
    if (refused) return setProblem(refused.size > MAX_IMAGE_BYTES ? PHOTO_TOO_BIG : NOT_A_PHOTO_FILE);
    const queued = files.map((file, i) => ({ key: `upload-${Date.now()}-${i}-${file.name}`, file, progress: 0, error: null }));
    setItems((now) => [...now, ...queued]);
    if (input.current) input.current.value = '';
    let next = 0;
    const worker = async () => {
      while (next < queued.length) {
        const { key, file } = queued[next++]!;
        try {
          const drawn = await uploadPhoto(service.id, file, (sent) => patch(key, (item) => (isPhoto(item) ? item : { ...item, progress: sent })));
          const photo: ListingPhoto = { id: drawn.id, alt: '', caption: null, width: drawn.width, height: drawn.height, sources: drawn.sources };
          patch(key, () => ({ key: drawn.id, photo }));
        } catch (failure) {
          patch(key, (item) => (isPhoto(item) ? item : { ...item, error: serverMessage(failure) ?? 'The photo could not be uploaded. Please try again.' }));
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, queued.length) }, worker));
  };

  const move = (key: string, step: number) =>
    setItems((now) => {
      const from = now.findIndex((item) => item.key === key);
      const to = from + step;
      if (from < 0 || to < 0 || to >= now.length) return now;
      const next = [...now];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return next;
    });
  const dropOn = (key: string) => (event: DragEvent) => {
    event.preventDefault();
    if (!dragged || dragged === key) return;
    setItems((now) => {
      const from = now.findIndex((item) => item.key === dragged);
      const to = now.findIndex((item) => item.key === key);
      if (from < 0 || to < 0) return now;
      const next = [...now];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return next;
    });
    setDragged(null);
  };

  const photos = items.filter(isPhoto);
  const uploading = items.some((item) => !isPhoto(item) && item.error === null);
  const described = photos.every((item) => item.photo.alt.trim().length >= PHOTO_ALT_MIN);
  const submit = () => {
    setProblem(null);
    if (!described) return setProblem(DESCRIBE_EACH);
    const cover = photos.some((item) => item.photo.id === coverId) ? coverId : (photos[0]?.photo.id ?? null);
    save.mutate({ photos: photos.map(({ photo }) => ({ id: photo.id, alt: photo.alt.trim(), caption: photo.caption?.trim() || null })), coverId: cover });
  };
  const shownCover = photos.some((item) => item.photo.id === coverId) ? coverId : (photos[0]?.photo.id ?? null);
  const field = 'mt-1 block w-full rounded-md border border-gray-300 px-2 py-1 text-sm dark:border-gray-600 dark:bg-gray-900';

  return (
    <section aria-labelledby="listing-photos-heading" className="mt-10 rounded-xl border border-gray-200 p-5 dark:border-gray-700">
      <h2 id="listing-photos-heading" className="text-lg font-semibold">
        {PHOTOS_HEADING}
      </h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">
        Up to {MAX_LISTING_PHOTOS} photos of your food: JPEG, PNG, WebP or AVIF, 10 MB each. The cover leads your page and shows on your card.
      </p>
      <label className="mt-4 inline-flex flex-col gap-1 text-sm font-medium">
        {ADD_PHOTOS_LABEL}
        <input
          ref={input}
          type="file"
          multiple
          accept={PHOTO_TYPES.join(',')}
          disabled={items.length >= MAX_LISTING_PHOTOS}
          className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-gray-100 file:px-3 file:py-2 file:text-sm file:font-medium dark:file:bg-gray-800 dark:file:text-gray-100"
          onChange={(event) => void add([...(event.target.files ?? [])])}
        />
      </label>
      {items.length ? (
        <ol aria-label="Photos in their order" className="mt-4 flex flex-col gap-3">
          {items.map((item, index) => (
            <li
              key={item.key}
              draggable={isPhoto(item)}
              onDragStart={() => setDragged(item.key)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={dropOn(item.key)}
              className="flex flex-col gap-3 rounded-lg border border-gray-200 p-3 sm:flex-row dark:border-gray-700"
            >
              {isPhoto(item) ? (
                <>
                  <img src={thumbnail(item.photo)} alt="" width={120} height={Math.round((120 * item.photo.height) / item.photo.width)} className="h-auto w-[120px] shrink-0 rounded object-cover" />
                  <div className="flex flex-1 flex-col gap-2">
                    <label className="text-sm font-medium">
                      Description of photo {index + 1}
                      <input
                        value={item.photo.alt}
                        maxLength={PHOTO_ALT_MAX}
                        required
                        className={field}
                        onChange={(event) => setText(item.key, 'alt', event.target.value)}
                        onKeyDown={(event) => {
                          if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
                            event.preventDefault();
                            move(item.key, event.key === 'ArrowUp' ? -1 : 1);
                          }
                        }}
                      />
                    </label>
                    <label className="text-sm font-medium">
                      Caption of photo {index + 1} (optional)
                      <input value={item.photo.caption ?? ''} maxLength={PHOTO_CAPTION_MAX} className={field} onChange={(event) => setText(item.key, 'caption', event.target.value)} />
                    </label>
                    <div className="flex flex-wrap items-center gap-2">
                      <label className="inline-flex items-center gap-1 text-sm">
                        <input type="radio" name="cover-photo" checked={shownCover === item.photo.id} onChange={() => setCoverId(item.photo.id)} />
                        Cover
                      </label>
                      {/* The visible words start the name (a voice user says what they see); which photo follows for a screen reader. */}
                      <Button type="button" variant="outline" size="sm" disabled={index === 0} onClick={() => move(item.key, -1)}>
                        Move up <span className="sr-only">photo {index + 1}</span>
                      </Button>
                      <Button type="button" variant="outline" size="sm" disabled={index === items.length - 1} onClick={() => move(item.key, 1)}>
                        Move down <span className="sr-only">photo {index + 1}</span>
                      </Button>
                      {confirming === item.key ? (
                        <span role="group" aria-label="Remove this photo?" className="inline-flex items-center gap-2 text-sm">
                          Remove this photo?
                          <Button
                            type="button"
                            size="sm"
                            onClick={() => {
                              setItems((now) => now.filter((other) => other.key !== item.key));
                              setConfirming(null);
                            }}
                          >
                            Yes, remove
                          </Button>
                          <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(null)}>
                            Keep it
                          </Button>
                        </span>
                      ) : (
                        <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(item.key)}>
                          Remove <span className="sr-only">photo {index + 1}</span>
                        </Button>
                      )}
                    </div>
                  </div>
                </>
              ) : (
                <div className="flex flex-1 flex-col gap-1 text-sm">
                  <span>{item.file.name}</span>
                  {item.error ? (
                    <span role="alert" className="text-red-700 dark:text-red-300">
                      {item.error}{' '}
                      <button type="button" className="underline" onClick={() => setItems((now) => now.filter((other) => other.key !== item.key))}>
                        Dismiss
                      </button>
                    </span>
                  ) : (
                    <progress max={100} value={Math.round(item.progress * 100)} aria-label={`Uploading ${item.file.name}`} className="w-full" />
                  )}
                </div>
              )}
            </li>
          ))}
        </ol>
      ) : null}
      {problem ? (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      ) : null}
      {save.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          {serverMessage(save.error) ?? 'The photos could not be saved. Please try again.'}
        </p>
      ) : null}
      {save.isSuccess ? (
        <p role="status" className="mt-3 text-sm text-emerald-800 dark:text-emerald-300">
          {PHOTOS_SAVED}
        </p>
      ) : null}
      <Button type="button" className="mt-4" disabled={uploading || save.isPending} onClick={submit}>
        {SAVE_PHOTOS_TEXT}
      </Button>
      {removed.length ? (
        <div className="mt-6">
          <h3 className="text-base font-semibold">{REMOVED_PHOTOS_HEADING}</h3>
          <ul className="mt-2 flex flex-wrap gap-3">
            {removed.map((photo) => (
              <li key={photo.id} className="flex flex-col items-start gap-1">
                <img src={thumbnail(photo)} alt={photo.alt} width={96} height={Math.round((96 * photo.height) / photo.width)} className="h-auto w-24 rounded object-cover" />
                <Button type="button" variant="outline" size="sm" disabled={items.length >= MAX_LISTING_PHOTOS} onClick={() => setItems((now) => [...now, { key: photo.id, photo }])}>
                  {PUT_BACK_TEXT}
                  <span className="sr-only">: {photo.alt}</span>
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
