import { createHash, randomUUID } from 'node:crypto';
import { domainCommandRegistry, mayEverRun, type Person } from '@qa/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodInputTypeProvider } from './openapi';
import type { JsonObject } from '@qa/sync';
import { z } from 'zod';
import { AppError, type ErrorCode } from '../../shared/app-error';
import type { ChangeFeed } from '../sync/change-feed';
import type { DocumentsRepository } from '../sync/documents.repository';
import type { PushService } from '../sync/push.service';
import { COMMAND_ROUTES, type ArgsReader, type CommandRoute } from './api-commands';
import { WRITE_PROBLEM_RESPONSES, envelope } from './api-documents';
import { etag } from './api-reads.routes';

export interface ApiCommandDeps {
  documents: DocumentsRepository;
  push: PushService;
  feed: ChangeFeed;
  requirePerson: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  requireTrustedOrigin: (req: FastifyRequest) => Promise<void>;
  personOf: (req: FastifyRequest) => Person;
}

const MAX_IDEMPOTENCY_KEY = 200;

const headersSchema = z.object({
  'if-match': z
    .string()
    .max(100)
    .optional()
    .describe(
      'The ETag of the document as you read it: the write is refused with 412 if it changed since.',
    ),
  'idempotency-key': z
    .string()
    .min(1)
    .max(MAX_IDEMPOTENCY_KEY)
    .optional()
    .describe('Any unique string: a repeated request with the same key is applied once.'),
});

/** `"3"`, `W/"3"` or `3` -> 3; `*` or absent -> undefined (no precondition). */
export function parseIfMatch(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,15})"?\s*$/.exec(header);
  if (!match) {
    throw new AppError('invalid_request', 'If-Match must be an ETag of this API', undefined, [
      { key: 'validation.invalid', params: { field: 'If-Match' } },
    ]);
  }
  return Number(match[1]);
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 40);

/**
 * The sync client id of a REST write: with an `Idempotency-Key`, one of its own per person and
 * key whose only mutation is 1 (so the push path's replay check makes a repeat a no-op); without
 * one, one per person whose mutation ids the server counts up.
 */
export function restClientId(personId: string, key: string | undefined): string {
  return key === undefined ? `rest-${hash(personId)}` : `rest-${hash(`${personId}\n${key}`)}`;
}

/** The reject codes of the push path as HTTP errors (their status in app-error.ts). */
const REJECT_ERRORS: Record<string, ErrorCode> = {
  unauthorized: 'unauthenticated',
  forbidden: 'forbidden',
  invalid_args: 'invalid_args',
  invalid_result: 'invalid_result',
  not_found: 'not_found',
  conflict: 'conflict',
  unknown_command: 'unknown_command',
  rule: 'rule',
  internal: 'internal',
};

function objectBody(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * Every domain command as a REST action (issue 16): the route builds the command's args, then
 * pushes it through the same path as the sync engine (one transaction, the same authorization,
 * validation and change log), so the web app sees the write live. `If-Match` is checked in
 * that transaction; `Idempotency-Key` maps to a mutation id.
 */
export function registerApiCommandRoutes(app: FastifyInstance, deps: ApiCommandDeps): void {
  const api = app.withTypeProvider<ZodInputTypeProvider>();
  const { documents, push, feed, personOf } = deps;
  const reader: ArgsReader = {
    async idsWhere(collection, field, value) {
      const { documents: found } = await documents.queryDocuments({
        collection,
        filters: [{ path: [field], op: '==', value }],
      });
      return found.map((doc) => doc.id);
    },
    async data(collection, id) {
      const [doc] = await documents.findMany([{ collection, id }]);
      return doc && !doc.deleted ? doc.data : undefined;
    },
  };

  /**
   * Permission before validation: roles that may never run the command get 403 before the
   * path, the headers or the body are looked at (the push path would refuse them too, but
   * only after a malformed If-Match or path had answered 400).
   */
  const requireMayRun = (command: string) => {
    const definition = domainCommandRegistry.get(command);
    return async (req: FastifyRequest): Promise<void> => {
      if (definition && !mayEverRun(definition, personOf(req).roles)) {
        throw new AppError('forbidden', `${command}: not allowed`, undefined, undefined, {
          key: 'command.forbidden',
          params: { command },
        });
      }
    };
  };

  for (const route of COMMAND_ROUTES) {
    const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
    const params = z.object(
      Object.fromEntries(names.map((name) => [name, z.string().min(1).max(256)])),
    );
    const status = route.creates ? 201 : 200;
    api.route({
      method: route.method,
      url: route.url,
      onRequest: [deps.requireTrustedOrigin, deps.requirePerson, requireMayRun(route.command)],
      schema: {
        tags: [route.tag],
        summary: route.summary,
        description: `Runs the command \`${route.command}\`.`,
        operationId: route.command.replace('.', '_'),
        ...(names.length > 0 ? { params } : {}),
        headers: headersSchema,
        ...(route.body ? { body: route.body } : {}),
        response: { [status]: route.response, ...WRITE_PROBLEM_RESPONSES },
      },
      // The body is the command's to check, with the domain's messages at each field; the path
      // and headers are checked here.
      validatorCompiler: (input) =>
        input.httpPart === 'body'
          ? (data: unknown) => ({ value: data })
          : validatorCompiler(input as unknown as Parameters<typeof validatorCompiler>[0]),
      handler: async (req, reply) => run(route, req, reply, status),
    });
  }

  async function run(
    route: CommandRoute,
    req: FastifyRequest,
    reply: FastifyReply,
    status: number,
  ) {
    const person = personOf(req);
    const params = (req.params ?? {}) as Record<string, string>;
    const headers = req.headers as Record<string, string | undefined>;
    const key = headers['idempotency-key'];
    let counter = 0;
    const newId = () =>
      key === undefined
        ? randomUUID()
        : `k${hash(`${person.id}\n${key}\n${++counter}`).slice(0, 32)}`;
    const args = await route.args(params, objectBody(req.body), {
      read: reader,
      personId: person.id,
      newId,
    });
    const target = route.target(args, params);
    const version = route.creates ? undefined : parseIfMatch(headers['if-match']);
    const clientId = restClientId(person.id, key);
    const outcome = await push.push(
      person,
      clientId,
      { clientId, mutationId: 1, name: route.command, args: args as JsonObject },
      {
        nextMutationId: key === undefined,
        ...(version === undefined ? {} : { expect: { ...target, version } }),
      },
    );
    if (outcome.kind === 'stale') {
      throw new AppError(
        'precondition_failed',
        `the document is at version ${outcome.version}`,
        undefined,
        undefined,
        { key: 'api.preconditionFailed', params: { version: outcome.version } },
        { version: outcome.version },
      );
    }
    if (outcome.kind === 'reject') {
      throw new AppError(
        REJECT_ERRORS[outcome.code] ?? 'invalid_request',
        outcome.message,
        undefined,
        outcome.issues,
        outcome.detail,
      );
    }
    // Deltas to the open sync connections (this instance and, through the notifier, others)
    // before the answer, as the socket does before its ack.
    if (outcome.sequence !== undefined) await feed.committed(outcome.sequence);
    const changes = outcome.changes ?? [];
    // A repeated Idempotency-Key: applied before, answered with the document as it is now.
    if (outcome.changes === undefined && key !== undefined) {
      reply.header('idempotent-replayed', 'true');
    }
    reply.header('cache-control', 'no-store');
    if (route.answer) return reply.code(status).send(route.answer(changes.length));
    const written = changes.find(
      (change) =>
        change.document.collection === target.collection && change.document.id === target.id,
    )?.document;
    const doc = written ?? (await documents.findMany([target]))[0];
    if (!doc) throw new AppError('not_found', `no ${target.collection} ${target.id}`);
    reply.header('etag', etag(doc.version));
    if (route.creates && !doc.deleted) reply.header('location', route.creates(doc.id, args));
    return reply.code(status).send(envelope(doc));
  }
}
