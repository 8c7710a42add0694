import { errorFromBody, NetworkError } from './api-error';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * JSON over fetch with the session cookie. Resolves with the parsed body; rejects with
 * ApiError (the server said no) or NetworkError (no answer), so callers can tell them apart.
 */
export async function apiRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  const payload = await readJson(response);
  if (!response.ok) throw errorFromBody(response.status, response.statusText, payload);
  return payload as T;
}

export function apiGet<T>(path: string): Promise<T> {
  return apiRequest<T>('GET', path);
}

export function apiPost<T>(path: string, body: unknown = {}): Promise<T> {
  return apiRequest<T>('POST', path, body);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy's HTML error page, for instance; the status still tells what happened.
    return undefined;
  }
}
