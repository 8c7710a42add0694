import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/errors';
import { AppError, errorBody, type ErrorCode } from '../shared/app-error';
import { isApiPath, sendProblem } from './problem';

/** When a client should try again after the database was unreachable. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Fastify's own errors for bad input, mapped so a client never gets a 5xx for them. */
const FASTIFY_CODES: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: 'The body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'invalid_json',
    message: 'The body is empty but declared as JSON',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'Unsupported content type',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'invalid_request',
    message: 'Content-Length does not match the body',
  },
};

/**
 * Fastify's `frameworkErrors`: errors found before routing (a request target its router cannot
 * decode, FST_ERR_BAD_URL) get our error shape too.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.statusCode && error.statusCode < 500) {
    void send(request, reply, error.statusCode, 'invalid_request', error.message);
    return;
  }
  void send(request, reply, 500, 'internal', 'Internal server error');
}

/**
 * One error answer: under /api/v1 an RFC 9457 problem (which keeps the `error` member), elsewhere
 * our `{error}` body.
 */
function send(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  more: Pick<AppError, 'details' | 'issues' | 'domainMessage' | 'extra'> = {},
) {
  if (isApiPath(request.url)) {
    return sendProblem(request, reply, {
      status,
      code,
      message,
      details: more.details,
      issues: more.issues,
      domainMessage: more.domainMessage,
      extra: more.extra,
    });
  }
  return reply.code(status).send(errorBody(code, message, more.details, more.issues));
}

/** zod's issues of a request part as the domain's validation messages (`params.field`). */
function validationIssues(error: FastifyError): { key: string; params: { field: string } }[] {
  return (error.validation ?? []).map((issue) => ({
    key: 'validation.invalid',
    params: {
      field:
        String(issue.instancePath ?? '')
          .split('/')
          .filter(Boolean)
          .join('.') || String(error.validationContext ?? 'body'),
    },
  }));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return send(request, reply, error.status, error.code, error.message, error);
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      return send(request, reply, status, known.code, known.message);
    }
    if (error.validation) {
      return send(request, reply, 400, 'invalid_request', error.message, {
        issues: validationIssues(error),
      });
    }
    if (error.statusCode === 429) {
      return send(request, reply, 429, 'rate_limited', error.message);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(request, reply, error.statusCode, 'invalid_request', error.message);
    }
    if (isDatabaseUnavailable(error)) {
      // Nothing was written: the client may send it again (a load balancer, or the client).
      request.log.warn({ err: error }, 'request failed: the database is unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return send(request, reply, 503, 'unavailable', 'The database is unavailable', {
        domainMessage: { key: 'server.databaseUnavailable' },
      });
    }
    request.log.error({ err: error }, 'request failed');
    return send(request, reply, 500, 'internal', 'Internal server error');
  });
}
