import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/app-error';
import type { SessionService } from './session.service';

export function requestHeaders(req: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

export function registerSessionRoutes(
  app: FastifyInstance,
  { sessions }: { sessions: SessionService },
): void {
  app.get('/api/v1/session', async (req, reply) => {
    const { person, setCookies } = await sessions.current(requestHeaders(req));
    if (setCookies.length > 0) reply.header('set-cookie', setCookies);
    reply.header('cache-control', 'no-store');
    if (!person) throw new AppError('unauthenticated', 'Not signed in');
    return { person };
  });
}
