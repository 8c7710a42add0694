import { can, type Person } from '@qa/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { signedInGuard, trustedOriginGuard } from '../../http/request-guards';
import { AppError } from '../../shared/app-error';
import type { SessionService } from '../auth/session.service';
import type { PeopleAdminService } from './people-admin.service';

export interface PeopleRouteDeps {
  sessions: SessionService;
  admin: PeopleAdminService;
  /** Origins whose pages may send writes (the sync socket's list). */
  trustedOrigins: readonly string[];
}

interface IdParams {
  id: string;
}

/**
 * Managing people (docs/api.md "People and account", issue 15): admins only (403 `forbidden`
 * for everyone else, before the body is read), writes only from trusted origins. Every answer
 * is `no-store`: it names people and their logins.
 */
export async function registerPeopleRoutes(
  app: FastifyInstance,
  { sessions, admin, trustedOrigins }: PeopleRouteDeps,
): Promise<void> {
  const { requirePerson, personOf } = signedInGuard(sessions);
  const requireTrustedOrigin = trustedOriginGuard(trustedOrigins);
  const requireAdmin = async (req: FastifyRequest): Promise<void> => {
    // person.update and role.assign are the admin's alone (permission matrix).
    if (!can(personOf(req).roles, 'person.update')) {
      throw new AppError('forbidden', 'Only administrators may manage people', undefined, [
        { key: 'permission.denied' },
      ]);
    }
  };
  const write = { onRequest: [requireTrustedOrigin, requirePerson, requireAdmin] };
  const answer = <T>(reply: FastifyReply, body: T): T => {
    reply.header('cache-control', 'no-store');
    return body;
  };
  const actorOf = (req: FastifyRequest): Person => personOf(req);

  await app.register(async (scope) => {
    // The import takes the file's bytes; CSV is decoded by the domain parser (ISO-8859-1).
    scope.addContentTypeParser(
      ['text/csv', 'application/csv'],
      { parseAs: 'buffer' },
      (_req, body, done) => done(null, body),
    );

    scope.post('/api/v1/people', write, async (req, reply) => {
      const person = await admin.create(actorOf(req), req.body);
      reply.code(201);
      return answer(reply, { person });
    });

    scope.post('/api/v1/people/import', write, async (req, reply) => {
      const body = req.body;
      const file = Buffer.isBuffer(body)
        ? { csv: new Uint8Array(body) }
        : { json: JSON.stringify(body ?? null) };
      return answer(reply, await admin.import(actorOf(req), file));
    });

    scope.post<{ Params: IdParams }>('/api/v1/people/:id/login', write, async (req, reply) =>
      answer(reply, { person: await admin.enableLogin(actorOf(req), req.params.id) }),
    );

    scope.patch<{ Params: IdParams }>('/api/v1/people/:id', write, async (req, reply) =>
      answer(reply, { person: await admin.update(actorOf(req), req.params.id, req.body) }),
    );

    scope.put<{ Params: IdParams }>('/api/v1/people/:id/roles', write, async (req, reply) =>
      answer(reply, { person: await admin.setRoles(actorOf(req), req.params.id, req.body) }),
    );

    scope.post<{ Params: IdParams }>('/api/v1/people/:id/deactivate', write, async (req, reply) =>
      answer(reply, { person: await admin.deactivate(actorOf(req), req.params.id) }),
    );

    scope.delete<{ Params: IdParams }>('/api/v1/people/:id', write, async (req, reply) =>
      answer(reply, await admin.remove(actorOf(req), req.params.id)),
    );

    scope.post<{ Params: IdParams }>('/api/v1/people/:id/sign-out', write, async (req, reply) =>
      answer(reply, await admin.signOut(actorOf(req), req.params.id)),
    );
  });
}
