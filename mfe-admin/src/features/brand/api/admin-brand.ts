import { apiClient, uploadFile } from '@mealprep/api-client';
import type { BrandAdminView, BrandImageAnswer, BrandImageUse, BrandSettings } from '@mealprep/contracts';
import { queryOptions } from '@mealprep/query';
import { useAdminMutation, type AdminCall } from '../../../lib/admin-actions';

/** The brand's draft, its published versions and its trail (staff only; never kept by a cache). */
export const BRAND_ADMIN_KEY = ['brand', 'admin'] as const;
export const adminBrandQuery = queryOptions({
  queryKey: BRAND_ADMIN_KEY,
  queryFn: ({ signal }) => apiClient.get<BrandAdminView>('/catalog/admin/brand', { signal }),
});

/** Keeps the draft (visitors see nothing of it). */
export const useSaveBrandDraft = () =>
  useAdminMutation(BRAND_ADMIN_KEY, ({ settings }: AdminCall & { settings: BrandSettings }) => apiClient.request('/catalog/admin/brand/draft', { method: 'PUT', body: settings }));

/** Publishes the draft, or an earlier version again. */
export const usePublishBrand = () =>
  useAdminMutation(BRAND_ADMIN_KEY, ({ from }: AdminCall & { from: 'draft' | number }) =>
    apiClient.request<{ version: number; published: boolean }>('/catalog/admin/brand/publish', { method: 'POST', body: { from } }),
  );

/** Uploads a brand picture for its use (staff only); answers its id for the draft. Nothing is stored for a picture refused. */
export const uploadBrandImage = (use: BrandImageUse, file: Blob) => uploadFile<BrandImageAnswer>(`/media/admin/brand-images?use=${use}`, file);
