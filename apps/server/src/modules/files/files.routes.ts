import multipart, { type MultipartFile } from '@fastify/multipart';
import {
  idSchema,
  isInlineAttachmentType,
  UPLOAD_INCOMPLETE_MESSAGE,
  type FileActor,
} from '@qa/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInGuard, trustedOriginGuard } from '../../http/request-guards';
import { AppError } from '../../shared/app-error';
import { PROBLEM_RESPONSES, ProblemSchema } from '../api/api-documents';
import {
  BODY_PROBLEM_RESPONSES,
  checkedByTheService,
  StoredFileAnswer,
} from '../api/app-route-schemas';
import type { ZodInputTypeProvider } from '../api/openapi';
import type { SessionService } from '../auth/session.service';
import { contentDisposition, presentFile } from './files.presenter';
import type { FilesService, IncomingFile } from './files.service';
import { discard } from './upload-meter';
import { UploadGuard, type UploadTimeLimits } from './upload-guard';

/**
 * The file id is the rest of the path. A wildcard rather than `:fileId`, because Fastify answers
 * 414 for a parameter over 100 characters and ids may have 128; the service checks the id.
 */
const FILE_ROUTE = '/api/v1/files/*';

/** The route's own params: the wildcard holds the file id. */
const fileParams = z.object({ '*': z.string() });

const fileIdSchema = idSchema.check(
  z.describe('Chosen by the client (a UUID; 1-128 characters of A-Z a-z 0-9 _ -).'),
);

/**
 * The document names the wildcard `{fileId}`, as an integrator reads it; the route keeps its
 * wildcard (see FILE_ROUTE).
 */
const fileIdTransform: typeof jsonSchemaTransform = (input) =>
  jsonSchemaTransform({
    ...input,
    url: '/api/v1/files/:fileId',
    schema: { ...input.schema, params: z.object({ fileId: fileIdSchema }) },
  } as Parameters<typeof jsonSchemaTransform>[0]);

/** The owner of an upload, in the query so it is known before a byte of the body is read. */
const uploadQuery = z.object({
  auditId: z.optional(idSchema).describe('The audit the file belongs to (or `personId`).'),
  auditItemId: z.optional(idSchema).describe("The audit item's attachment."),
  findingId: z.optional(idSchema).describe("A finding's media (with its `auditItemId`)."),
  mediaId: z.optional(idSchema).describe('The media entry (with its `findingId`).'),
  personId: z
    .optional(idSchema)
    .describe("A person's avatar: the person, alone (not with the audit fields)."),
  sha256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/)
    .optional()
    .describe('The SHA-256 the device computed: an upload whose bytes differ is refused.'),
});

/** `multipart/form-data`: one file in the field "file". */
const uploadBody = z.object({ file: z.file().describe('The file, with its name.') });

const DOWNLOAD_RESPONSES = {
  200: {
    description: 'The bytes, with the stored content type; ETag: the SHA-256.',
    content: { '*/*': { schema: z.string().meta({ format: 'binary' }) } },
  },
  304: z.null().describe('Not modified (If-None-Match): no body.'),
  ...PROBLEM_RESPONSES,
};

/** The form field that carries the file. */
const FILE_FIELD = 'file';

/**
 * Bytes the multipart parser lets through per file: one more than the service accepts, so the
 * service sees an over-long file as such, and a huge one is not read further than that.
 */
const PARSER_FILE_LIMIT = (maxBytes: number) => maxBytes + 1;

export interface FileRouteDeps {
  sessions: SessionService;
  files: FilesService;
  /** Origins whose pages may upload (the sync socket's list). */
  trustedOrigins: readonly string[];
  limits: UploadTimeLimits;
}

/**
 * `PUT /api/v1/files/<fileId>?auditId=…[&auditItemId=…&findingId=…&mediaId=…]` or
 * `?personId=…` (a person's avatar; multipart, one file in the field "file") and
 * `GET /api/v1/files/<fileId>`, both for signed-in people only
 * (docs/api.md "Files"). The owner is in the query so it is known, and the upload authorized,
 * before a byte of the body is read. Multipart parsing is registered in this scope only; every
 * other route keeps taking JSON.
 */
export async function registerFileRoutes(
  app: FastifyInstance,
  { sessions, files, trustedOrigins, limits }: FileRouteDeps,
): Promise<void> {
  const { requirePerson, personOf } = signedInGuard(sessions);
  const actorOf = (req: FastifyRequest): FileActor => {
    const person = personOf(req);
    return { personId: person.id, roles: person.roles };
  };
  const requireTrustedOrigin = trustedOriginGuard(trustedOrigins);

  await app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: false });

    const api = scope.withTypeProvider<ZodInputTypeProvider>();

    api.put(
      FILE_ROUTE,
      {
        onRequest: [requireTrustedOrigin, requirePerson],
        // The service checks id, owner and hash with the domain's messages, and the body is
        // read by the multipart parser: the schemas only describe them.
        validatorCompiler: checkedByTheService,
        config: { swaggerTransform: fileIdTransform },
        schema: {
          tags: ['files'],
          summary: "Upload a file of an audit (or a person's avatar) under an id of your choice",
          operationId: 'file_upload',
          consumes: ['multipart/form-data'],
          params: fileParams,
          querystring: uploadQuery,
          body: uploadBody,
          response: {
            200: {
              description: 'Stored before under this id, with the same content and owner.',
              content: { 'application/json': { schema: StoredFileAnswer } },
            },
            201: StoredFileAnswer,
            ...PROBLEM_RESPONSES,
            ...BODY_PROBLEM_RESPONSES,
            408: ProblemSchema,
            409: ProblemSchema,
          },
        },
      },
      async (req, reply) => {
        const guard = new UploadGuard(req.raw, limits);
        const parser = { failed: false };
        const open = async (): Promise<IncomingFile> => {
          const part = await receivePart(req, files.maxUploadBytes, guard, parser);
          return { name: part.filename, type: part.mimetype, content: part.file };
        };
        try {
          const { file, created } = await guard.run(
            files.upload(actorOf(req), req.params['*'], req.query, open),
          );
          reply.code(created ? 201 : 200).header('cache-control', 'no-store');
          return presentFile(file);
        } catch (error) {
          // What the client still sends of an aborted or refused body (403 before a byte was
          // read) is wanted by nobody: end the connection instead of reading it to its end.
          // (HTTP/1.1 only: HTTP/2 has no connection header, its stream is simply reset.)
          if ((guard.aborted || !req.raw.complete) && req.raw.httpVersionMajor === 1) {
            reply.header('connection', 'close');
          }
          // After a parser failure, what the work ends with (the parser's error, a premature
          // close of the streams after it) is the body's fault, never the server's.
          throw parser.failed && !(error instanceof AppError) ? incompleteError() : error;
        } finally {
          guard.dispose();
        }
      },
    );

    api.get(
      FILE_ROUTE,
      {
        onRequest: requirePerson,
        validatorCompiler: checkedByTheService,
        config: { swaggerTransform: fileIdTransform },
        schema: {
          tags: ['files'],
          summary: 'Download a file',
          operationId: 'file_download',
          params: fileParams,
          headers: z.object({ 'if-none-match': z.string().optional() }),
          response: DOWNLOAD_RESPONSES,
        },
      },
      async (req, reply) => {
        const file = await files.find(actorOf(req), req.params['*']);
        const etag = `"${file.sha256}"`;
        // Content never changes under an id, but the copy is only for this browser, and it
        // asks again each time so a signed-out browser is not served from its cache.
        reply
          .header('etag', etag)
          .header('cache-control', 'private, no-cache')
          .header('x-content-type-options', 'nosniff');
        if (matchesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send();
        const content = await files.content(file);
        return reply
          .type(file.contentType)
          .header('content-length', content.size)
          .header(
            'content-disposition',
            contentDisposition(file.name, isInlineAttachmentType(file.contentType)),
          )
          .send(content.stream);
      },
    );
  });
}

/**
 * The file part of the body. When the multipart parser fails, here or later on the part's
 * stream (a body cut short, a malformed part), `parser.failed` is set, so the upload is
 * answered as the client's fault (400), never as 500.
 */
async function receivePart(
  req: FastifyRequest,
  maxBytes: number,
  guard: UploadGuard,
  parser: { failed: boolean },
): Promise<MultipartFile> {
  const pending = req.file({
    limits: { fileSize: PARSER_FILE_LIMIT(maxBytes), files: 1, fields: 10, parts: 11 },
  });
  // The body is piped to the parser now; its bytes may be counted.
  guard.watchBody();
  const part = await pending.catch((error: unknown) => {
    if ((error as { code?: unknown }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError('unsupported_media_type', 'Expected multipart/form-data');
    }
    if (!hasClientStatus(error)) parser.failed = true;
    throw error;
  });
  if (!part) throw new AppError('invalid_request', `No file in the field "${FILE_FIELD}"`);
  // Always a listener: an 'error' the parser emits on a part nobody listens to would end the
  // process.
  const failed = (error: unknown) => {
    if (error && !(error instanceof AppError)) parser.failed = true;
  };
  part.file.on('error', failed);
  // The parser may have failed the part before this continuation ran.
  failed(part.file.errored);
  guard.protect(part.file);
  if (part.fieldname !== FILE_FIELD) {
    await discard(part.file);
    throw new AppError('invalid_request', `Expected the file in the field "${FILE_FIELD}"`);
  }
  return part;
}

function incompleteError(): AppError {
  return new AppError(
    'invalid_request',
    'The multipart body is incomplete or malformed',
    UPLOAD_INCOMPLETE_MESSAGE,
  );
}

/**
 * The multipart plugin's own errors carry a 4xx status (limits, prototype names) and are
 * answered with it; busboy's plain errors (a body cut short, a malformed part) carry none.
 */
function hasClientStatus(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}
