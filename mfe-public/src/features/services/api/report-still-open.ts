import { apiClient } from '@mealprep/api-client';
import { useMutation } from '@mealprep/query';

export async function reportStillOpen(serviceId: string): Promise<void> {
  await apiClient.post<{ received: true }>(`/catalog/services/${encodeURIComponent(serviceId)}/report-still-open`);
}

/** Spec §4: the visitor is thanked whatever the outcome, so a failure is only logged. */
export function useReportStillOpen() {
  return useMutation({
    mutationFn: reportStillOpen,
    onError: (error) => console.debug('Reporting the service as still open failed.', error),
  });
}
