import { apiClient, errorFromBody, ApiError, MY_SERVICES_QUERY_KEY, queryKeys } from '@mealprep/api-client';
import type { EditableService, ServiceInsertInput, ServiceStatus, ServiceUpdate } from '@mealprep/contracts';
import { queryOptions } from '@mealprep/query';

/** Under the 'services' live topic: a change made elsewhere (an admin publishing) refreshes it. */
export const editServiceQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.services.edit(id),
    queryFn: ({ signal }) => apiClient.get<EditableService>(`/catalog/services/${encodeURIComponent(id)}/edit`, { signal }),
  });

export { MY_SERVICES_QUERY_KEY };

export function createService(listing: ServiceInsertInput) {
  return apiClient.post<{ id: string; slug: string; status: ServiceStatus }>('/catalog/services', listing);
}

export function submitForApproval(id: string) {
  return apiClient.post<EditableService>(`/catalog/services/${encodeURIComponent(id)}/submit`);
}

export function updateService(id: string, changes: ServiceUpdate) {
  return apiClient.request<EditableService>(`/catalog/services/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes });
}

export function setServiceStatus(id: string, status: ServiceStatus) {
  return apiClient.request<EditableService>(`/catalog/admin/services/${encodeURIComponent(id)}/status`, { method: 'PATCH', body: { status } });
}

/** media.uploadImageKit: sends the file's bytes; answers the new media id. */
export async function uploadLogo(file: File): Promise<{ mediaId: string; url: string }> {
  let response: Response;
  try {
    response = await fetch(`/api/media/uploads?${new URLSearchParams({ fileName: file.name, folder: 'services' }).toString()}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/octet-stream', accept: 'application/json' },
      body: file,
    });
  } catch (cause) {
    throw new ApiError({ status: 0, code: 'network_error', message: 'The server could not be reached.', cause });
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw errorFromBody(response.status, body);
  return body as { mediaId: string; url: string };
}
