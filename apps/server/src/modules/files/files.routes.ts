import multipart from '@fastify/multipart';
import { isInlineAttachmentType, type Person } from '@qa/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { webHeaders } from '../../http/web-request';
import { AppError } from '../../shared/app-error';
import type { SessionService } from '../auth/session.service';
import { contentDisposition, presentFile } from './files.presenter';
import type { FilesService } from './files.service';
import { discard } from './upload-meter';

/**
 * The file id is the rest of the path. A wildcard rather than `:fileId`, because Fastify answers
 * 414 for a parameter over 100 characters and ids may have 128; the service checks the id.
 */
const FILE_ROUTE = '/api/v1/files/*';

interface FileParams {
  '*': string;
}

/** The form field that carries the file. */
const FILE_FIELD = 'file';

/**
 * Bytes the multipart parser lets through per file: one more than the service accepts, so the
 * service sees an over-long file as such, and a huge one is not read further than that.
 */
const PARSER_FILE_LIMIT = (maxBytes: number) => maxBytes + 1;

/**
 * `PUT /api/v1/files/<fileId>` (multipart, one file in the field "file") and
 * `GET /api/v1/files/<fileId>`, both for signed-in people only (docs/api.md "Files"). Multipart
 * parsing is registered in this scope only; every other route keeps taking JSON.
 */
export async function registerFileRoutes(
  app: FastifyInstance,
  { sessions, files }: { sessions: SessionService; files: FilesService },
): Promise<void> {
  const limit = files.maxUploadBytes;
  const people = new WeakMap<FastifyRequest, Person>();

  // Before the body is parsed, so a stranger learns nothing about what the route would accept.
  const requirePerson = async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { person, setCookies } = await sessions.current(webHeaders(req));
    if (setCookies.length > 0) reply.header('set-cookie', setCookies);
    if (!person) throw new AppError('unauthenticated', 'Not signed in');
    people.set(req, person);
  };
  const personOf = (req: FastifyRequest): Person => {
    const person = people.get(req);
    if (!person) throw new AppError('unauthenticated', 'Not signed in');
    return person;
  };

  await app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: false });

    scope.put<{ Params: FileParams }>(
      FILE_ROUTE,
      { onRequest: requirePerson },
      async (req, reply) => {
        const person = personOf(req);
        const part = await req
          .file({ limits: { fileSize: PARSER_FILE_LIMIT(limit), files: 1, fields: 10, parts: 11 } })
          .catch((error: unknown) => {
            if ((error as { code?: unknown }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
              throw new AppError('unsupported_media_type', 'Expected multipart/form-data');
            }
            throw error;
          });
        if (!part) throw new AppError('invalid_request', `No file in the field "${FILE_FIELD}"`);
        if (part.fieldname !== FILE_FIELD) {
          await discard(part.file);
          throw new AppError('invalid_request', `Expected the file in the field "${FILE_FIELD}"`);
        }
        const { file, created } = await files.upload(person.id, req.params['*'], {
          name: part.filename,
          type: part.mimetype,
          content: part.file,
        });
        reply.code(created ? 201 : 200).header('cache-control', 'no-store');
        return presentFile(file);
      },
    );

    scope.get<{ Params: FileParams }>(
      FILE_ROUTE,
      { onRequest: requirePerson },
      async (req, reply) => {
        const file = await files.find(req.params['*']);
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

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}
