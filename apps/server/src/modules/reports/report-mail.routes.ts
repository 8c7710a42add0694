import multipart from '@fastify/multipart';
import {
  idSchema,
  MAX_REPORT_PDF_BYTES,
  MAX_REPORT_RECIPIENTS,
  reportMailRequestSchema,
  UPLOAD_INCOMPLETE_MESSAGE,
  languageOfPreference,
  reportPdfTooLarge,
} from '@qa/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { z as zm } from 'zod/mini';
import { signedInGuard, trustedOriginGuard } from '../../http/request-guards';
import { AppError } from '../../shared/app-error';
import { PROBLEM_RESPONSES, ProblemSchema } from '../api/api-documents';
import {
  BODY_PROBLEM_RESPONSES,
  checkedByTheService,
  ReportMailAnswer,
} from '../api/app-route-schemas';
import type { ZodInputTypeProvider } from '../api/openapi';
import type { SessionService } from '../auth/session.service';
import { UploadGuard, type UploadTimeLimits } from '../files/upload-guard';
import { discard } from '../files/upload-meter';
import type { ReportMailFields, ReportMailService } from './report-mail.service';

export interface ReportMailRouteDeps {
  sessions: SessionService;
  reports: ReportMailService;
  /** Origins whose pages may send (the sync socket's list, as for uploads). */
  trustedOrigins: readonly string[];
  limits: UploadTimeLimits;
}

/**
 * The multipart body for the document: the domain's fields (one `recipients` field per person
 * id) and the PDF.
 */
const reportMailBody = zm.extend(reportMailRequestSchema, {
  file: z.file().describe(`The PDF report, at most ${MAX_REPORT_PDF_BYTES} bytes.`),
});

/** The form field that carries the PDF. */
const FILE_FIELD = 'file';
/** Room beside the recipients for `message`, `language` and a few the browser may add. */
const EXTRA_FIELDS = 10;

/**
 * `POST /api/v1/audits/<auditId>/report/mail` (multipart: the PDF in the field "file", one field
 * "recipients" per person id, optional "message" and "language"), for signed-in people from a
 * trusted origin (docs/api.md "Report mail"). Answers `{sent: [{id, name}]}` once
 * every mail went out. Who may send, the audit and the rate limit are checked before a byte of
 * the body is read; the fields, recipients and file before a mail is sent. Multipart parsing is
 * registered in this scope only, as for uploads.
 */
export async function registerReportMailRoutes(
  app: FastifyInstance,
  { sessions, reports, trustedOrigins, limits }: ReportMailRouteDeps,
): Promise<void> {
  const { requirePerson, personOf } = signedInGuard(sessions);
  const requireTrustedOrigin = trustedOriginGuard(trustedOrigins);

  await app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: false });

    scope.withTypeProvider<ZodInputTypeProvider>().post(
      '/api/v1/audits/:auditId/report/mail',
      {
        onRequest: [requireTrustedOrigin, requirePerson],
        // The service checks the audit, the fields and the file with the domain's messages;
        // the body is read by the multipart parser: the schemas only describe them.
        validatorCompiler: checkedByTheService,
        schema: {
          tags: ['reports'],
          summary: "Mail an audit's PDF report to people of the directory, one mail each",
          operationId: 'auditReport_mail',
          consumes: ['multipart/form-data'],
          params: z.object({ auditId: idSchema }),
          body: reportMailBody,
          response: {
            200: ReportMailAnswer,
            ...PROBLEM_RESPONSES,
            ...BODY_PROBLEM_RESPONSES,
            408: ProblemSchema,
            503: ProblemSchema,
          },
        },
      },
      async (req, reply) => {
        const actor = personOf(req);
        const { auditId } = req.params;
        const guard = new UploadGuard(req.raw, limits);
        const parser = { failed: false };
        try {
          const audit = await reports.authorize(actor, auditId);
          if (!req.isMultipart()) {
            throw new AppError('unsupported_media_type', 'Expected multipart/form-data');
          }
          const { fields, pdf } = await guard.run(readBody(req, guard, parser));
          const language = languageOfPreference(req.headers['accept-language']?.split(',')[0]);
          const result = await reports.send(actor, auditId, audit, fields, pdf, language);
          reply.header('cache-control', 'no-store');
          return result;
        } catch (error) {
          if ((guard.aborted || !req.raw.complete) && req.raw.httpVersionMajor === 1) {
            reply.header('connection', 'close');
          }
          throw parser.failed && !(error instanceof AppError)
            ? new AppError(
                'invalid_request',
                'The multipart body is incomplete or malformed',
                UPLOAD_INCOMPLETE_MESSAGE,
              )
            : error;
        } finally {
          guard.dispose();
        }
      },
    );
  });
}

/**
 * The fields and the PDF (in memory: at most MAX_REPORT_PDF_BYTES, which the mail needs whole
 * anyway). A file over the limit is refused as soon as the parser cuts it.
 */
async function readBody(
  req: FastifyRequest,
  guard: UploadGuard,
  parser: { failed: boolean },
): Promise<{ fields: ReportMailFields; pdf: { fileName: string; bytes: Buffer } }> {
  const fields: ReportMailFields = { recipients: [] };
  let pdf: { fileName: string; bytes: Buffer } | null = null;
  const parts = req.parts({
    limits: {
      fileSize: MAX_REPORT_PDF_BYTES + 1,
      files: 1,
      fields: MAX_REPORT_RECIPIENTS + EXTRA_FIELDS,
      parts: MAX_REPORT_RECIPIENTS + EXTRA_FIELDS + 1,
      fieldSize: 64 * 1024,
    },
  });
  guard.watchBody();
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        part.file.on('error', () => {
          parser.failed = true;
        });
        guard.protect(part.file);
        if (part.fieldname !== FILE_FIELD || pdf) {
          await discard(part.file);
          throw new AppError('invalid_request', `Expected one file in the field "${FILE_FIELD}"`);
        }
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        if (part.file.truncated) {
          throw new AppError('payload_too_large', 'The report is too large', reportPdfTooLarge());
        }
        pdf = { fileName: part.filename, bytes: Buffer.concat(chunks) };
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      if (part.fieldname === 'recipients') fields.recipients.push(value);
      else if (part.fieldname === 'message') fields.message = value;
      else if (part.fieldname === 'language') fields.language = value;
    }
  } catch (error) {
    if (!(error instanceof AppError) && !hasClientStatus(error)) parser.failed = true;
    throw error;
  }
  if (!pdf) throw new AppError('invalid_request', `No file in the field "${FILE_FIELD}"`);
  return { fields, pdf };
}

/** The multipart plugin's own errors (limits) carry a 4xx status; busboy's plain ones none. */
function hasClientStatus(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}
