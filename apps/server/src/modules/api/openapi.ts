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
  validator: this['schema'] extends z.core.$ZodType ? z.output<this['schema']> : unknown;
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

/**
 * Only the component schemas some part of the document refers to: the zod provider adds an
 * `...Input` twin of every named schema for request bodies, but the named schemas are answers
 * (documents, problems), so no one refers to the twins, and a client generator would turn each
 * into a type nobody uses.
 */
function withoutUnusedSchemas(document: OpenApiObject): OpenApiObject {
  const components = (document as { components?: { schemas?: Record<string, unknown> } })
    .components;
  const schemas = components?.schemas;
  if (!components || !schemas) return document;
  const refs = (value: unknown) =>
    [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
  // What the paths (and the other components) refer to, then what those schemas refer to.
  const used = new Set(refs({ ...document, components: { ...components, schemas: {} } }));
  const queue = [...used];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    for (const next of refs(schemas[name])) {
      if (used.has(next)) continue;
      used.add(next);
      queue.push(next);
    }
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  return document;
}

/** The groups of the API reference, in its order; every operation names one (redocly.yaml). */
const TAGS = [
  { name: 'meta', description: 'The version, the sign-in options and who is signed in.' },
  { name: 'audits', description: 'Audits: their header, status, protection and report data.' },
  { name: 'audit items', description: "An audit's questions and their evaluations." },
  { name: 'findings', description: 'The findings of an audit item and their photos.' },
  { name: 'measures', description: 'Corrective measures: assignees, status and effectiveness.' },
  { name: 'standards', description: 'Standards (such as VDA 6.3) with their chapters.' },
  { name: 'templates', description: 'Audit templates and their items.' },
  { name: 'people', description: 'The people directory and records without a login.' },
  { name: 'people admin', description: 'Logins, roles and imports of people (administrators).' },
  { name: 'activities', description: "The caller's own activity feed." },
  { name: 'configuration', description: 'Configuration segments and lists of suggestions.' },
  { name: 'favorites', description: "The caller's starred audits and measures." },
  { name: 'tokens', description: "The caller's personal API tokens." },
  { name: 'account', description: "The caller's own profile, password and sessions." },
  { name: 'files', description: 'Uploaded files (photos, documents) and their download.' },
  { name: 'reports', description: 'Audit reports sent by mail.' },
  { name: 'webhooks', description: 'Webhook subscriptions, their secrets and deliveries.' },
  { name: 'operations', description: 'Running the installation: backups.' },
];

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
      // Relative: the installation the document was fetched from, under whichever of its
      // addresses (PUBLIC_URL, TRUSTED_ORIGINS, an internal name) the client used.
      servers: [{ url: '/', description: 'This installation' }],
      tags: TAGS,
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
    transformObject: (input) =>
      withoutUnusedSchemas(problemMediaType(jsonSchemaTransformObject(input))),
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
