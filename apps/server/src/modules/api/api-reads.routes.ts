import {
  ACTIVITIES_COLLECTION,
  AUDIT_ITEMS_COLLECTION,
  AUDITS_COLLECTION,
  CONFIGURATION_COLLECTION,
  MEASURE_FILTERS,
  isMeasureOverdue,
  measureMatchesFilter,
  measureWorkflowFromConfig,
  MEASURES_COLLECTION,
  PEOPLE_COLLECTION,
  STANDARDS_COLLECTION,
  TEMPLATE_ITEMS_COLLECTION,
  TEMPLATES_COLLECTION,
  mayReadCollection,
  personDocumentSchema,
  type Person,
} from '@qa/domain';
import type { Filter, JsonObject, Query } from '@qa/sync';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodInputTypeProvider } from './openapi';
import { z } from 'zod';
import { AppError } from '../../shared/app-error';
import type { DocumentsRepository, StoredDocument } from '../sync/documents.repository';
import {
  ActivityEnvelope,
  AuditEnvelope,
  AuditItemEnvelope,
  MeasureEnvelope,
  PROBLEM_RESPONSES,
  StandardEnvelope,
  TemplateEnvelope,
  TemplateItemEnvelope,
  decodeCursor,
  encodeCursor,
  envelope,
  listQuerySchema,
  pageSchema,
  type Envelope,
} from './api-documents';

export interface ApiReadDeps {
  documents: DocumentsRepository;
  requirePerson: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  personOf: (req: FastifyRequest) => Person;
}

const idParams = z.object({ id: z.string().min(1).max(256) });

/** 403 unless the person's roles may read the collection (the permission table). */
function mayRead(person: Person, collection: string): void {
  if (!mayReadCollection(person.roles, collection)) {
    throw new AppError('forbidden', `no read access to ${collection}`, undefined, [
      { key: 'permission.denied' },
    ]);
  }
}

function notFound(collection: string, id: string): AppError {
  return new AppError('not_found', `no ${collection} ${id}`, undefined, undefined, {
    key: 'api.notFound',
    params: { collection, id },
  });
}

/** The ETag of a document version (RFC 9110: a quoted string). */
export function etag(version: number): string {
  return `"${version}"`;
}

/**
 * A page of a collection in the order of the document id, read through the sync engine's
 * query reader (so an `==` filter on an indexed field reads only those rows). `keep` filters
 * what the query model cannot say (an audit's `standard` is a string or a list).
 */
async function listPage(
  documents: DocumentsRepository,
  collection: string,
  filters: Filter[],
  page: { cursor?: string; limit: number },
  options: { keep?: (data: JsonObject) => boolean; idInData?: boolean } = {},
): Promise<{ items: Envelope[]; nextCursor: string | null }> {
  const after = decodeCursor(page.cursor);
  const idInData = options.idInData ?? true;
  let found: StoredDocument[];
  if (idInData) {
    const query: Query = {
      collection,
      filters: [
        ...filters,
        ...(after === undefined ? [] : [{ path: ['id'], op: '>' as const, value: after }]),
      ],
      orderBy: [{ path: ['id'], direction: 'asc' }],
      ...(options.keep ? {} : { limit: page.limit + 1 }),
    };
    found = (await documents.queryDocuments(query)).documents;
  } else {
    // Standards keep their id only as the document id: few, read whole and ordered here.
    found = (await documents.queryDocuments({ collection, filters })).documents
      .filter((doc) => after === undefined || doc.id > after)
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
  if (options.keep) found = found.filter((doc) => options.keep!(doc.data));
  const items = found.slice(0, page.limit).map(envelope);
  const nextCursor = found.length > page.limit ? encodeCursor(items.at(-1)!.id) : null;
  return { items, nextCursor };
}

async function one(
  documents: DocumentsRepository,
  collection: string,
  id: string,
): Promise<StoredDocument> {
  const [doc] = await documents.findMany([{ collection, id }]);
  if (!doc || doc.deleted) throw notFound(collection, id);
  return doc;
}

/** Documents of another collection that point at `id` by `field` (an audit's items). */
async function children(
  documents: DocumentsRepository,
  collection: string,
  field: string,
  id: string,
): Promise<Envelope[]> {
  const { documents: found } = await documents.queryDocuments({
    collection,
    filters: [{ path: [field], op: '==', value: id }],
    orderBy: [{ path: ['id'], direction: 'asc' }],
  });
  return found.map(envelope);
}

/**
 * The REST API's reads (issue 16): lists with filters and cursor pagination, one document with
 * its ETag, an audit or a template with its items. Everything is read from the same documents
 * the sync engine serves, with the same read permissions per collection.
 */
export function registerApiReadRoutes(app: FastifyInstance, deps: ApiReadDeps): void {
  const api = app.withTypeProvider<ZodInputTypeProvider>();
  const { documents, requirePerson, personOf } = deps;
  const guard = { onRequest: [requirePerson] };
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  const single = async (
    req: FastifyRequest,
    reply: FastifyReply,
    collection: string,
    id: string,
  ) => {
    mayRead(personOf(req), collection);
    const doc = await one(documents, collection, id);
    noStore(reply).header('etag', etag(doc.version));
    return doc;
  };

  api.get(
    '/api/v1/audits',
    {
      ...guard,
      schema: {
        tags: ['audits'],
        summary: 'Audits, filtered, in pages',
        operationId: 'audit_list',
        querystring: listQuerySchema.extend({
          year: z.coerce.number().int().min(1900).max(9999).optional(),
          status: z.string().max(64).optional().describe('The workflow status id, e.g. "1".'),
          standard: z.string().max(200).optional().describe('A standard id the audit names.'),
          leadAuditor: z.string().max(256).optional().describe('The lead auditor person id.'),
        }),
        response: { 200: pageSchema(AuditEnvelope), ...PROBLEM_RESPONSES },
      },
    },
    async (req, reply) => {
      mayRead(personOf(req), AUDITS_COLLECTION);
      const { year, status, standard, leadAuditor, ...page } = req.query;
      const filters: Filter[] = [];
      if (year !== undefined) filters.push({ path: ['planning_year'], op: '==', value: year });
      if (status !== undefined) {
        filters.push({ path: ['workflow', 'status'], op: '==', value: status });
      }
      if (leadAuditor !== undefined) {
        filters.push({ path: ['leadauditor'], op: '==', value: leadAuditor });
      }
      const keep =
        standard === undefined
          ? undefined
          : (data: JsonObject) =>
              Array.isArray(data.standard)
                ? data.standard.includes(standard)
                : data.standard === standard;
      noStore(reply);
      return listPage(documents, AUDITS_COLLECTION, filters, page, { keep });
    },
  );

  api.get(
    '/api/v1/audits/:id',
    {
      ...guard,
      schema: {
        tags: ['audits'],
        summary: 'One audit with its items (findings are inside the items)',
        operationId: 'audit_get',
        params: idParams,
        response: {
          200: AuditEnvelope.extend({ items: z.array(AuditItemEnvelope) }),
          ...PROBLEM_RESPONSES,
        },
      },
    },
    async (req, reply) => {
      const doc = await single(req, reply, AUDITS_COLLECTION, req.params.id);
      const items = await children(documents, AUDIT_ITEMS_COLLECTION, 'auditId', doc.id);
      return { ...envelope(doc), items };
    },
  );

  api.get(
    '/api/v1/audits/:auditId/items/:id',
    {
      ...guard,
      schema: {
        tags: ['audits'],
        summary: 'One audit item with its findings',
        operationId: 'auditItem_get',
        params: z.object({ auditId: z.string().min(1).max(256), id: z.string().min(1).max(256) }),
        response: { 200: AuditItemEnvelope, ...PROBLEM_RESPONSES },
      },
    },
    async (req, reply) => {
      const doc = await single(req, reply, AUDIT_ITEMS_COLLECTION, req.params.id);
      if (doc.data.auditId !== req.params.auditId) {
        throw notFound(AUDIT_ITEMS_COLLECTION, req.params.id);
      }
      return envelope(doc);
    },
  );

  api.get(
    '/api/v1/measures',
    {
      ...guard,
      schema: {
        tags: ['measures'],
        summary: 'Measures, filtered, in pages',
        operationId: 'measure_list',
        querystring: listQuerySchema.extend({
          status: z.string().max(64).optional().describe('The measure status id.'),
          assignedTo: z.string().max(256).optional().describe('A person id among the assignees.'),
          auditId: z.string().max(256).optional(),
          dueBefore: z.iso.date().optional().describe('Due on or before this day.'),
          filter: z
            .enum(MEASURE_FILTERS)
            .optional()
            .describe("The measure list's filters: open, completed (final status), unassigned."),
          overdue: z
            .enum(['true', 'false'])
            .optional()
            .describe('true: open and due before today (UTC), as the lists mark them red.'),
        }),
        response: { 200: pageSchema(MeasureEnvelope), ...PROBLEM_RESPONSES },
      },
    },
    async (req, reply) => {
      mayRead(personOf(req), MEASURES_COLLECTION);
      const { status, assignedTo, auditId, dueBefore, filter, overdue, ...page } = req.query;
      const filters: Filter[] = [];
      if (status !== undefined) filters.push({ path: ['status'], op: '==', value: status });
      if (assignedTo !== undefined) {
        filters.push({ path: ['assignedTo'], op: 'array-contains', value: assignedTo });
      }
      if (auditId !== undefined) filters.push({ path: ['audit_id'], op: '==', value: auditId });
      if (dueBefore !== undefined) filters.push({ path: ['dueDate'], op: '<=', value: dueBefore });
      let keep: ((data: JsonObject) => boolean) | undefined;
      if (filter !== undefined || overdue !== undefined) {
        // Open and completed depend on the configured measure workflow (its final status).
        const [config] = await documents.findMany([
          { collection: CONFIGURATION_COLLECTION, id: 'workflow' },
        ]);
        const workflow = measureWorkflowFromConfig(config?.deleted ? undefined : config?.data);
        const today = new Date().toISOString().slice(0, 10);
        keep = (data) =>
          (filter === undefined || measureMatchesFilter(data, filter, workflow)) &&
          (overdue === undefined ||
            isMeasureOverdue(data as Parameters<typeof isMeasureOverdue>[0], workflow, today) ===
              (overdue === 'true'));
      }
      noStore(reply);
      return listPage(documents, MEASURES_COLLECTION, filters, page, { keep });
    },
  );

  api.get(
    '/api/v1/measures/:id',
    {
      ...guard,
      schema: {
        tags: ['measures'],
        summary: 'One measure',
        operationId: 'measure_get',
        params: idParams,
        response: { 200: MeasureEnvelope, ...PROBLEM_RESPONSES },
      },
    },
    async (req, reply) => envelope(await single(req, reply, MEASURES_COLLECTION, req.params.id)),
  );

  api.get(
    '/api/v1/standards',
    {
      ...guard,
      schema: {
        tags: ['standards'],
        summary: 'Standards, in pages',
        operationId: 'standard_list',
        querystring: listQuerySchema,
        response: { 200: pageSchema(StandardEnvelope), ...PROBLEM_RESPONSES },
      },
    },
    async (req, reply) => {
      mayRead(personOf(req), STANDARDS_COLLECTION);
      noStore(reply);
      return listPage(documents, STANDARDS_COLLECTION, [], req.query, { idInData: false });
    },
  );

  api.get(
    '/api/v1/standards/:id',
    {
      ...guard,
      schema: {
        tags: ['standards'],
        summary: 'One standard with its chapters',
        operationId: 'standard_get',
        params: idParams,
        response: { 200: StandardEnvelope, ...PROBLEM_RESPONSES },
      },
    },
    async (req, reply) => envelope(await single(req, reply, STANDARDS_COLLECTION, req.params.id)),
  );

  api.get(
    '/api/v1/templates',
    {
      ...guard,
      schema: {
        tags: ['templates'],
        summary: 'Templates, in pages',
        operationId: 'template_list',
        querystring: listQuerySchema,
        response: { 200: pageSchema(TemplateEnvelope), ...PROBLEM_RESPONSES },
      },
    },
    async (req, reply) => {
      mayRead(personOf(req), TEMPLATES_COLLECTION);
      noStore(reply);
      return listPage(documents, TEMPLATES_COLLECTION, [], req.query);
    },
  );

  api.get(
    '/api/v1/templates/:id',
    {
      ...guard,
      schema: {
        tags: ['templates'],
        summary: 'One template with its items',
        operationId: 'template_get',
        params: idParams,
        response: {
          200: TemplateEnvelope.extend({ items: z.array(TemplateItemEnvelope) }),
          ...PROBLEM_RESPONSES,
        },
      },
    },
    async (req, reply) => {
      const doc = await single(req, reply, TEMPLATES_COLLECTION, req.params.id);
      const items = await children(documents, TEMPLATE_ITEMS_COLLECTION, 'templateId', doc.id);
      return { ...envelope(doc), items };
    },
  );

  const PersonOut = personDocumentSchema;
  api.get(
    '/api/v1/people',
    {
      ...guard,
      schema: {
        tags: ['people'],
        summary: 'People (the directory: no login or account fields)',
        operationId: 'person_list',
        querystring: listQuerySchema,
        response: { 200: pageSchema(PersonOut), ...PROBLEM_RESPONSES },
      },
    },
    async (req, reply) => {
      mayRead(personOf(req), PEOPLE_COLLECTION);
      noStore(reply);
      const page = await listPage(documents, PEOPLE_COLLECTION, [], req.query);
      return { items: page.items.map((item) => item.data), nextCursor: page.nextCursor };
    },
  );

  api.get(
    '/api/v1/people/:id',
    {
      ...guard,
      schema: {
        tags: ['people'],
        summary: 'One person (no login or account fields)',
        operationId: 'person_get',
        params: idParams,
        response: { 200: PersonOut, ...PROBLEM_RESPONSES },
      },
    },
    async (req, reply) => (await single(req, reply, PEOPLE_COLLECTION, req.params.id)).data,
  );

  api.get(
    '/api/v1/activities',
    {
      ...guard,
      schema: {
        tags: ['activities'],
        summary: "The caller's own activities, newest first",
        operationId: 'activity_list',
        querystring: listQuerySchema,
        response: { 200: pageSchema(ActivityEnvelope), ...PROBLEM_RESPONSES },
      },
    },
    async (req, reply) => {
      const person = personOf(req);
      mayRead(person, ACTIVITIES_COLLECTION);
      const before = decodeCursor(req.query.cursor);
      const { documents: found } = await documents.queryDocuments({
        collection: ACTIVITIES_COLLECTION,
        filters: [
          { path: ['actor'], op: '==', value: person.id },
          ...(before === undefined
            ? []
            : [{ path: ['timestamp'], op: '<' as const, value: before }]),
        ],
        orderBy: [{ path: ['timestamp'], direction: 'desc' }],
        limit: req.query.limit + 1,
      });
      const items = found.slice(0, req.query.limit).map(envelope);
      noStore(reply);
      return {
        items,
        nextCursor:
          found.length > req.query.limit
            ? encodeCursor(String((items.at(-1)!.data as JsonObject).timestamp))
            : null,
      };
    },
  );
}
