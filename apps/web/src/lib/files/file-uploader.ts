import {
  FILE_OWNER_FIELDS,
  FILE_OWNER_MISSING_MESSAGE,
  type DomainMessage,
  type FileOwner,
} from '@qa/domain';
import {
  pruneKeptFiles,
  readFileBlob,
  serverFileUrl,
  type OfflineFile,
  type OfflineFilesDatabase,
  type StoredUploadError,
} from './offline-files';
import { uploadProgress, type UploadProgress, type UploadProgressStore } from './upload-progress';

/**
 * 4xx answers that say "not now" rather than "never": signed out (the file goes up after the
 * next sign-in), timeout, rate limit. Every other 4xx refuses the file for good.
 */
const RETRYABLE_CLIENT_STATUSES = new Set([401, 408, 429]);

/**
 * A 404 naming an audit the server does not know yet: an audit created offline whose command
 * was pushed just before this upload and is not applied yet. Tried again; a deleted audit
 * answers 'file.auditDeleted' and is final.
 */
const AUDIT_NOT_THERE_YET = 'file.auditNotFound';

/**
 * The upload's URL: the file id in the path, its owner in the query (docs/api.md "Files"), and
 * the SHA-256 computed at capture, which the server checks against the bytes it receives.
 */
export function fileUploadUrl(fileId: string, owner: FileOwner, sha256?: string): string {
  const query = new URLSearchParams();
  for (const field of FILE_OWNER_FIELDS) {
    const value = owner[field];
    if (value !== null) query.set(field, value);
  }
  if (sha256) query.set('sha256', sha256);
  return `${serverFileUrl(fileId)}?${query.toString()}`;
}

/**
 * An upload failed. `retryable`: no answer, a server error, or a temporary refusal; the sync
 * client keeps the command and tries again later. Otherwise the file is refused for good (bad
 * type, too large, conflicting content, no right to edit its audit, the audit deleted, or kept
 * before files had owners) and it is not sent again; `detail` is the domain's message for it.
 */
export class FileUploadError extends Error {
  readonly fileId: string;
  /** HTTP status; 0 when no answer came. */
  readonly status: number;
  readonly code: string;
  readonly detail: DomainMessage | null;
  readonly retryable: boolean;

  constructor(fileId: string, error: StoredUploadError, retryable: boolean, cause?: unknown) {
    super(`Upload of ${fileId} failed: ${error.status} ${error.code}: ${error.message}`, {
      cause,
    });
    this.name = 'FileUploadError';
    this.fileId = fileId;
    this.status = error.status;
    this.code = error.code;
    this.detail = error.detail;
    this.retryable = retryable;
  }
}

/**
 * Sends one upload and answers the server's response; `onProgress` hears the bytes sent so far.
 * A failure to get any answer rejects.
 */
export type SendUpload = (
  url: string,
  init: {
    method: 'PUT';
    body: FormData;
    credentials: 'same-origin';
    headers: Record<string, string>;
  },
  onProgress: (progress: UploadProgress) => void,
) => Promise<Response>;

/** Statuses a Response may not have a body with. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * The browser's transport: XMLHttpRequest, because fetch tells nothing of an upload's progress
 * (a 2 MB photo on one bar of signal takes a while, and the auditor should see it move). Same
 * origin, so the session cookie goes with it as with fetch.
 */
export const xhrSend: SendUpload = (url, init, onProgress) =>
  new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () =>
      resolve(
        new Response(NULL_BODY_STATUSES.has(xhr.status) ? null : xhr.responseText, {
          status: xhr.status,
          statusText: xhr.statusText,
        }),
      );
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.ontimeout = () => reject(new TypeError('Network request timed out'));
    xhr.onabort = () => reject(new TypeError('Network request aborted'));
    xhr.send(init.body);
  });

export interface FileUploaderOptions {
  /** How to send (tests pass a fake); XMLHttpRequest by default. */
  send?: SendUpload;
  /** Where to report each upload's progress; this tab's store by default. */
  progress?: UploadProgressStore;
}

/** Sends the files that are not on the server yet; resolves when all of them are. */
export type UploadFiles = (fileIds: readonly string[]) => Promise<void>;

/**
 * The `uploadFiles` the sync client calls before it pushes a command that references files.
 * Files are sent one after another; the first failure is thrown (FileUploadError) and the rest
 * wait for the next call. A file marked uploaded is never sent again, and calls that overlap
 * share one request per file. An id this browser does not keep is taken as uploaded elsewhere.
 */
export function createFileUploader(
  db: OfflineFilesDatabase,
  { send = xhrSend, progress = uploadProgress }: FileUploaderOptions = {},
): UploadFiles {
  const running = new Map<string, Promise<void>>();

  const uploadOnce = (fileId: string): Promise<void> => {
    let upload = running.get(fileId);
    if (!upload) {
      upload = uploadFile(db, send, progress, fileId).finally(() => {
        running.delete(fileId);
        progress.report(fileId, null);
      });
      running.set(fileId, upload);
    }
    return upload;
  };

  return async (fileIds) => {
    for (const fileId of new Set(fileIds)) await uploadOnce(fileId);
  };
}

async function uploadFile(
  db: OfflineFilesDatabase,
  send: SendUpload,
  progress: UploadProgressStore,
  fileId: string,
): Promise<void> {
  const file = await db.files.get(fileId);
  const blob = file && file.uploaded === 0 ? await readFileBlob(db, fileId) : null;
  if (!file || !blob) return;
  if (file.failed === 1 && file.lastError) {
    throw new FileUploadError(fileId, file.lastError, false);
  }
  if (!file.owner) {
    // Kept before files had owners: the server would refuse it on every attempt.
    const error: StoredUploadError = {
      status: 0,
      code: 'owner_missing',
      message: 'The file was kept without the audit it belongs to',
      detail: FILE_OWNER_MISSING_MESSAGE,
    };
    await recordFailure(db, file, error, true);
    throw new FileUploadError(fileId, error, false);
  }

  const body = new FormData();
  body.append('file', blob, file.name);
  let response: Response;
  try {
    progress.report(fileId, { loaded: 0, total: file.size });
    response = await send(
      fileUploadUrl(fileId, file.owner, file.sha256),
      { method: 'PUT', body, credentials: 'same-origin', headers: { accept: 'application/json' } },
      (sent) => progress.report(fileId, sent),
    );
  } catch (cause) {
    const error: StoredUploadError = {
      status: 0,
      code: 'network',
      message: cause instanceof Error ? cause.message : String(cause),
      detail: null,
    };
    await recordFailure(db, file, error, false);
    throw new FileUploadError(fileId, error, true, cause);
  }

  if (response.ok) {
    await response.body?.cancel().catch(() => undefined);
    // The copy stays on this device for a while, so the auditor still sees the photo in a hall
    // without signal after it went up.
    await db.files.update(fileId, {
      uploaded: 1,
      uploadedAt: new Date().toISOString(),
      attempts: file.attempts + 1,
      lastError: null,
    });
    // What is kept grows with each upload: keep it within its time and size budget.
    await pruneKeptFiles(db).catch((error: unknown) => console.warn('pruning kept files', error));
    return;
  }
  const error = errorOf(response.status, response.statusText, await readJson(response));
  const permanent =
    response.status >= 400 &&
    response.status < 500 &&
    !RETRYABLE_CLIENT_STATUSES.has(response.status) &&
    !(response.status === 404 && error.detail?.key === AUDIT_NOT_THERE_YET);
  await recordFailure(db, file, error, permanent);
  throw new FileUploadError(fileId, error, !permanent);
}

async function recordFailure(
  db: OfflineFilesDatabase,
  file: OfflineFile,
  error: StoredUploadError,
  permanent: boolean,
): Promise<void> {
  await db.files.update(file.fileId, {
    attempts: file.attempts + 1,
    lastError: error,
    failed: permanent ? 1 : 0,
  });
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text()) as unknown;
  } catch {
    // A proxy's HTML error page, for instance; the status still tells what happened.
    return undefined;
  }
}

/** Our error shape `{error:{code, message, details}}`; details is a domain message for files. */
function errorOf(status: number, statusText: string, body: unknown): StoredUploadError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  return {
    status,
    code: typeof error.code === 'string' && error.code ? error.code : `http_${status}`,
    message: typeof error.message === 'string' ? error.message : statusText,
    detail: isDomainMessage(error.details) ? error.details : null,
  };
}

function isDomainMessage(value: unknown): value is DomainMessage {
  return (
    isRecord(value) &&
    typeof value.key === 'string' &&
    (value.params === undefined || isRecord(value.params))
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
