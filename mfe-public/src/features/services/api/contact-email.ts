import { apiClient } from '@mealprep/api-client';
import { useMutation } from '@mealprep/query';

/** A listing's e-mail address, when its owner shows it: asked for by the visitor's click, never part of the page. */
export function useRevealEmail(serviceId: string) {
  return useMutation({ mutationFn: () => apiClient.get<{ email: string }>(`/catalog/services/${encodeURIComponent(serviceId)}/contact-email`) });
}
