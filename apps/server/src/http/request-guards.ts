import { can, type PermissionAction, type Person } from '@qa/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenCaller } from '../modules/api/api-tokens.service';
import type { SessionService } from '../modules/auth/session.service';
import { AppError } from '../shared/app-error';
import { webHeaders } from './web-request';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The token of an `Authorization: Bearer <token>` header, or null without one. */
export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : '';
}

/**
 * The signed-in person of a request, checked in `onRequest` (before the body is parsed, so a
 * stranger learns nothing about what the route would accept) and read by the handler. A personal
 * API token (`Authorization: Bearer`, issue 16) signs in as its person; a read-only token only
 * reads (403 `token_read_only` for any other method).
 */
export function signedInGuard(sessions: SessionService) {
  const people = new WeakMap<FastifyRequest, Person>();
  const tokens = new WeakMap<FastifyRequest, TokenCaller['token']>();
  const personOf = (req: FastifyRequest): Person => {
    const person = people.get(req);
    if (!person) throw new AppError('unauthenticated', 'Not signed in');
    return person;
  };
  return {
    requirePerson: async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const bearer = bearerToken(req);
      if (bearer !== null) {
        const caller = await sessions.tokenCaller(bearer);
        if (caller.token.readOnly && !SAFE_METHODS.has(req.method)) {
          throw new AppError('token_read_only', 'this API token may only read', undefined, [
            { key: 'apiToken.readOnly' },
          ]);
        }
        people.set(req, caller.person);
        tokens.set(req, caller.token);
        return;
      }
      const { person, setCookies } = await sessions.current(webHeaders(req));
      if (setCookies.length > 0) reply.header('set-cookie', setCookies);
      if (!person) throw new AppError('unauthenticated', 'Not signed in');
      people.set(req, person);
    },
    /** The API token the request signed in with; null for the session cookie. */
    tokenOf: (req: FastifyRequest): TokenCaller['token'] | null => tokens.get(req) ?? null,
    personOf,
    /**
     * An onRequest hook after requirePerson: 403 with `message` and the translatable `key`
     * unless the person's roles grant `action` (the permission matrix).
     */
    requirePermission:
      (action: PermissionAction, message: string, key: string) =>
      async (req: FastifyRequest): Promise<void> => {
        if (!can(personOf(req).roles, action)) {
          throw new AppError('forbidden', message, undefined, undefined, { key });
        }
      },
  };
}

/**
 * As the sync socket: the session cookie goes along whatever page sends the request, so a write
 * from a page of a foreign origin is refused (a request without Origin is no browser's).
 */
export function trustedOriginGuard(trustedOrigins: readonly string[]) {
  return async (req: FastifyRequest): Promise<void> => {
    const origin = req.headers.origin;
    if (origin !== undefined && !trustedOrigins.includes(origin)) {
      throw new AppError('forbidden', 'origin not allowed');
    }
  };
}
