import type { PhotoFacts } from '@mealprep/contracts';
import { photoFileUrl } from '@mealprep/contracts/browser';
import { useQuery } from '@mealprep/query';
import { Button, ErrorState, Loading } from '@mealprep/ui';
import { useState, type ReactNode } from 'react';
import { listingPhotosQuery, reportedPhotosQuery, useDismissPhotoReports, useRemovePhoto, useRestorePhoto } from '../api/admin-media';

export const LISTING_PHOTOS_HEADING = 'Listing photos';
export const REMOVE_PHOTO_TEXT = 'Remove photo';
export const REPORTED_PHOTOS_HEADING = 'Reported photos';
const controlClass = 'rounded-md border border-gray-300 px-3 py-2 text-sm dark:border-gray-600 dark:bg-gray-900';

function PhotoCard({ photo, index, children }: { photo: PhotoFacts; index: number; children?: ReactNode }) {
  const [reason, setReason] = useState('');
  const remove = useRemovePhoto();
  const restore = useRestorePhoto();
  const smallest = photo.sources[0];
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-gray-200 p-3 dark:border-gray-700">
      {smallest ? (
        <img src={photoFileUrl(photo.id, smallest, 'jpeg')} alt={`Photo ${index + 1} of the listing`} width={smallest.width} height={smallest.height} className="h-auto w-full rounded object-cover" />
      ) : null}
      <p className="text-xs text-gray-600 dark:text-gray-300">
        {photo.width} × {photo.height} · uploaded by {photo.uploadedBy}
      </p>
      {children}
      {photo.removedAt ? (
        <>
          <p className="text-sm font-medium text-red-800 dark:text-red-300">Removed</p>
          <Button type="button" size="sm" variant="outline" onClick={() => restore.mutate({ photoId: photo.id, failure: 'Failed to put the photo back' })}>
            Put back
          </Button>
        </>
      ) : (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            remove.mutate({ photoId: photo.id, reason: reason.trim(), failure: 'Failed to remove the photo' });
          }}
        >
          <label className="text-sm font-medium">
            Reason for removing photo {index + 1} (the owner is mailed it)
            <input className={`${controlClass} mt-1 w-full`} value={reason} minLength={5} maxLength={500} required onChange={(event) => setReason(event.target.value)} />
          </label>
          <Button type="submit" size="sm" variant="outline" disabled={remove.isPending}>
            {REMOVE_PHOTO_TEXT}
          </Button>
        </form>
      )}
    </li>
  );
}

/** The photos of one listing (by its id): staff remove one with a reason, or put a removed one back. */
export function ListingPhotosPanel({ listingId, onListing }: { listingId: string | null; onListing: (id: string | null) => void }) {
  const [typed, setTyped] = useState(listingId ?? '');
  const photos = useQuery({ ...listingPhotosQuery(listingId ?? ''), enabled: Boolean(listingId) });
  return (
    <section aria-labelledby="listing-photos-heading" className="space-y-3 rounded-xl border border-gray-200 p-4 dark:border-gray-700">
      <h2 id="listing-photos-heading" className="text-xl font-semibold">
        {LISTING_PHOTOS_HEADING}
      </h2>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          onListing(/^[0-9a-f]{24}$/.test(typed.trim()) ? typed.trim() : null);
        }}
      >
        <label className="text-sm font-medium">
          Listing id
          <input className={`${controlClass} mt-1 block w-72`} value={typed} pattern="[0-9a-f]{24}" onChange={(event) => setTyped(event.target.value)} />
        </label>
        <Button type="submit" size="sm" variant="secondary">
          Show photos
        </Button>
      </form>
      {!listingId ? null : photos.isPending ? (
        <Loading />
      ) : photos.isError ? (
        <ErrorState onRetry={() => void photos.refetch()} />
      ) : photos.data.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-300">This listing has no photos.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {photos.data.map((photo, index) => (
            <PhotoCard key={photo.id} photo={photo} index={index} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Photos people reported, with how many did and the latest reason: staff remove one or dismiss its reports. */
export function ReportedPhotosPanel() {
  const reported = useQuery(reportedPhotosQuery());
  const dismiss = useDismissPhotoReports();
  return (
    <section aria-labelledby="reported-photos-heading" className="space-y-3 rounded-xl border border-gray-200 p-4 dark:border-gray-700">
      <h2 id="reported-photos-heading" className="text-xl font-semibold">
        {REPORTED_PHOTOS_HEADING}
      </h2>
      {reported.isPending ? (
        <Loading />
      ) : reported.isError ? (
        <ErrorState onRetry={() => void reported.refetch()} />
      ) : reported.data.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-300">No photo is reported.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {reported.data.map((entry, index) =>
            entry.photo ? (
              <PhotoCard key={entry.photoId} photo={entry.photo} index={index}>
                <p className="text-sm">
                  Reported {entry.count} time{entry.count === 1 ? '' : 's'}; latest: “{entry.lastReason}”
                </p>
                <Button type="button" size="sm" variant="ghost" onClick={() => dismiss.mutate({ photoId: entry.photoId, failure: 'Failed to dismiss the reports' })}>
                  Dismiss reports
                </Button>
              </PhotoCard>
            ) : null,
          )}
        </ul>
      )}
    </section>
  );
}
