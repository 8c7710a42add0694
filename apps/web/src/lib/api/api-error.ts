/**
 * The server answered with an error. `code` comes from our own routes (`{error:{code}}`) or from
 * better-auth (`{code}`); the UI translates by code, never by `serverMessage` (docs/api.md).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly serverMessage: string,
  ) {
    super(`${status} ${code}: ${serverMessage}`);
    this.name = 'ApiError';
  }
}

/** The request never got an answer: offline, server down, connection reset. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'NetworkError';
  }
}

/** Reads the code and message from either error body shape. */
export function errorFromBody(status: number, statusText: string, body: unknown): ApiError {
  const record = isRecord(body) ? body : {};
  const nested = isRecord(record.error) ? record.error : record;
  const code = typeof nested.code === 'string' && nested.code ? nested.code : `http_${status}`;
  const message = typeof nested.message === 'string' ? nested.message : statusText;
  return new ApiError(status, code, message);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
