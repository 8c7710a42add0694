import { z } from 'zod/mini';
import { collectionNameSchema } from './document.schema';
import { jsonValueSchema } from './json';
import { fieldPathSchema } from './ops.schema';

/**
 * The query model of subscriptions (DESIGN.md section 4). Filters are combined with AND;
 * their semantics (missing fields, mixed types) are in query.ts. Limits keep a query cheap to
 * evaluate on the server for every change and bounded in size on the wire.
 */
export const MAX_IN_VALUES = 30;
export const MAX_FILTERS = 20;
export const MAX_ORDER_BY = 5;
export const MAX_QUERY_LIMIT = 10_000;

/** A filter path names a field inside `data`; it is never empty. */
const filterPathSchema = z.pipe(
  fieldPathSchema,
  z.readonly(z.array(z.string()).check(z.minLength(1)).check(z.maxLength(16))),
);

export const comparisonOperatorSchema = z.enum([
  '==',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  'array-contains',
]);

export const filterSchema = z.discriminatedUnion('op', [
  z.object({ path: filterPathSchema, op: comparisonOperatorSchema, value: jsonValueSchema }),
  z.object({
    path: filterPathSchema,
    op: z.literal('in'),
    value: z.array(jsonValueSchema).check(z.maxLength(MAX_IN_VALUES)),
  }),
]);
export type Filter = z.infer<typeof filterSchema>;
export type FilterOperator = Filter['op'];

export const orderBySchema = z.object({
  path: filterPathSchema,
  direction: z.enum(['asc', 'desc']),
});
export type OrderBy = z.infer<typeof orderBySchema>;

export const querySchema = z.object({
  collection: collectionNameSchema,
  filters: z.array(filterSchema).check(z.maxLength(MAX_FILTERS)),
  orderBy: z.optional(z.array(orderBySchema).check(z.maxLength(MAX_ORDER_BY))),
  limit: z.optional(z.int().check(z.gte(1)).check(z.lte(MAX_QUERY_LIMIT))),
});
export type Query = z.infer<typeof querySchema>;
