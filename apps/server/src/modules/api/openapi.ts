import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import type { z } from 'zod';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
} from 'fastify-type-provider-zod';

/**
 * Types a route's params, query, headers and body from its zod schemas, not its answers: the
 * answers are stored documents whose schemas the contract test checks (the documents' data is
 * JSON, typed as such), so handlers need not re-type them.
 */
export interface ZodInputTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: unknown;
}

type OpenApiObject = ReturnType<typeof jsonSchemaTransformObject>;

/**
 * Error answers are `application/problem+json` (RFC 9457, http/problem.ts); routes declare their
 * schema as a plain response, so the document's 4xx/5xx `application/json` is renamed here.
 */
function problemMediaType(document: OpenApiObject): OpenApiObject {
  const paths = (document as { paths?: Record<string, Record<string, unknown>> }).paths ?? {};
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      const responses = (
        operation as { responses?: Record<string, { content?: Record<string, unknown> }> }
      )?.responses;
      for (const [status, response] of Object.entries(responses ?? {})) {
        const json = response.content?.['application/json'];
        if (!/^[45]/.test(status) || json === undefined || !response.content) continue;
        delete response.content['application/json'];
        response.content['application/problem+json'] = json;
      }
    }
  }
  return document;
}

export const OPENAPI_PATH = '/api/v1/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/**
 * The REST API's description (issue 16, decision 58): every route under /api/v1 declares its
 * params, query, body and answers as zod schemas (mostly the domain's own), and @fastify/swagger
 * turns them into one OpenAPI 3.1 document through fastify-type-provider-zod, so no schema is
 * written twice. Served at /api/v1/openapi.json, with Swagger UI at /api/docs.
 *
 * Inputs are parsed by the zod validator; answers are serialised with plain JSON.stringify (the
 * documents were validated when written, and a zod parse of every answer would halve the read
 * rate); the contract test checks every answer of the API tests against the document instead.
 * Must be registered before the routes, so it sees them all.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  { version }: { version: string },
): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Quality audit API',
        version,
        description:
          'Audits, their items and findings, measures, standards, templates and people. ' +
          'Writes run the same commands as the web app. Errors are application/problem+json ' +
          '(RFC 9457) in the language of Accept-Language (de or en).',
      },
      components: {
        securitySchemes: {
          token: {
            type: 'http',
            scheme: 'bearer',
            description: 'A personal API token, created on your profile (shown once).',
          },
          session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
        },
      },
      security: [{ token: [] }, { session: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => problemMediaType(jsonSchemaTransformObject(input)),
    // Only what declares a schema belongs in the document (auth, the web app, sockets do not).
    hideUntagged: true,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    uiConfig: { deepLinking: true, tryItOutEnabled: false, validatorUrl: null },
    // Swagger UI's own strict policy, without its upgrade-insecure-requests (a plain-http
    // installation's browser would then fetch the UI's files over https and fail).
    staticCSP: true,
    transformStaticCSP: (header) =>
      header.replace(/\s*upgrade-insecure-requests;?/, '').replace(' validator.swagger.io', ''),
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
}
