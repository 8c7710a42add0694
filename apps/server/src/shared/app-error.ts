/**
 * Typed errors of our own routes. Services throw them; the one error handler turns the code
 * into the HTTP status and the `{ error: { code, message } }` body the web app translates.
 */
export const ERROR_STATUS = {
  invalid_request: 400,
  invalid_json: 400,
  invalid_role: 400,
  // People and account (issue 15).
  email_immutable: 400,
  roles_need_login: 400,
  invalid_password: 400,
  password_too_short: 400,
  password_too_long: 400,
  // REST API (issue 16): commands' rejections and tokens.
  invalid_args: 400,
  unknown_command: 400,
  unauthenticated: 401,
  token_invalid: 401,
  token_expired: 401,
  token_revoked: 401,
  forbidden: 403,
  token_read_only: 403,
  not_found: 404,
  request_timeout: 408,
  conflict: 409,
  email_taken: 409,
  has_login: 409,
  last_admin: 409,
  self: 409,
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rule: 422,
  invalid_result: 422,
  precondition_required: 428,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** DomainMessages `{key, params}` for the form (`params.field` names the input). */
    readonly issues?: readonly unknown[],
    /** The domain's message for the whole error (REST problems translate it into `detail`). */
    readonly domainMessage?: { key: string; params?: Record<string, string | number> },
    /** Extension members of the problem (e.g. `version` of a 412). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export interface ErrorBody {
  error: { code: string; message: string; details?: unknown; issues?: readonly unknown[] };
}

export function errorBody(
  code: string,
  message: string,
  details?: unknown,
  issues?: readonly unknown[],
): ErrorBody {
  return {
    error: {
      code,
      message,
      ...(details === undefined ? {} : { details }),
      ...(issues === undefined ? {} : { issues }),
    },
  };
}
