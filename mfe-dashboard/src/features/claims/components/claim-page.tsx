import type { ApiError } from '@mealprep/api-client';
import type { Claim, ClaimCheck } from '@mealprep/contracts';
import { MAX_CLAIM_NOTE_LENGTH } from '@mealprep/contracts/browser';
import { Button, buttonClassName, Loading, usePageMeta } from '@mealprep/ui';
import { useQuery } from '@mealprep/query';
import { Link, useParams } from '@mealprep/router';
import { useState, type FormEvent } from 'react';
import { claimCheckQuery, useSubmitClaim } from '../api/claims';

const editPath = (serviceId: string) => `/dashboard/services/${serviceId}/edit`;
const noteClass =
  'mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm placeholder:text-gray-500 ' +
  'focus:border-emerald-600 focus:outline-2 focus:outline-emerald-600 dark:border-gray-600 dark:bg-gray-900 dark:text-white dark:placeholder:text-gray-400';

/** /dashboard/claim/{serviceId}: the signed-in person claims a listing (its page links here). */
export function ClaimPage() {
  const { serviceId = '' } = useParams();
  return <ClaimOf key={serviceId} serviceId={serviceId} />;
}

function ClaimOf({ serviceId }: { serviceId: string }) {
  usePageMeta({ title: 'Claim a Listing', noindex: true });
  const check = useQuery(claimCheckQuery(serviceId));
  const submit = useSubmitClaim(serviceId);
  if (check.isPending) return <Loading />;
  if (check.isError) {
    return (
      <section className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight">Claim a Listing</h1>
        <p role="alert" className="mt-4 text-gray-800 dark:text-gray-200">
          {(check.error as ApiError).message}
        </p>
      </section>
    );
  }
  const listing = check.data;
  const sent = submit.data ?? listing.waiting;
  return <section className="max-w-2xl">{sent ? <Outcome claim={sent} /> : listing.yours ? <AlreadyYours listing={listing} /> : <ClaimForm listing={listing} submit={submit} />}</section>;
}

function Outcome({ claim }: { claim: Claim }) {
  if (claim.status === 'granted' || claim.status === 'approved') {
    return (
      <>
        <h1 className="text-3xl font-bold tracking-tight">You now manage {claim.serviceName}</h1>
        <p role="status" className="mt-4 text-gray-700 dark:text-gray-300">
          {claim.reason ?? 'Your claim was approved.'} We've sent you an e-mail too.
        </p>
        <Link to={editPath(claim.serviceId)} className={buttonClassName({ className: 'mt-6' })}>
          Edit your listing
        </Link>
      </>
    );
  }
  if (claim.status === 'rejected') {
    return (
      <>
        <h1 className="text-3xl font-bold tracking-tight">Your claim of {claim.serviceName} was not approved</h1>
        {claim.reason ? <p className="mt-4 text-gray-700 dark:text-gray-300">Reason: {claim.reason}</p> : null}
      </>
    );
  }
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight">Your claim is waiting for review</h1>
      <p role="status" className="mt-4 text-gray-700 dark:text-gray-300">
        Our team will look at your claim of {claim.serviceName} and e-mail you when it is decided.
      </p>
      <Link to={`/service/${claim.serviceSlug}`} className="mt-6 inline-block text-emerald-700 underline dark:text-emerald-300">
        Back to the listing
      </Link>
    </>
  );
}

function AlreadyYours({ listing }: { listing: ClaimCheck }) {
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight">{listing.serviceName}</h1>
      <p className="mt-4 text-gray-700 dark:text-gray-300">You already own this listing.</p>
      <Link to={editPath(listing.serviceId)} className={buttonClassName({ className: 'mt-6' })}>
        Edit your listing
      </Link>
    </>
  );
}

function ClaimForm({ listing, submit }: { listing: ClaimCheck; submit: ReturnType<typeof useSubmitClaim> }) {
  const [note, setNote] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit.mutate(note.trim());
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <h1 className="text-3xl font-bold tracking-tight">Claim {listing.serviceName}</h1>
      <p className="mt-4 text-gray-700 dark:text-gray-300">{listing.why}</p>
      {listing.grantedAtOnce ? (
        <p className="mt-2 text-gray-700 dark:text-gray-300">Claim it now and you can edit it at once.</p>
      ) : (
        <div className="mt-6">
          <label htmlFor="claim-note" className="block text-sm font-medium">
            How are you connected to the business?
          </label>
          <textarea
            id="claim-note"
            required
            rows={5}
            maxLength={MAX_CLAIM_NOTE_LENGTH}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-describedby="claim-note-hint"
            className={noteClass}
          />
          <p id="claim-note-hint" className="mt-1 text-xs text-gray-600 dark:text-gray-300">
            For example your role, and how our team can check it (a phone number on the website, a document). Plain text, up to {MAX_CLAIM_NOTE_LENGTH} characters.
          </p>
        </div>
      )}
      {submit.isError ? (
        <p role="alert" className="mt-4 text-red-700 dark:text-red-300">
          {(submit.error as ApiError).message}
        </p>
      ) : null}
      <Button type="submit" className="mt-6" disabled={submit.isPending || (!listing.grantedAtOnce && note.trim() === '')}>
        {listing.grantedAtOnce ? 'Claim this listing' : listing.owned ? 'Send dispute for review' : 'Send claim for review'}
      </Button>
    </form>
  );
}
