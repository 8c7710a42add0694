import type { FastifyInstance } from 'fastify';
import { webHeaders } from '../../http/web-request';
import { AppError } from '../../shared/app-error';
import type { SessionService } from './session.service';

export function registerSessionRoutes(
  app: FastifyInstance,
  { sessions }: { sessions: SessionService },
): void {
  app.get('/api/v1/session', async (req, reply) => {
    const { person, setCookies } = await sessions.current(webHeaders(req));
    if (setCookies.length > 0) reply.header('set-cookie', setCookies);
    reply.header('cache-control', 'no-store');
    if (!person) throw new AppError('unauthenticated', 'Not signed in');
    return { person };
  });
}
