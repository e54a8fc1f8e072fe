import { isAdminQuery } from '@mealprep/api-client';
import { EDIT_NOT_FOUND_MESSAGE } from '@mealprep/contracts/browser';
import { Loading, usePageMeta } from '@mealprep/ui';
import { useQuery } from '@mealprep/query';
import { useParams } from '@mealprep/router';
import type { ReactNode } from 'react';
import { editServiceQuery } from '../api/owner-services';
import { ListingPhotos } from './listing-photos';
import { ServiceEditForm } from './service-edit-form';

/** /dashboard/services/{serviceId}/edit: the owner's (or an admin's) editor of one listing, then `insights` of it. */
export function EditServicePage({ insights }: { insights?: (serviceId: string) => ReactNode }) {
  const { serviceId = '' } = useParams();
  // A fresh editor per listing: nothing typed for one is carried to another.
  return <ServiceEditor key={serviceId} serviceId={serviceId} insights={insights} />;
}

function ServiceEditor({ serviceId, insights }: { serviceId: string; insights?: (serviceId: string) => ReactNode }) {
  usePageMeta({ title: 'Edit Service', noindex: true });
  const query = useQuery({ ...editServiceQuery(serviceId), retry: false });
  const admin = useQuery(isAdminQuery);
  if (query.isPending || admin.isPending) return <Loading />;
  if (query.isError) {
    return (
      <p role="alert" className="text-gray-800 dark:text-gray-200">
        {EDIT_NOT_FOUND_MESSAGE}
      </p>
    );
  }
  return (
    <>
      <ServiceEditForm service={query.data} isAdmin={admin.data === true} />
      <ListingPhotos key={query.data.id} service={query.data} />
      {insights?.(serviceId)}
    </>
  );
}
