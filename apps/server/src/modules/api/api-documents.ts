import {
  activitySchema,
  auditHeaderSchema,
  auditItemSchema,
  measureSchema,
  standardSchema,
  templateItemSchema,
  templateSchema,
} from '@qa/domain';
import { z } from 'zod';
import { z as zm } from 'zod/mini';
import type { StoredDocument } from '../sync/documents.repository';

/**
 * The REST API's shape of a stored document (issue 16): its id, its version (also the `ETag`),
 * when it last changed and its data as the domain's schema describes it. Data and metadata stay
 * apart, so a field of the document can never collide with ours.
 */
export function envelopeSchema<T extends z.core.$ZodType>(data: T) {
  return z.object({
    id: z.string(),
    version: z.number().int().min(0).describe('Grows by one per write; the ETag.'),
    updatedAt: z.string(),
    deleted: z.boolean().optional().describe('Only in the answer to a delete.'),
    data,
  });
}

export interface Envelope {
  id: string;
  version: number;
  updatedAt: string;
  deleted?: boolean;
  data: unknown;
}

export function envelope(
  doc: Pick<StoredDocument, 'id' | 'version' | 'updatedAt' | 'deleted' | 'data'>,
): Envelope {
  return {
    id: doc.id,
    version: doc.version,
    updatedAt: doc.updatedAt,
    ...(doc.deleted ? { deleted: true } : {}),
    data: doc.data,
  };
}

/** A page of a list: `nextCursor` is null on the last page. */
export function pageSchema<T extends z.core.$ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page.'),
  });
}

// The domain's document schemas, registered once as named components of the OpenAPI document
// (fastify-type-provider-zod turns a registered id into a $ref).
const named = <T extends z.core.$ZodType>(schema: T, id: string): T => {
  if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
  return schema;
};

export const AuditData = named(auditHeaderSchema, 'Audit');
export const AuditItemData = named(auditItemSchema, 'AuditItem');
export const MeasureData = named(measureSchema, 'Measure');
export const StandardData = named(zm.omit(standardSchema, { id: true }), 'Standard');
export const TemplateData = named(templateSchema, 'Template');
export const TemplateItemData = named(templateItemSchema, 'TemplateItem');
export const ActivityData = named(activitySchema, 'Activity');

export const AuditEnvelope = named(envelopeSchema(AuditData), 'AuditDocument');
export const AuditItemEnvelope = named(envelopeSchema(AuditItemData), 'AuditItemDocument');
export const MeasureEnvelope = named(envelopeSchema(MeasureData), 'MeasureDocument');
export const StandardEnvelope = named(envelopeSchema(StandardData), 'StandardDocument');
export const TemplateEnvelope = named(envelopeSchema(TemplateData), 'TemplateDocument');
export const TemplateItemEnvelope = named(envelopeSchema(TemplateItemData), 'TemplateItemDocument');
export const ActivityEnvelope = named(envelopeSchema(ActivityData), 'ActivityDocument');

/** The answer to an error: RFC 9457 with our members (http/problem.ts). */
export const ProblemSchema = named(
  z
    .object({
      type: z.string(),
      title: z.string(),
      status: z.number().int(),
      detail: z.string(),
      instance: z.string().optional(),
      code: z.string().describe('Stable, snake_case: what to act on.'),
      key: z.string().optional().describe("The domain's message key."),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      issues: z.array(z.unknown()).optional(),
      version: z.number().int().optional().describe('412: the current version.'),
      error: z.object({ code: z.string(), message: z.string() }).loose(),
    })
    .loose(),
  'Problem',
);

/** The error answers every API route may give, for the OpenAPI document. */
export const PROBLEM_RESPONSES = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  429: ProblemSchema,
} as const;

export const WRITE_PROBLEM_RESPONSES = {
  ...PROBLEM_RESPONSES,
  409: ProblemSchema,
  412: ProblemSchema,
  422: ProblemSchema,
} as const;

/** Cursors are opaque to clients: the last id of the page, base64url. */
export function encodeCursor(id: string): string {
  return Buffer.from(id, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  return Buffer.from(cursor, 'base64url').toString('utf8');
}

export const listQuerySchema = z.object({
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
