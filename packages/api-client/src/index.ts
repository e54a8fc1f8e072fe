export { ApiError, errorFromBody, isApiError, isNotFound, serverMessage, shouldRetry } from './api-error';
export { apiClient, configureApiClient, createApiClient, newIdempotencyKey, WRITE_RETRIES } from './client';
export type { ApiClient, ApiClientOptions, RequestOptions } from './client';
export { apiPathOf, isPublicQueryMeta, PUBLIC_QUERY, publicRead, readInlineRuntimeConfig, readRuntimeConfig, RUNTIME_CONFIG_QUERY_KEY, RUNTIME_CONFIG_URL, runtimeConfigQuery } from './runtime-config';
export type { ReadRuntimeConfigOptions } from './runtime-config';
export { LIVE_RECONNECT_POLICY, reconnectDelay, subscribeToLive } from './live';
export type { LiveEventSource, LiveEventSourceFactory, ReconnectPolicy, SubscribeToLiveOptions } from './live';
export {
  checkLoginLink,
  fetchIsAdmin,
  fetchMyServices,
  fetchSessionUser,
  isAdminQuery,
  IS_ADMIN_QUERY_KEY,
  loginWithCode,
  loginLinkQuery,
  loginWithLink,
  logout,
  myServicesQuery,
  MY_SERVICES_QUERY_KEY,
  requestLoginLink,
  sessionQuery,
  SESSION_QUERY_KEY,
} from './session';
export { liveTopicKey, queryKeys } from './query-keys';
export type { LiveQueryKey } from './query-keys';
export { getMealTypes, getRegions, mealTypesQuery, regionsQuery } from './reference-data';
export { uploadFile, uploadFileWithProgress } from './upload';
