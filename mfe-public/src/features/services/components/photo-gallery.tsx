import type { ListingPhoto } from '@mealprep/contracts';
import { galleryOrder, photoFileUrl, photoSourceFor } from '@mealprep/contracts/browser';
import { serverMessage, sessionQuery } from '@mealprep/api-client';
import { useQuery } from '@mealprep/query';
import { useEarlyClick } from '@mealprep/ui';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useReportPhoto } from '../api/photo-reports';
import { PhotoPicture } from './photo-picture';

export const GALLERY_HEADING = 'Photos';
export const VIEWER_CLOSE_TEXT = 'Close';
export const VIEWER_PREVIOUS_TEXT = 'Previous photo';
export const VIEWER_NEXT_TEXT = 'Next photo';
export const REPORT_PHOTO_TEXT = 'Report this photo';
export const PHOTO_REPORTED_TEXT = 'Thank you: our team will look at this photo.';

/** The largest file of a photo: where its link leads without JavaScript. */
const largest = (photo: ListingPhoto) => {
  const source = photoSourceFor(photo, Number.MAX_SAFE_INTEGER);
  return source ? photoFileUrl(photo.id, source, 'jpeg') : '#';
};

/**
 * A listing's photos: its cover first and large (the page's largest paint: fetched first), the
 * rest below it, lazily. Each is a link to its largest size, so the gallery works without
 * JavaScript; with it, a click opens the full-screen viewer.
 */
export function PhotoGallery({ media, name }: { media: { photos?: ListingPhoto[]; coverPhotoId?: string | null }; name: string }) {
  const photos = galleryOrder(media);
  const [open, setOpen] = useState<number | null>(null);
  const openers = useRef<Array<HTMLAnchorElement | null>>([]);
  const openedFrom = useRef(0);
  const close = () => {
    setOpen(null);
    // Focus goes back to the photo the viewer was opened from.
    requestAnimationFrame(() => openers.current[openedFrom.current]?.focus());
  };
  if (photos.length === 0) return null;
  const [cover, ...rest] = photos as [ListingPhoto, ...ListingPhoto[]];
  const openAt = (index: number) => {
    openedFrom.current = index;
    setOpen(index);
  };
  return (
    <section aria-label={`${GALLERY_HEADING} of ${name}`} className="flex flex-col gap-3">
      <h2 className="sr-only">{GALLERY_HEADING}</h2>
      <figure>
        <PhotoLink photo={cover} index={0} onOpen={openAt} linkRef={(el) => void (openers.current[0] = el)} className="block overflow-hidden rounded-xl">
          <PhotoPicture photo={cover} sizes="(min-width: 1024px) 960px, 100vw" priority className="h-auto max-h-[28rem] w-full bg-gray-100 object-cover dark:bg-gray-800" />
        </PhotoLink>
        {cover.caption ? <figcaption className="mt-2 text-sm text-gray-600 dark:text-gray-300">{cover.caption}</figcaption> : null}
      </figure>
      {rest.length ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
          {rest.map((photo, i) => (
            <li key={photo.id}>
              <PhotoLink photo={photo} index={i + 1} onOpen={openAt} linkRef={(el) => void (openers.current[i + 1] = el)} className="block overflow-hidden rounded-lg">
                <PhotoPicture photo={photo} sizes="(min-width: 1024px) 160px, 33vw" maxWidth={640} className="aspect-square h-auto w-full bg-gray-100 object-cover dark:bg-gray-800" />
              </PhotoLink>
            </li>
          ))}
        </ul>
      ) : null}
      {open !== null ? <PhotoViewer photos={photos} index={open} onIndex={setOpen} onClose={close} name={name} /> : null}
    </section>
  );
}

/**
 * A photo's link to its largest file. Once the page runs, a click opens the viewer instead (a click
 * with a modifier still opens the file); a click made while the page still loads is kept and
 * answered once it runs (useEarlyClick), so it opens the viewer rather than leaving the page.
 */
function PhotoLink({
  photo,
  index,
  onOpen,
  linkRef,
  className,
  children,
}: {
  photo: ListingPhoto;
  index: number;
  onOpen: (index: number) => void;
  linkRef: (el: HTMLAnchorElement | null) => void;
  className: string;
  children: ReactNode;
}) {
  const early = useEarlyClick(`gallery-photo-${index}`, () => onOpen(index));
  return (
    <a
      href={largest(photo)}
      ref={linkRef}
      {...early}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onOpen(index);
      }}
      className={`${className} focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600`}
    >
      {children}
    </a>
  );
}

/** Swipes shorter than this (px) are taps. */
const SWIPE_PX = 40;

/**
 * The full-screen viewer: one photo at a time with its caption; arrow keys, swipes and the buttons
 * move between them, Escape or Close ends it. Focus stays inside while it is open.
 */
export function PhotoViewer({ photos, index, onIndex, onClose, name }: { photos: ListingPhoto[]; index: number; onIndex: (index: number) => void; onClose: () => void; name: string }) {
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const swipeStart = useRef<number | null>(null);
  const photo = photos[index]!;
  const go = useCallback((step: number) => onIndex((index + step + photos.length) % photos.length), [index, onIndex, photos.length]);
  useEffect(() => {
    closeButton.current?.focus();
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => void (document.body.style.overflow = previous);
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'Tab') {
      // Focus goes round the viewer's own buttons.
      const focusable = [...(dialog.current?.querySelectorAll<HTMLElement>('button, input, textarea') ?? [])];
      const at = focusable.indexOf(document.activeElement as HTMLElement);
      const next = (at + (event.shiftKey ? -1 : 1) + focusable.length) % focusable.length;
      event.preventDefault();
      focusable[next]?.focus();
    }
  };
  const button = 'rounded-md bg-white/90 px-3 py-2 text-sm font-semibold text-gray-900 hover:bg-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-white';
  return (
    <div
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-label={`${name}: photo ${index + 1} of ${photos.length}`}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => void (swipeStart.current = event.clientX)}
      onPointerUp={(event) => {
        const start = swipeStart.current;
        swipeStart.current = null;
        if (start !== null && Math.abs(event.clientX - start) > SWIPE_PX) go(event.clientX < start ? 1 : -1);
      }}
      className="fixed inset-0 z-50 flex touch-pan-y flex-col items-center justify-center gap-3 bg-black/95 p-4"
    >
      <div className="flex w-full max-w-5xl items-center justify-between gap-2 text-white">
        <p aria-live="polite" className="text-sm">
          {index + 1} / {photos.length}
        </p>
        <button ref={closeButton} type="button" className={button} onClick={onClose}>
          {VIEWER_CLOSE_TEXT}
        </button>
      </div>
      <figure className="flex min-h-0 flex-1 flex-col items-center justify-center">
        <PhotoPicture key={photo.id} photo={photo} sizes="100vw" priority className="max-h-[80vh] w-auto max-w-full object-contain" />
        {photo.caption ? <figcaption className="mt-2 text-center text-sm text-gray-100">{photo.caption}</figcaption> : null}
      </figure>
      <ReportPhoto key={photo.id} photoId={photo.id} />
      {photos.length > 1 ? (
        <div className="flex gap-3">
          <button type="button" className={button} onClick={() => go(-1)}>
            {VIEWER_PREVIOUS_TEXT}
          </button>
          <button type="button" className={button} onClick={() => go(1)}>
            {VIEWER_NEXT_TEXT}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** Signed in, a person may report the photo shown (what is wrong with it); staff find it in their queue. */
function ReportPhoto({ photoId }: { photoId: string }) {
  const signedIn = Boolean(useQuery(sessionQuery).data);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const report = useReportPhoto();
  if (!signedIn) return null;
  if (report.isSuccess)
    return (
      <p role="status" className="text-sm text-gray-100">
        {PHOTO_REPORTED_TEXT}
      </p>
    );
  if (!open)
    return (
      <button type="button" className="text-sm text-gray-100 underline underline-offset-2" onClick={() => setOpen(true)}>
        {REPORT_PHOTO_TEXT}
      </button>
    );
  return (
    <form
      aria-label={REPORT_PHOTO_TEXT}
      className="flex w-full max-w-md flex-col gap-2 text-sm text-gray-100"
      onSubmit={(event) => {
        event.preventDefault();
        report.mutate({ photoId, reason: reason.trim() });
      }}
    >
      <label className="flex flex-col gap-1 font-medium">
        What is wrong with this photo?
        <input className="rounded-md border border-gray-300 px-2 py-1 text-gray-900" value={reason} minLength={5} maxLength={500} required onChange={(event) => setReason(event.target.value)} />
      </label>
      {report.isError ? (
        <p role="alert" className="text-red-200">
          {serverMessage(report.error) ?? 'The report could not be sent. Please try again.'}
        </p>
      ) : null}
      <button type="submit" className="self-start rounded-md bg-white/90 px-3 py-1 font-semibold text-gray-900" disabled={report.isPending}>
        Send report
      </button>
    </form>
  );
}
