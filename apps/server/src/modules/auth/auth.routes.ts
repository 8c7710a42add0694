import { STATUS_CODES } from 'node:http';
import { SIGN_IN_ERROR_CODES } from '@qa/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { originFormTarget, webHeaders } from '../../http/web-request';
import { AppError } from '../../shared/app-error';
import type { Auth } from './auth';
import { CLIENT_IP_HEADER } from './auth-options';

/**
 * Request headers not passed on to better-auth: hop-by-hop ones, the length of a body we
 * re-serialise, and every client-controlled address header (see CLIENT_IP_HEADER).
 */
const DROPPED_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'expect',
  'upgrade',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  CLIENT_IP_HEADER,
]);

/** docs/api.md names the generic-OAuth start `sign-in/oauth2`; better-auth 1.7 merged it into `sign-in/social`. */
const OAUTH2_ALIAS = '/api/auth/sign-in/oauth2';
const SOCIAL_SIGN_IN = '/api/auth/sign-in/social';

/**
 * The URL better-auth sees: always PUBLIC_URL's origin and the request's path. Concatenated,
 * not resolved, so a request target like //other.host/... stays a path.
 */
function requestUrl(req: FastifyRequest, origin: string): URL {
  const target = originFormTarget(req.url);
  try {
    if (target === null) throw new TypeError('unreadable request target');
    return new URL(`${origin}${target}`);
  } catch {
    throw new AppError('invalid_request', 'The request target is not a valid URL');
  }
}

function toWebRequest(req: FastifyRequest, origin: string): Request {
  const url = requestUrl(req, origin);
  let body: unknown = req.body;
  if (url.pathname === OAUTH2_ALIAS && body && typeof body === 'object' && !Array.isArray(body)) {
    const { providerId, ...rest } = body as Record<string, unknown>;
    url.pathname = SOCIAL_SIGN_IN;
    body = { provider: providerId, ...rest };
  }

  const headers = webHeaders(req, DROPPED_HEADERS);
  headers.set(CLIENT_IP_HEADER, req.ip);

  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && body !== undefined;
  return new Request(url, {
    method: req.method,
    headers,
    // Fastify has parsed JSON already (and answered malformed JSON with 400); form bodies
    // arrive as the raw string.
    body: hasBody ? (typeof body === 'string' ? body : JSON.stringify(body)) : undefined,
  });
}

/** better-auth's style of code, for its errors that come without one. */
function codeForStatus(status: number): string {
  if (status === 429) return 'TOO_MANY_REQUESTS';
  return (STATUS_CODES[status] ?? 'ERROR').toUpperCase().replace(/[^A-Z0-9]+/g, '_');
}

/**
 * Gives every error answer of /api/auth the `{ code, message }` shape of docs/api.md: some
 * better-auth refusals (rate limit, some validations) carry only a message, and the web app
 * translates by code.
 */
function normaliseError(status: number, payload: Buffer, contentType: string | null): Buffer {
  if (status < 400) return payload;
  let body: unknown = null;
  if (contentType?.includes('json') && payload.length > 0) {
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      return payload;
    }
  } else if (payload.length > 0) {
    return payload;
  }
  const record = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
  if (typeof (record as { code?: unknown }).code === 'string') return payload;
  const message = (record as { message?: unknown }).message;
  return Buffer.from(
    JSON.stringify({
      ...record,
      code: codeForStatus(status),
      message: typeof message === 'string' ? message : (STATUS_CODES[status] ?? 'Error'),
    }),
  );
}

/**
 * better-auth's OAuth callback refusals that our sign-in page knows under another code. With
 * account linking on and local e-mails not required to be verified (auth-options.ts),
 * better-auth refuses to join an external login to an existing account with
 * `account_not_linked` only when the provider is not trusted and did not verify the e-mail.
 */
const REDIRECT_ERROR_CODES: Record<string, string> = {
  account_not_linked: SIGN_IN_ERROR_CODES.emailNotVerifiedRedirect,
};

/** The Location of a redirect, with an `error` parameter renamed per REDIRECT_ERROR_CODES. */
function normaliseRedirect(location: string, origin: string): string {
  let url: URL;
  try {
    url = new URL(location, origin);
  } catch {
    return location;
  }
  const replacement = REDIRECT_ERROR_CODES[url.searchParams.get('error') ?? ''];
  if (!replacement) return location;
  url.searchParams.set('error', replacement);
  url.searchParams.delete('error_description');
  return url.toString();
}

/**
 * Mounts better-auth under /api/auth. Fastify reads the body before any handler runs, so
 * better-auth gets a rebuilt Web Request, and its Response is copied back (with every
 * Set-Cookie header, which a plain header copy would merge into one).
 */
export async function registerAuthRoutes(
  app: FastifyInstance,
  { auth, publicUrl }: { auth: Auth; publicUrl: string },
): Promise<void> {
  const origin = new URL(publicUrl).origin;
  await app.register(async (scope) => {
    // OAuth form_post callbacks and plain HTML forms: better-auth parses them itself.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, body),
    );

    scope.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      handler: async (req, reply) => {
        const response = await auth.handler(toWebRequest(req, origin));
        reply.code(response.status);
        response.headers.forEach((value, name) => {
          if (name === 'set-cookie' || name === 'content-length') return;
          reply.header(name, name === 'location' ? normaliseRedirect(value, origin) : value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        const original = Buffer.from(await response.arrayBuffer());
        const payload = normaliseError(
          response.status,
          original,
          response.headers.get('content-type'),
        );
        if (payload !== original) reply.type('application/json; charset=utf-8');
        return reply.send(payload.length > 0 ? payload : undefined);
      },
    });
  });
}
