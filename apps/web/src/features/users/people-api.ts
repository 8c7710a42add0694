import type { DomainMessage, Person, RoleId } from '@qa/domain';

/**
 * The people administration's REST calls (issue 15, `/api/v1/people`): creating, updating,
 * deactivating, deleting and importing people needs the server (logins, mails, sessions), so
 * these are plain requests, refused offline by the UI. Reading stays with the replicated
 * `people` collection.
 */

/** The server said no: `code` (snake_case) and, for a rejected request, the issues per field. */
export class PeopleApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly serverMessage: string,
    readonly issues: readonly DomainMessage[],
  ) {
    super(`${status} ${code}: ${serverMessage}`);
    this.name = 'PeopleApiError';
  }
}

/** No answer at all (offline, server down). */
export class PeopleNetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'PeopleNetworkError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestBody {
  /** JSON to send, or raw bytes with their content type (the import's file). */
  json?: unknown;
  raw?: { bytes: BodyInit; contentType: string };
}

async function request<T>(method: Method, path: string, body: RequestBody = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body.raw) {
    headers['content-type'] = body.raw.contentType;
    payload = body.raw.bytes;
  } else if (body.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  }
  let response: Response;
  try {
    response = await fetch(path, { method, credentials: 'same-origin', headers, body: payload });
  } catch (error) {
    throw new PeopleNetworkError(error);
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) throw errorOf(response.status, response.statusText, parsed);
  return parsed as T;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isDomainMessage(value: unknown): value is DomainMessage {
  return (
    isRecord(value) &&
    typeof value.key === 'string' &&
    (value.params === undefined || isRecord(value.params))
  );
}

/** `{error: {code, message, issues?}}` (or better-auth's `{code, message}`). */
export function errorOf(status: number, statusText: string, body: unknown): PeopleApiError {
  const record = isRecord(body) ? body : {};
  const nested = isRecord(record.error) ? record.error : record;
  const code = typeof nested.code === 'string' && nested.code ? nested.code : `http_${status}`;
  const message = typeof nested.message === 'string' ? nested.message : statusText;
  const issues = Array.isArray(nested.issues) ? nested.issues.filter(isDomainMessage) : [];
  return new PeopleApiError(status, code, message, issues);
}

const base = '/api/v1/people';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

export interface NewPersonRequest {
  displayName: string;
  email: string;
  roles: RoleId[];
  login: boolean;
  language?: 'de' | 'en';
}

export interface ImportReport {
  imported: Person[];
  rejected: { row: number; issues: DomainMessage[] }[];
}

export const peopleApi = {
  create: (body: NewPersonRequest) => request<{ person: Person }>('POST', base, { json: body }),
  enableLogin: (id: string) =>
    request<{ person: Person }>('POST', `${one(id)}/login`, { json: {} }),
  update: (id: string, body: { displayName?: string; avatar?: string | null }) =>
    request<{ person: Person }>('PATCH', one(id), { json: body }),
  setRoles: (id: string, roles: RoleId[]) =>
    request<{ person: Person }>('PUT', `${one(id)}/roles`, { json: { roles } }),
  deactivate: (id: string) =>
    request<{ person: Person }>('POST', `${one(id)}/deactivate`, { json: {} }),
  remove: (id: string) => request<{ result: 'deleted' | 'deactivated' }>('DELETE', one(id)),
  signOutEverywhere: (id: string) =>
    request<{ revoked: number }>('POST', `${one(id)}/sign-out`, { json: {} }),
  /** The file's bytes as they are: CSV (the server reads it as ISO-8859-1) or JSON. */
  importFile: (bytes: ArrayBuffer, kind: 'csv' | 'json') =>
    request<ImportReport>('POST', `${base}/import`, {
      raw: {
        bytes,
        contentType: kind === 'csv' ? 'text/csv' : 'application/json',
      },
    }),
  /** One's own profile (every signed-in person). */
  updateMe: (body: { displayName?: string; avatar?: string | null }) =>
    request<{ person: Person }>('PATCH', '/api/v1/me', { json: body }),
};

/**
 * The translation key of a refusal's code (locales `users.errors.*`); an unknown code falls back
 * to the generic text with the code (SPEC section 8: the provider's message plus its code).
 */
export function errorKey(error: unknown): { key: string; code?: string } {
  if (error instanceof PeopleNetworkError) return { key: 'users.errors.network' };
  if (!(error instanceof PeopleApiError)) return { key: 'users.errors.unknown' };
  switch (error.code) {
    case 'email_taken':
      return { key: 'users.errors.emailTaken' };
    case 'email_immutable':
      return { key: 'users.errors.emailImmutable' };
    case 'last_admin':
      return { key: 'users.errors.lastAdmin' };
    case 'roles_need_login':
      return { key: 'users.errors.rolesNeedLogin' };
    case 'has_login':
      return { key: 'users.errors.hasLogin' };
    case 'self':
      return { key: 'users.errors.self' };
    case 'forbidden':
      return { key: 'users.errors.forbidden' };
    case 'not_found':
      return { key: 'users.errors.notFound' };
    case 'invalid_request':
      return { key: 'users.errors.invalid' };
    default:
      return { key: 'users.errors.unknown', code: error.code };
  }
}

/** A refusal as one translated line (unknown codes: the generic text naming the code). */
export function errorText(
  t: (key: string, options?: Record<string, unknown>) => string,
  error: unknown,
): string {
  const { key, code } = errorKey(error);
  return code ? t(key, { code }) : t(key);
}

/** The file's bytes as they are (no text decoding: the server reads CSV as ISO-8859-1). */
export function readBytes(file: Blob): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('file not readable'));
    reader.readAsArrayBuffer(file);
  });
}
