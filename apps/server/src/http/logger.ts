import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../config/env';

/** Reset tokens travel in URLs; they must not end up in log files. */
export function maskTokens(url: string): string {
  return url
    .replace(/(\/reset-password\/)[^/?#]+/g, '$1[redacted]')
    .replace(/([?&](?:token|code|state)=)[^&#]*/g, '$1[redacted]');
}

/** Structured JSON logs (pino) without secrets: cookies, authorization, passwords. */
export function loggerOptions(level: LogLevel): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        'password',
        'newPassword',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
        '*.*.password',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: maskTokens(request.url),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
    },
  };
}
