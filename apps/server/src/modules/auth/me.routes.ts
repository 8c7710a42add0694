import { changePasswordRequestSchema, updateMeRequestSchema } from '@qa/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { signedInGuard, trustedOriginGuard } from '../../http/request-guards';
import { webHeaders } from '../../http/web-request';
import { PROBLEM_RESPONSES } from '../api/api-documents';
import {
  AccountSessionsAnswer,
  BODY_PROBLEM_RESPONSES,
  checkedByTheService,
  OkAnswer,
  PersonAnswer,
} from '../api/app-route-schemas';
import type { ZodInputTypeProvider } from '../api/openapi';
import type { MeService } from './me.service';
import type { SessionService } from './session.service';

export interface MeRouteDeps {
  sessions: SessionService;
  me: MeService;
  trustedOrigins: readonly string[];
}

const TAGS = ['account'];

/**
 * One's own account (docs/api.md "People and account", issue 15): every signed-in person, for
 * themselves only; writes only from trusted origins. Answers are `no-store`. The service parses
 * the bodies with the domain's request schemas; the route schemas describe them for the OpenAPI
 * document (issue 16).
 */
export function registerMeRoutes(
  app: FastifyInstance,
  { sessions, me, trustedOrigins }: MeRouteDeps,
): void {
  const api = app.withTypeProvider<ZodInputTypeProvider>();
  const { requirePerson, personOf } = signedInGuard(sessions);
  const requireTrustedOrigin = trustedOriginGuard(trustedOrigins);
  const write = {
    onRequest: [requireTrustedOrigin, requirePerson],
    validatorCompiler: checkedByTheService,
  };
  const withBody = { ...PROBLEM_RESPONSES, ...BODY_PROBLEM_RESPONSES };

  api.patch(
    '/api/v1/me',
    {
      ...write,
      schema: {
        tags: TAGS,
        summary: 'Change your name, avatar, mail language or preferences (merged)',
        operationId: 'me_update',
        body: updateMeRequestSchema,
        response: { 200: PersonAnswer, ...withBody },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { person: await me.update(personOf(req), req.body) };
    },
  );

  api.post(
    '/api/v1/me/password',
    {
      ...write,
      schema: {
        tags: TAGS,
        summary: 'Change your password (your other sessions stay)',
        operationId: 'me_changePassword',
        security: [{ session: [] }],
        body: changePasswordRequestSchema,
        response: { 200: OkAnswer, ...withBody },
      },
    },
    async (req, reply) => {
      const setCookies = await me.changePassword(webHeaders(req), req.body);
      if (setCookies.length > 0) reply.header('set-cookie', setCookies);
      reply.header('cache-control', 'no-store');
      return { ok: true };
    },
  );

  api.get(
    '/api/v1/me/sessions',
    {
      onRequest: [requirePerson],
      schema: {
        tags: TAGS,
        summary: 'Your sessions, newest first',
        operationId: 'me_listSessions',
        response: { 200: AccountSessionsAnswer, ...PROBLEM_RESPONSES },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { sessions: await me.sessions(personOf(req), webHeaders(req)) };
    },
  );

  api.delete(
    '/api/v1/me/sessions/:id',
    {
      ...write,
      schema: {
        tags: TAGS,
        summary: 'End one of your sessions',
        operationId: 'me_endSession',
        params: z.object({ id: z.string() }),
        response: { 200: OkAnswer, ...PROBLEM_RESPONSES },
      },
    },
    async (req, reply) => {
      await me.revokeSession(personOf(req), req.params.id);
      reply.header('cache-control', 'no-store');
      return { ok: true };
    },
  );
}
