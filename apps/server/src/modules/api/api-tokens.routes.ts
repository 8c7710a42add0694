import {
  apiTokenCreateSchema,
  apiTokenCreatedSchema,
  apiTokenListSchema,
  type Person,
} from '@qa/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodInputTypeProvider } from './openapi';
import { z } from 'zod';
import { AppError } from '../../shared/app-error';
import { PROBLEM_RESPONSES } from './api-documents';
import type { ApiTokensService } from './api-tokens.service';

export interface ApiTokenRouteDeps {
  tokens: ApiTokensService;
  requirePerson: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  requireTrustedOrigin: (req: FastifyRequest) => Promise<void>;
  personOf: (req: FastifyRequest) => Person;
  tokenOf: (req: FastifyRequest) => unknown;
}

/**
 * One's own API tokens (issue 16), on the profile: list, create (the secret is in this answer
 * only) and revoke. Only with the session cookie: a token cannot make or end tokens, so a leaked
 * one cannot make itself permanent.
 */
export function registerApiTokenRoutes(app: FastifyInstance, deps: ApiTokenRouteDeps): void {
  const api = app.withTypeProvider<ZodInputTypeProvider>();
  const { tokens, personOf } = deps;
  const notWithToken = async (req: FastifyRequest) => {
    if (deps.tokenOf(req)) {
      throw new AppError('forbidden', 'tokens are managed when signed in', undefined, [
        { key: 'apiToken.notWithToken' },
      ]);
    }
  };
  const read = { onRequest: [deps.requirePerson, notWithToken] };
  const write = { onRequest: [deps.requireTrustedOrigin, deps.requirePerson, notWithToken] };
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  api.get(
    '/api/v1/me/tokens',
    {
      ...read,
      schema: {
        tags: ['tokens'],
        summary: 'Your API tokens (never their secrets)',
        operationId: 'apiToken_list',
        security: [{ session: [] }],
        response: { 200: apiTokenListSchema, ...PROBLEM_RESPONSES },
      },
    },
    async (req, reply) => {
      noStore(reply);
      return { tokens: await tokens.list(personOf(req)) };
    },
  );

  api.post(
    '/api/v1/me/tokens',
    {
      ...write,
      schema: {
        tags: ['tokens'],
        summary: 'Create an API token: the answer holds its secret, shown this once',
        operationId: 'apiToken_create',
        security: [{ session: [] }],
        body: apiTokenCreateSchema,
        response: { 201: apiTokenCreatedSchema, ...PROBLEM_RESPONSES, 409: PROBLEM_RESPONSES[400] },
      },
    },
    async (req, reply) => {
      const created = await tokens.create(personOf(req), req.body);
      noStore(reply).code(201);
      return created;
    },
  );

  api.delete(
    '/api/v1/me/tokens/:id',
    {
      ...write,
      schema: {
        tags: ['tokens'],
        summary: 'Revoke one of your API tokens',
        operationId: 'apiToken_revoke',
        security: [{ session: [] }],
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 204: z.undefined(), ...PROBLEM_RESPONSES },
      },
    },
    async (req, reply) => {
      await tokens.revoke(personOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
}
