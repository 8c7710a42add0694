import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorBody, type ErrorCode } from '../shared/app-error';

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
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.statusCode && error.statusCode < 500) {
    void reply.code(error.statusCode).send(errorBody('invalid_request', error.message));
    return;
  }
  void reply.code(500).send(errorBody('internal', 'Internal server error'));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return reply
        .code(error.status)
        .send(errorBody(error.code, error.message, error.details, error.issues));
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      return reply.code(status).send(errorBody(known.code, known.message));
    }
    if (error.validation) {
      return reply.code(400).send(errorBody('invalid_request', error.message));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(errorBody('invalid_request', error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody('internal', 'Internal server error'));
  });
}
