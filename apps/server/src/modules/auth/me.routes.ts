import type { FastifyInstance } from 'fastify';
import { signedInGuard, trustedOriginGuard } from '../../http/request-guards';
import { webHeaders } from '../../http/web-request';
import type { MeService } from './me.service';
import type { SessionService } from './session.service';

export interface MeRouteDeps {
  sessions: SessionService;
  me: MeService;
  trustedOrigins: readonly string[];
}

/**
 * One's own account (docs/api.md "People and account", issue 15): every signed-in person, for
 * themselves only; writes only from trusted origins. Answers are `no-store`.
 */
export function registerMeRoutes(
  app: FastifyInstance,
  { sessions, me, trustedOrigins }: MeRouteDeps,
): void {
  const { requirePerson, personOf } = signedInGuard(sessions);
  const requireTrustedOrigin = trustedOriginGuard(trustedOrigins);
  const write = { onRequest: [requireTrustedOrigin, requirePerson] };

  app.patch('/api/v1/me', write, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return { person: await me.update(personOf(req), req.body) };
  });

  app.post('/api/v1/me/password', write, async (req, reply) => {
    const setCookies = await me.changePassword(webHeaders(req), req.body);
    if (setCookies.length > 0) reply.header('set-cookie', setCookies);
    reply.header('cache-control', 'no-store');
    return { ok: true };
  });

  app.get('/api/v1/me/sessions', { onRequest: [requirePerson] }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return { sessions: await me.sessions(personOf(req), webHeaders(req)) };
  });

  app.delete<{ Params: { id: string } }>('/api/v1/me/sessions/:id', write, async (req, reply) => {
    await me.revokeSession(personOf(req), req.params.id);
    reply.header('cache-control', 'no-store');
    return { ok: true };
  });
}
