import {
  AUDIT_ITEMS_COLLECTION,
  AUDITS_COLLECTION,
  AUTOCOMPLETION_COLLECTION,
  CONFIGURATION_COLLECTION,
  FAVORITES_COLLECTION,
  MEASURES_COLLECTION,
  PEOPLE_COLLECTION,
  STANDARDS_COLLECTION,
  TEMPLATE_ITEMS_COLLECTION,
  TEMPLATES_COLLECTION,
  auditItemSchema,
  auditSchema,
  findingSchema,
  measureSchema,
  templateSchema,
  templateItemSchema,
  domainCommandRegistry,
  DEFAULT_PERSON_ROLES,
  idSchema,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  personDocumentSchema,
  PICKER_PERSON_ROLES,
} from '@qa/domain';
import { z } from 'zod';
import { z as zm } from 'zod/mini';
import {
  AuditEnvelope,
  AuditItemEnvelope,
  MeasureEnvelope,
  StandardEnvelope,
  TemplateEnvelope,
  TemplateItemEnvelope,
  envelopeSchema,
} from './api-documents';

/** What a command route may read to complete the args (the server knows what clients name). */
export interface ArgsReader {
  /** Ids of the live documents of `collection` whose `field` equals `value`. */
  idsWhere(collection: string, field: string, value: string): Promise<string[]>;
  /** A live document's data, or undefined. */
  data(collection: string, id: string): Promise<Record<string, unknown> | undefined>;
}

/** What building the args may use besides the request. */
export interface ArgsContext {
  read: ArgsReader;
  personId: string;
  /**
   * Ids of documents the request creates without naming them: derived from the
   * Idempotency-Key when there is one (a repeat creates nothing new and finds the same
   * document), random otherwise.
   */
  newId(): string;
}

type Params = Record<string, string>;
type Body = Record<string, unknown>;

export interface CommandRoute {
  /** The domain command it runs (packages/domain DOMAIN_COMMANDS). */
  command: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify path with `:params`. */
  url: string;
  tag: string;
  summary: string;
  /** Documented body (the domain's schemas); the command validates it with its own messages. */
  body?: z.core.$ZodType;
  /** The args of the command from path params, body and the context. */
  args(params: Params, body: Body, ctx: ArgsContext): Promise<Body> | Body;
  /** The document the route acts on: its version is the ETag, If-Match is checked against it. */
  target(args: Body, params: Params): { collection: string; id: string };
  /** The answer's schema: the target document (after the command). */
  response: z.core.$ZodType;
  /** Answers something else than the target document (no ETag then). */
  answer?: (written: number) => unknown;
  /** A new document: 201 with Location; If-Match does not apply. */
  creates?: (id: string, args: Body) => string;
}

const id = z.string().min(1).max(256);
const obj = (value: unknown): Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Body) : {};
const withId = (body: Body, ctx: ArgsContext): Body => ({
  ...body,
  id: typeof body.id === 'string' ? body.id : ctx.newId(),
});
/** Rows of an import get ids when they have none. */
const rowsWithIds = (rows: unknown, ctx: ArgsContext): unknown =>
  Array.isArray(rows)
    ? rows.map((row) => (typeof row === 'object' && row ? withId(obj(row), ctx) : row))
    : rows;

const audit = (args: Body, params: Params) => ({
  collection: AUDITS_COLLECTION,
  id: params.id ?? String(args.id ?? args.auditId),
});
const item = (_args: Body, params: Params) => ({
  collection: AUDIT_ITEMS_COLLECTION,
  id: params.itemId ?? params.id!,
});
const measure = (_args: Body, params: Params) => ({
  collection: MEASURES_COLLECTION,
  id: params.id!,
});
const template = (args: Body, params: Params) => ({
  collection: TEMPLATES_COLLECTION,
  id: params.id ?? String(args.id ?? args.templateId),
});
const templateItem = (_args: Body, params: Params) => ({
  collection: TEMPLATE_ITEMS_COLLECTION,
  id: params.id!,
});

/** A measure's audit, which the measure commands name (and check) besides the measure. */
async function measureAudit(read: ArgsReader, measureId: string): Promise<string | null> {
  const data = await read.data(MEASURES_COLLECTION, measureId);
  return typeof data?.audit_id === 'string' ? data.audit_id : null;
}

/**
 * `person.createInactive` as the server runs it: its args schema lets a missing name or e-mail
 * through so that the command answers with the picker's messages, and checks them in `run`
 * (trimmed name required, trimmed e-mail required and valid). A client reads here what it must
 * send to be taken; an id in use or an e-mail another person has is still a 409.
 */
const newInactivePersonBody = z.object({
  id: z.optional(idSchema).describe('Chosen by the server when absent.'),
  displayName: z
    .string()
    .max(MAX_NAME_LENGTH)
    .regex(/\S/)
    .describe('Leading and trailing spaces are dropped.'),
  email: z.email().max(MAX_EMAIL_LENGTH).describe('Unique among people; stored in lower case.'),
  roles: z
    .array(z.enum(PICKER_PERSON_ROLES))
    .meta({ uniqueItems: true })
    .optional()
    .describe(`Default: ${DEFAULT_PERSON_ROLES.join(', ')}.`),
});

const comment = z.object({ comment: z.string().max(2000).optional() });
const partialAudit = zm.omit(zm.partial(auditSchema), { id: true });
const partialItem = zm.omit(zm.partial(auditItemSchema), { id: true, auditId: true });
const partialMeasure = zm.partial(
  zm.pick(measureSchema, {
    text: true,
    description: true,
    measuretype: true,
    cause_analysis: true,
    priority: true,
    dueDate: true,
  }),
);

/** The body of a copy into an audit: the source, optionally which of its items, as the dialog. */
function copyBody(source: string, chosen: string, description: string) {
  return z.object({
    [source]: id,
    [chosen]: z.array(id).optional().describe(description),
    standardIds: z.array(z.string()).optional(),
    language: z.enum(['de', 'en']).optional(),
  });
}

/**
 * The args of `audit.useTemplate` and `audit.copyItems`: one new item id per chosen source item
 * (every item of the source when none are named).
 */
async function copyArgs(
  p: Params,
  body: Body,
  ctx: ArgsContext,
  names: { source: string; chosen: string; collection: string; parent: string; itemKey: string },
): Promise<Body> {
  const sourceId = String(body[names.source] ?? '');
  const chosen = Array.isArray(body[names.chosen])
    ? (body[names.chosen] as string[])
    : await ctx.read.idsWhere(names.collection, names.parent, sourceId);
  const { [names.chosen]: _chosen, ...rest } = body;
  return {
    ...rest,
    auditId: p.id,
    [names.source]: sourceId,
    items: chosen.map((itemId) => ({ id: ctx.newId(), [names.itemKey]: itemId })),
  };
}

/**
 * Every domain command as a REST action (issue 16): one route per resource action, the args
 * built from the path and the body. Where the web app names documents the command must read
 * (an audit's items to delete or grade, a measure's audit), the server fills them in from what
 * it stores, so an integrator never has to.
 */
export const COMMAND_ROUTES: readonly CommandRoute[] = [
  // Audits
  {
    command: 'audit.create',
    method: 'POST',
    url: '/api/v1/audits',
    tag: 'audits',
    summary: 'Create an audit (a lead auditor and a planning year are required)',
    body: zm.extend(partialAudit, { id: id.optional() }),
    args: (_p, body, ctx) => withId(body, ctx),
    target: audit,
    response: AuditEnvelope,
    creates: (newId) => `/api/v1/audits/${encodeURIComponent(newId)}`,
  },
  {
    command: 'audit.update',
    method: 'PATCH',
    url: '/api/v1/audits/:id',
    tag: 'audits',
    summary: 'Change fields of an audit',
    body: partialAudit,
    args: (p, body) => ({ id: p.id, changes: body }),
    target: audit,
    response: AuditEnvelope,
  },
  {
    command: 'audit.delete',
    method: 'DELETE',
    url: '/api/v1/audits/:id',
    tag: 'audits',
    summary: 'Delete an audit with its items and measures',
    args: async (p, _b, { read }) => ({
      id: p.id,
      itemIds: await read.idsWhere(AUDIT_ITEMS_COLLECTION, 'auditId', p.id!),
      measureIds: await read.idsWhere(MEASURES_COLLECTION, 'audit_id', p.id!),
    }),
    target: audit,
    response: AuditEnvelope,
  },
  {
    command: 'audit.protect',
    method: 'POST',
    url: '/api/v1/audits/:id/protect',
    tag: 'audits',
    summary: 'Protect an audit against changes',
    args: (p) => ({ id: p.id }),
    target: audit,
    response: AuditEnvelope,
  },
  {
    command: 'audit.unprotect',
    method: 'POST',
    url: '/api/v1/audits/:id/unprotect',
    tag: 'audits',
    summary: 'Remove the protection of an audit',
    args: (p) => ({ id: p.id }),
    target: audit,
    response: AuditEnvelope,
  },
  {
    command: 'audit.changeStatus',
    method: 'POST',
    url: '/api/v1/audits/:id/status',
    tag: 'audits',
    summary: 'Move an audit to another workflow status',
    body: comment.extend({ status: z.string().min(1).max(64) }),
    // A caller names the status it wants: the numbering of this version (decision 71).
    args: (p, body) => ({ ...body, id: p.id, numbering: 'phase' }),
    target: audit,
    response: AuditEnvelope,
  },
  {
    command: 'audit.complete',
    method: 'POST',
    url: '/api/v1/audits/:id/complete',
    tag: 'audits',
    summary: 'Complete an audit (a VDA 6.3 audit is graded)',
    body: comment.extend({
      confirmIncomplete: z.boolean().optional(),
      language: z.enum(['de', 'en']).optional(),
    }),
    args: async (p, body, { read }) => ({
      ...body,
      id: p.id,
      itemIds: await read.idsWhere(AUDIT_ITEMS_COLLECTION, 'auditId', p.id!),
    }),
    target: audit,
    response: AuditEnvelope,
  },
  {
    command: 'audit.updateCompanyMetadata',
    method: 'PUT',
    url: '/api/v1/audits/:id/company-metadata',
    tag: 'audits',
    summary: "Set the audited company's data",
    body: z.record(z.string(), z.unknown()),
    args: (p, body) => ({ id: p.id, companyMetadata: body }),
    target: audit,
    response: AuditEnvelope,
  },
  {
    command: 'audit.updateReportData',
    method: 'PUT',
    url: '/api/v1/audits/:id/report-data',
    tag: 'audits',
    summary: 'Set the report data of an audit',
    body: z.record(z.string(), z.unknown()),
    args: (p, body) => ({ id: p.id, reportData: body }),
    target: audit,
    response: AuditEnvelope,
  },
  {
    command: 'audit.useTemplate',
    method: 'POST',
    url: '/api/v1/audits/:id/use-template',
    tag: 'audits',
    summary: "Copy a template's items into an audit",
    body: copyBody('templateId', 'templateItemIds', 'Default: every item of the template.'),
    args: async (p, body, ctx) => ({
      ...(await copyArgs(p, body, ctx, {
        source: 'templateId',
        chosen: 'templateItemIds',
        collection: TEMPLATE_ITEMS_COLLECTION,
        parent: 'templateId',
        itemKey: 'templateItemId',
      })),
      // Which items the audit has decides whether it takes the template's VDA set-up.
      auditItemIds: (await ctx.read.idsWhere(AUDIT_ITEMS_COLLECTION, 'auditId', p.id!)).slice(
        0,
        50,
      ),
    }),
    target: audit,
    response: AuditEnvelope,
  },
  {
    command: 'audit.import',
    method: 'POST',
    url: '/api/v1/audits/import',
    tag: 'audits',
    summary: 'Import audits (rows as the audit import takes them)',
    body: z.object({ audits: z.array(zm.extend(partialAudit, { id: id.optional() })) }),
    args: (_p, body, ctx) => ({ audits: rowsWithIds(body.audits, ctx) }),
    target: () => ({ collection: '', id: '' }),
    response: z.object({ changed: z.number().int().describe('Documents written.') }),
    answer: (written) => ({ changed: written }),
  },
  // Audit items and their findings
  {
    command: 'auditItem.create',
    method: 'POST',
    url: '/api/v1/audits/:auditId/items',
    tag: 'audit items',
    summary: 'Add a question to an audit',
    body: zm.extend(partialItem, { id: id.optional() }),
    args: (p, body, ctx) => ({ ...withId(body, ctx), auditId: p.auditId }),
    target: (args) => ({ collection: AUDIT_ITEMS_COLLECTION, id: String(args.id) }),
    response: AuditItemEnvelope,
    creates: (newId, args) =>
      `/api/v1/audits/${encodeURIComponent(String(args.auditId))}/items/${encodeURIComponent(newId)}`,
  },
  {
    command: 'auditItem.import',
    method: 'POST',
    url: '/api/v1/audits/:auditId/items/import',
    tag: 'audit items',
    summary: 'Add many questions to an audit at once',
    body: z.object({ items: z.array(zm.extend(partialItem, { id: id.optional() })) }),
    args: (p, body, ctx) => ({ auditId: p.auditId, items: rowsWithIds(body.items, ctx) }),
    target: (_a, p) => ({ collection: AUDITS_COLLECTION, id: p.auditId! }),
    response: AuditEnvelope,
  },
  {
    command: 'auditItem.update',
    method: 'PATCH',
    url: '/api/v1/audits/:auditId/items/:id',
    tag: 'audit items',
    summary: 'Change a question of an audit',
    body: partialItem,
    args: (p, body) => ({ auditId: p.auditId, id: p.id, changes: body }),
    target: item,
    response: AuditItemEnvelope,
  },
  {
    command: 'auditItem.delete',
    method: 'DELETE',
    url: '/api/v1/audits/:auditId/items/:id',
    tag: 'audit items',
    summary: 'Delete a question of an audit',
    args: (p) => ({ auditId: p.auditId, id: p.id }),
    target: item,
    response: AuditItemEnvelope,
  },
  {
    command: 'auditItem.deactivate',
    method: 'POST',
    url: '/api/v1/audits/:auditId/items/:id/deactivate',
    tag: 'audit items',
    summary: 'Mark a question not applicable',
    args: (p) => ({ auditId: p.auditId, id: p.id }),
    target: item,
    response: AuditItemEnvelope,
  },
  {
    command: 'auditItem.reactivate',
    method: 'POST',
    url: '/api/v1/audits/:auditId/items/:id/reactivate',
    tag: 'audit items',
    summary: 'Make a question applicable again',
    body: z.object({ findingId: id.optional() }),
    args: (p, body) => ({ ...body, auditId: p.auditId, id: p.id }),
    target: item,
    response: AuditItemEnvelope,
  },
  {
    command: 'auditItem.evaluate',
    method: 'PUT',
    url: '/api/v1/audits/:auditId/items/:id/evaluations/:key',
    tag: 'audit items',
    summary: "Evaluate a VDA 6.3 question (key: 'all', 'product', 'process' or a process step id)",
    body: z.object({ evaluation: z.unknown() }),
    args: (p, body) => ({
      auditId: p.auditId,
      itemId: p.id,
      key: p.key,
      evaluation: body.evaluation,
    }),
    target: item,
    response: AuditItemEnvelope,
  },
  {
    command: 'finding.create',
    method: 'POST',
    url: '/api/v1/audits/:auditId/items/:itemId/findings',
    tag: 'findings',
    summary: 'Record a finding on a question',
    body: z.object({
      finding: zm.extend(zm.partial(findingSchema), { id: id.optional() }),
      confirmDiscard: z.boolean().optional(),
      language: z.enum(['de', 'en']).optional(),
    }),
    args: (p, body, ctx) => ({
      ...body,
      auditId: p.auditId,
      itemId: p.itemId,
      finding: withId(obj(body.finding), ctx),
    }),
    target: item,
    response: AuditItemEnvelope,
  },
  {
    command: 'finding.update',
    method: 'PATCH',
    url: '/api/v1/audits/:auditId/items/:itemId/findings/:findingId',
    tag: 'findings',
    summary: 'Change a finding',
    body: z.object({
      finding: zm.omit(zm.partial(findingSchema), { id: true }),
      confirmDiscard: z.boolean().optional(),
      language: z.enum(['de', 'en']).optional(),
    }),
    args: (p, body) => ({
      ...body,
      auditId: p.auditId,
      itemId: p.itemId,
      finding: { ...obj(body.finding), id: p.findingId },
    }),
    target: item,
    response: AuditItemEnvelope,
  },
  {
    command: 'finding.delete',
    method: 'DELETE',
    url: '/api/v1/audits/:auditId/items/:itemId/findings/:findingId',
    tag: 'findings',
    summary: 'Delete a finding',
    args: (p) => ({ auditId: p.auditId, itemId: p.itemId, findingId: p.findingId }),
    target: item,
    response: AuditItemEnvelope,
  },
  {
    command: 'finding.reactivate',
    method: 'POST',
    url: '/api/v1/audits/:auditId/items/:itemId/findings/:findingId/reactivate',
    tag: 'findings',
    summary: 'Restore a deleted finding',
    args: (p) => ({ auditId: p.auditId, itemId: p.itemId, findingId: p.findingId }),
    target: item,
    response: AuditItemEnvelope,
  },
  {
    command: 'finding.attachMedia',
    method: 'PUT',
    url: '/api/v1/audits/:auditId/items/:itemId/findings/:findingId/media/:mediaId',
    tag: 'findings',
    summary: 'Attach an uploaded file (PUT /api/v1/files/{id} first) to a finding',
    body: z.object({ media: z.record(z.string(), z.unknown()) }),
    args: (p, body) => ({
      auditId: p.auditId,
      itemId: p.itemId,
      findingId: p.findingId,
      mediaId: p.mediaId,
      media: body.media,
    }),
    target: item,
    response: AuditItemEnvelope,
  },
  {
    command: 'finding.removeMedia',
    method: 'DELETE',
    url: '/api/v1/audits/:auditId/items/:itemId/findings/:findingId/media/:mediaId',
    tag: 'findings',
    summary: 'Remove a photo or file from a finding',
    args: (p) => ({
      auditId: p.auditId,
      itemId: p.itemId,
      findingId: p.findingId,
      mediaId: p.mediaId,
    }),
    target: item,
    response: AuditItemEnvelope,
  },
  // Measures
  {
    command: 'measure.create',
    method: 'POST',
    url: '/api/v1/measures',
    tag: 'measures',
    summary: 'Create a measure (on a finding: audit_id, audititem_id, deviation_id)',
    body: zm.extend(
      zm.partial(
        zm.pick(measureSchema, {
          text: true,
          description: true,
          measuretype: true,
          cause_analysis: true,
          priority: true,
          dueDate: true,
          assignedTo: true,
          audit_id: true,
          audititem_id: true,
          deviation_id: true,
        }),
      ),
      { id: id.optional() },
    ),
    args: (_p, body, ctx) => withId(body, ctx),
    target: (args) => ({ collection: MEASURES_COLLECTION, id: String(args.id) }),
    response: MeasureEnvelope,
    creates: (newId) => `/api/v1/measures/${encodeURIComponent(newId)}`,
  },
  {
    command: 'measure.update',
    method: 'PATCH',
    url: '/api/v1/measures/:id',
    tag: 'measures',
    summary: 'Change fields of a measure',
    body: partialMeasure,
    args: async (p, body, { read }) => ({
      id: p.id,
      auditId: await measureAudit(read, p.id!),
      changes: body,
    }),
    target: measure,
    response: MeasureEnvelope,
  },
  {
    command: 'measure.assign',
    method: 'PUT',
    url: '/api/v1/measures/:id/assignees',
    tag: 'measures',
    summary: 'Set who works on a measure',
    body: z.object({ assignedTo: z.array(id) }),
    args: async (p, body, { read }) => ({
      ...body,
      id: p.id,
      auditId: await measureAudit(read, p.id!),
    }),
    target: measure,
    response: MeasureEnvelope,
  },
  {
    command: 'measure.changeStatus',
    method: 'POST',
    url: '/api/v1/measures/:id/status',
    tag: 'measures',
    summary: 'Move a measure to another status',
    body: z.object({ to: z.string().min(1).max(64) }),
    args: async (p, body, { read }) => ({
      ...body,
      id: p.id,
      auditId: await measureAudit(read, p.id!),
    }),
    target: measure,
    response: MeasureEnvelope,
  },
  {
    command: 'measure.checkEffectiveness',
    method: 'POST',
    url: '/api/v1/measures/:id/effectiveness',
    tag: 'measures',
    summary: 'Record the effectiveness check of a measure',
    body: z.object({ effective: z.boolean(), comment: z.string().max(10_000).optional() }),
    args: async (p, body, { read }) => ({
      ...body,
      id: p.id,
      auditId: await measureAudit(read, p.id!),
    }),
    target: measure,
    response: MeasureEnvelope,
  },
  {
    command: 'measure.delete',
    method: 'DELETE',
    url: '/api/v1/measures/:id',
    tag: 'measures',
    summary: 'Delete a measure',
    args: async (p, _b, { read }) => ({ id: p.id, auditId: await measureAudit(read, p.id!) }),
    target: measure,
    response: MeasureEnvelope,
  },
  // Templates
  {
    command: 'template.create',
    method: 'POST',
    url: '/api/v1/templates',
    tag: 'templates',
    summary: 'Create a template',
    body: zm.extend(zm.partial(templateSchema), { id: id.optional() }),
    args: (_p, body, ctx) => withId(body, ctx),
    target: template,
    response: TemplateEnvelope,
    creates: (newId) => `/api/v1/templates/${encodeURIComponent(newId)}`,
  },
  {
    command: 'template.update',
    method: 'PATCH',
    url: '/api/v1/templates/:id',
    tag: 'templates',
    summary: 'Change fields of a template',
    body: zm.omit(zm.partial(templateSchema), { id: true }),
    args: (p, body) => ({ id: p.id, changes: body }),
    target: template,
    response: TemplateEnvelope,
  },
  {
    command: 'template.delete',
    method: 'DELETE',
    url: '/api/v1/templates/:id',
    tag: 'templates',
    summary: 'Delete a template with its items',
    args: async (p, _b, { read }) => ({
      id: p.id,
      itemIds: await read.idsWhere(TEMPLATE_ITEMS_COLLECTION, 'templateId', p.id!),
    }),
    target: template,
    response: TemplateEnvelope,
  },
  {
    command: 'templateItem.create',
    method: 'POST',
    url: '/api/v1/templates/:templateId/items',
    tag: 'templates',
    summary: 'Add a question to a template',
    body: zm.extend(zm.omit(zm.partial(templateItemSchema), { templateId: true }), {
      id: id.optional(),
    }),
    args: (p, body, ctx) => ({ ...withId(body, ctx), templateId: p.templateId }),
    target: (args) => ({ collection: TEMPLATE_ITEMS_COLLECTION, id: String(args.id) }),
    response: TemplateItemEnvelope,
    creates: (_newId, args) => `/api/v1/templates/${encodeURIComponent(String(args.templateId))}`,
  },
  {
    command: 'templateItem.import',
    method: 'POST',
    url: '/api/v1/templates/:templateId/items/import',
    tag: 'templates',
    summary: 'Add many questions to a template at once',
    body: z.object({
      items: z.array(zm.extend(zm.partial(templateItemSchema), { id: id.optional() })),
    }),
    args: (p, body, ctx) => ({
      templateId: p.templateId,
      items: rowsWithIds(body.items, ctx),
      source: 'csv',
    }),
    target: (_a, p) => ({ collection: TEMPLATES_COLLECTION, id: p.templateId! }),
    response: TemplateEnvelope,
  },
  {
    command: 'templateItem.update',
    method: 'PATCH',
    url: '/api/v1/templates/:templateId/items/:id',
    tag: 'templates',
    summary: 'Change a question of a template',
    body: zm.omit(zm.partial(templateItemSchema), { id: true, templateId: true }),
    args: (p, body) => ({ templateId: p.templateId, id: p.id, changes: body }),
    target: templateItem,
    response: TemplateItemEnvelope,
  },
  {
    command: 'templateItem.delete',
    method: 'DELETE',
    url: '/api/v1/templates/:templateId/items/:id',
    tag: 'templates',
    summary: 'Delete a question of a template',
    args: (p) => ({ templateId: p.templateId, id: p.id }),
    target: templateItem,
    response: TemplateItemEnvelope,
  },
  {
    command: 'audit.copyItems',
    method: 'POST',
    url: '/api/v1/audits/:id/copy-items',
    tag: 'audits',
    summary: "Copy another audit's items into an audit",
    body: copyBody('sourceAuditId', 'sourceItemIds', 'Default: every item of the source audit.'),
    args: (p, body, ctx) =>
      copyArgs(p, body, ctx, {
        source: 'sourceAuditId',
        chosen: 'sourceItemIds',
        collection: AUDIT_ITEMS_COLLECTION,
        parent: 'auditId',
        itemKey: 'sourceItemId',
      }),
    target: audit,
    response: AuditEnvelope,
  },
  // Standards, configuration, lists
  {
    command: 'standard.import',
    method: 'PUT',
    url: '/api/v1/standards/:id',
    tag: 'standards',
    summary: 'Create or replace a standard with its chapters',
    body: z.object({ name: z.string(), description: z.string(), chapters: z.array(z.unknown()) }),
    args: (p, body) => ({ ...body, id: p.id }),
    target: (_a, p) => ({ collection: STANDARDS_COLLECTION, id: p.id! }),
    response: StandardEnvelope,
  },
  {
    command: 'configuration.update',
    method: 'PUT',
    url: '/api/v1/configuration/:segment',
    tag: 'configuration',
    summary: 'Replace a configuration segment',
    body: z.record(z.string(), z.unknown()),
    args: (p, body) => ({ segment: p.segment, data: body }),
    target: (_a, p) => ({ collection: CONFIGURATION_COLLECTION, id: p.segment! }),
    response: envelopeSchema(z.record(z.string(), z.unknown())),
  },
  {
    command: 'autocompletion.save',
    method: 'PUT',
    url: '/api/v1/autocompletion/:id',
    tag: 'configuration',
    summary: 'Replace a list of suggestions (customer data)',
    body: z.object({ title: z.string(), data: z.array(z.unknown()) }),
    args: (p, body) => ({ ...body, id: p.id }),
    target: (_a, p) => ({ collection: AUTOCOMPLETION_COLLECTION, id: p.id! }),
    response: envelopeSchema(z.record(z.string(), z.unknown())),
  },
  {
    command: 'person.createInactive',
    method: 'POST',
    url: '/api/v1/people/records',
    tag: 'people',
    summary: 'Add a person without a login (as the user pickers do)',
    body: newInactivePersonBody,
    args: (_p, body, ctx) => withId(body, ctx),
    target: (args) => ({ collection: PEOPLE_COLLECTION, id: String(args.id) }),
    response: envelopeSchema(personDocumentSchema),
    creates: (newId) => `/api/v1/people/${encodeURIComponent(newId)}`,
  },
  {
    command: 'favorite.set',
    method: 'PUT',
    url: '/api/v1/favorites/:kind/:id',
    tag: 'favorites',
    summary: 'Star or unstar an audit or a measure for yourself',
    body: z.object({ starred: z.boolean() }),
    args: (p, body, { personId }) => ({ ...body, kind: p.kind, id: p.id, personId }),
    target: (args) => ({ collection: FAVORITES_COLLECTION, id: String(args.personId) }),
    response: envelopeSchema(z.record(z.string(), z.unknown())),
  },
  {
    command: 'activity.markRead',
    method: 'POST',
    url: '/api/v1/activities/read',
    tag: 'activities',
    summary: 'Mark activities as read for yourself',
    body: z.object({ ids: z.array(id) }),
    args: (_p, body) => body,
    target: () => ({ collection: '', id: '' }),
    response: z.object({ changed: z.number().int() }),
    answer: (written) => ({ changed: written }),
  },
];

/** Whether every command of the domain has its route (tested). */
export function commandsWithoutRoute(): string[] {
  const routed = new Set(COMMAND_ROUTES.map((route) => route.command));
  return domainCommandRegistry.names().filter((name) => !routed.has(name));
}
