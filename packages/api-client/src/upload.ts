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

/**
 * As uploadFile, telling how much of the file has been sent (0 to 1) as it goes: fetch() cannot
 * report an upload's progress, XMLHttpRequest can. `signal` stops it.
 */
export function uploadFileWithProgress<T>(path: string, file: Blob, onProgress: (sent: number) => void, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api${path}`);
    request.withCredentials = true;
    request.setRequestHeader('content-type', 'application/octet-stream');
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    const unreachable = (cause: unknown) => reject(new ApiError({ status: 0, code: 'network_error', message: 'The server could not be reached.', cause }));
    request.onerror = unreachable;
    request.onabort = () => reject(new ApiError({ status: 0, code: 'aborted', message: 'The upload was stopped.' }));
    request.onload = () => {
      let body: unknown;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (request.status < 200 || request.status >= 300) return reject(errorFromBody(request.status, body));
      onProgress(1);
      resolve(body as T);
    };
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
