import { ApiError, errorFromBody } from './api-error';

/**
 * Sends a file's bytes as a request's body (svc-media reads what it is from the bytes) to an API
 * path (`/media/uploads?…`), signed in as the page is; answers the JSON answer or throws its error.
 */
export async function uploadFile<T>(path: string, file: Blob): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
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
  return body as T;
}
