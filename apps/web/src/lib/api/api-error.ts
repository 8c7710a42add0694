/**
 * The server answered with an error. `code` comes from our own routes (`{error:{code}}`) or from
 * better-auth (`{code}`); the UI translates by code, never by `serverMessage` (docs/api.md).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly serverMessage: string,
    /**
     * The domain's message of an `application/problem+json` answer (`key`, `params`), which the UI
     * translates itself (issue 16); absent in other answers.
     */
    readonly domainMessage?: { key: string; params?: Record<string, string | number> },
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
  const key = typeof record.key === 'string' && record.key ? record.key : undefined;
  const params = isRecord(record.params) ? paramsOf(record.params) : undefined;
  return new ApiError(
    status,
    code,
    message,
    key ? { key, ...(params ? { params } : {}) } : undefined,
  );
}

/** A problem's `params`: only the string and number values a message can hold. */
function paramsOf(params: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' || typeof value === 'number') out[name] = value;
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
