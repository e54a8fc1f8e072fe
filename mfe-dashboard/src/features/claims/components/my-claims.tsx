import type { ClaimStatus } from '@mealprep/contracts';
import { useQuery } from '@mealprep/query';
import { Link } from '@mealprep/router';
import { myClaimsQuery } from '../api/claims';

const STATUS_TEXT: Record<ClaimStatus, string> = { waiting: 'Waiting for review', granted: 'Granted', approved: 'Approved', rejected: 'Not approved' };

/** The signed-in person's claims on /dashboard (nothing when they have made none). */
export function MyClaims() {
  const claims = useQuery(myClaimsQuery);
  const items = claims.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="my-claims" className="mt-8">
      <h2 id="my-claims" className="text-xl font-semibold">
        Your claims
      </h2>
      <ul className="mt-3 divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-700 dark:border-gray-700">
        {items.map((claim) => (
          <li key={claim.id} className="flex flex-wrap items-baseline justify-between gap-2 p-3">
            <Link to={`/service/${claim.serviceSlug}`} className="font-medium text-emerald-700 underline dark:text-emerald-300">
              {claim.serviceName}
            </Link>
            <span className="text-sm text-gray-700 dark:text-gray-300">
              {STATUS_TEXT[claim.status]}
              {claim.status === 'rejected' && claim.reason ? `: ${claim.reason}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
