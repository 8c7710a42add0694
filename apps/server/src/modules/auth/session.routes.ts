import type { FastifyInstance } from 'fastify';
import { webHeaders } from '../../http/web-request';
import { SignedInAnswer } from '../api/app-route-schemas';
import type { SessionService } from './session.service';

export function registerSessionRoutes(
  app: FastifyInstance,
  { sessions }: { sessions: SessionService },
): void {
  app.get(
    '/api/v1/session',
    {
      schema: {
        tags: ['meta'],
        summary: 'Who is signed in with this session cookie (person null: nobody)',
        operationId: 'session_get',
        // The cookie, if any: without one the answer is `person: null`, never 401.
        security: [{ session: [] }, {}],
        response: { 200: SignedInAnswer },
      },
    },
    async (req, reply) => {
      const { person, setCookies } = await sessions.current(webHeaders(req));
      if (setCookies.length > 0) reply.header('set-cookie', setCookies);
      reply.header('cache-control', 'no-store');
      // Nobody signed in is an answer, not an error (as better-auth's get-session): a 401 here
      // would be logged as a failed request on every visit to the sign-in page.
      return { person: person ?? null };
    },
  );
}
