import type { Person } from '@qa/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionService } from '../modules/auth/session.service';
import { AppError } from '../shared/app-error';
import { webHeaders } from './web-request';

/**
 * The signed-in person of a request, checked in `onRequest` (before the body is parsed, so a
 * stranger learns nothing about what the route would accept) and read by the handler.
 */
export function signedInGuard(sessions: SessionService) {
  const people = new WeakMap<FastifyRequest, Person>();
  return {
    requirePerson: async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const { person, setCookies } = await sessions.current(webHeaders(req));
      if (setCookies.length > 0) reply.header('set-cookie', setCookies);
      if (!person) throw new AppError('unauthenticated', 'Not signed in');
      people.set(req, person);
    },
    personOf: (req: FastifyRequest): Person => {
      const person = people.get(req);
      if (!person) throw new AppError('unauthenticated', 'Not signed in');
      return person;
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
