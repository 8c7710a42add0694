import {
  can,
  createPersonRequestSchema,
  setRolesRequestSchema,
  updatePersonRequestSchema,
  type Person,
} from '@qa/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { signedInGuard, trustedOriginGuard } from '../../http/request-guards';
import { AppError } from '../../shared/app-error';
import { PROBLEM_RESPONSES, ProblemSchema } from '../api/api-documents';
import {
  BODY_PROBLEM_RESPONSES,
  checkedByTheService,
  idParams,
  PeopleImportAnswer,
  PeopleImportJsonBody,
  PersonAnswer,
  PersonRemovedAnswer,
  SessionsRevokedAnswer,
} from '../api/app-route-schemas';
import type { ZodInputTypeProvider } from '../api/openapi';
import type { SessionService } from '../auth/session.service';
import type { PeopleAdminService } from './people-admin.service';

export interface PeopleRouteDeps {
  sessions: SessionService;
  admin: PeopleAdminService;
  /** Origins whose pages may send writes (the sync socket's list). */
  trustedOrigins: readonly string[];
}

const TAGS = ['people admin'];

/**
 * The import takes CSV bytes or a JSON array: the document names both media types (the zod
 * transform knows one body schema only).
 */
const importTransform: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const schema = transformed.schema as { body?: unknown } | undefined;
  if (schema?.body) {
    schema.body = {
      content: {
        'application/json': { schema: schema.body },
        'text/csv': {
          schema: {
            type: 'string',
            description:
              'ISO-8859-1, `;`-separated, a header with `displayName` (or `name`), `email`, `roles` (comma-separated).',
          },
        },
      },
    };
  }
  return transformed;
};

/**
 * Managing people (docs/api.md "People and account", issue 15): admins only (403 `forbidden`
 * for everyone else, before the body is read), writes only from trusted origins. Every answer
 * is `no-store`: it names people and their logins. The service parses each body with the
 * domain's request schema (messages per field); the route schemas only describe them for the
 * OpenAPI document (issue 16).
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
  const write = {
    onRequest: [requireTrustedOrigin, requirePerson, requireAdmin],
    validatorCompiler: checkedByTheService,
  };
  const answer = <T>(reply: FastifyReply, body: T): T => {
    reply.header('cache-control', 'no-store');
    return body;
  };
  const actorOf = (req: FastifyRequest): Person => personOf(req);
  const withBody = { ...PROBLEM_RESPONSES, ...BODY_PROBLEM_RESPONSES };

  await app.register(async (plain) => {
    // The import takes the file's bytes; CSV is decoded by the domain parser (ISO-8859-1).
    plain.addContentTypeParser(
      ['text/csv', 'application/csv'],
      { parseAs: 'buffer' },
      (_req, body, done) => done(null, body),
    );
    const scope = plain.withTypeProvider<ZodInputTypeProvider>();

    scope.post(
      '/api/v1/people',
      {
        ...write,
        schema: {
          tags: TAGS,
          summary: 'Create a person, with a password login (set-password mail) or without',
          operationId: 'person_create',
          body: createPersonRequestSchema,
          response: { 201: PersonAnswer, ...withBody, 409: ProblemSchema },
        },
      },
      async (req, reply) => {
        const person = await admin.create(actorOf(req), req.body);
        reply.code(201);
        return answer(reply, { person });
      },
    );

    scope.post(
      '/api/v1/people/import',
      {
        ...write,
        config: { swaggerTransform: importTransform },
        schema: {
          tags: TAGS,
          summary: 'Import people (CSV or JSON), each created inactive',
          operationId: 'person_import',
          body: PeopleImportJsonBody,
          response: { 200: PeopleImportAnswer, ...withBody },
        },
      },
      async (req, reply) => {
        const body: unknown = req.body;
        const file = Buffer.isBuffer(body)
          ? { csv: new Uint8Array(body) }
          : { json: JSON.stringify(body ?? null) };
        return answer(reply, await admin.import(actorOf(req), file));
      },
    );

    scope.post(
      '/api/v1/people/:id/login',
      {
        ...write,
        schema: {
          tags: TAGS,
          summary: 'Give a person a password login (or restore it) and mail the set-password link',
          operationId: 'person_giveLogin',
          params: idParams,
          response: { 200: PersonAnswer, ...PROBLEM_RESPONSES, 409: ProblemSchema },
        },
      },
      async (req, reply) =>
        answer(reply, { person: await admin.enableLogin(actorOf(req), req.params.id) }),
    );

    scope.patch(
      '/api/v1/people/:id',
      {
        ...write,
        schema: {
          tags: TAGS,
          summary: "Change a person's name or avatar (the e-mail cannot change)",
          operationId: 'person_update',
          params: idParams,
          body: updatePersonRequestSchema,
          response: { 200: PersonAnswer, ...withBody, 409: ProblemSchema },
        },
      },
      async (req, reply) =>
        answer(reply, { person: await admin.update(actorOf(req), req.params.id, req.body) }),
    );

    scope.put(
      '/api/v1/people/:id/roles',
      {
        ...write,
        schema: {
          tags: TAGS,
          summary: "Set a person's roles",
          operationId: 'person_setRoles',
          params: idParams,
          body: setRolesRequestSchema,
          response: { 200: PersonAnswer, ...withBody, 409: ProblemSchema },
        },
      },
      async (req, reply) =>
        answer(reply, { person: await admin.setRoles(actorOf(req), req.params.id, req.body) }),
    );

    scope.post(
      '/api/v1/people/:id/deactivate',
      {
        ...write,
        schema: {
          tags: TAGS,
          summary: "Deactivate a person's login and end their sessions",
          operationId: 'person_deactivate',
          params: idParams,
          response: { 200: PersonAnswer, ...PROBLEM_RESPONSES, 409: ProblemSchema },
        },
      },
      async (req, reply) =>
        answer(reply, { person: await admin.deactivate(actorOf(req), req.params.id) }),
    );

    scope.delete(
      '/api/v1/people/:id',
      {
        ...write,
        schema: {
          tags: TAGS,
          summary: 'Delete a person (deactivated instead while audits or measures name them)',
          operationId: 'person_delete',
          params: idParams,
          response: { 200: PersonRemovedAnswer, ...PROBLEM_RESPONSES, 409: ProblemSchema },
        },
      },
      async (req, reply) => answer(reply, await admin.remove(actorOf(req), req.params.id)),
    );

    scope.post(
      '/api/v1/people/:id/sign-out',
      {
        ...write,
        schema: {
          tags: TAGS,
          summary: 'End every session of a person',
          operationId: 'person_signOut',
          params: idParams,
          response: { 200: SessionsRevokedAnswer, ...PROBLEM_RESPONSES },
        },
      },
      async (req, reply) => answer(reply, await admin.signOut(actorOf(req), req.params.id)),
    );
  });
}
