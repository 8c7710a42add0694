import { z } from 'zod/mini';
import { collectionNameSchema, documentIdSchema } from './document.schema';
import { jsonObjectSchema, jsonValueSchema } from './json';

/**
 * Field-path operations (DESIGN.md section 4): what a command's `run` returns and what the
 * server applies. A path is an array of keys, never a dotted string, so keys may contain dots
 * ("4.1" chapter ids). The empty path means the whole document:
 * - `set` [] creates or replaces the document; `set` [a, b] sets that field (creating parents);
 * - `merge` deep-merges an object into the document or into the object at the path;
 * - `delete` [] deletes the document; `delete` [a, b] removes that field.
 */
export const fieldPathSchema = z.readonly(z.array(z.string().check(z.minLength(1))));
export type FieldPath = z.infer<typeof fieldPathSchema>;

const target = {
  collection: collectionNameSchema,
  id: documentIdSchema,
  path: fieldPathSchema,
};

// A document is always an object, so replacing the whole document needs an object value.
export const setOpSchema = z
  .object({ op: z.literal('set'), ...target, value: jsonValueSchema })
  .check(
    z.refine((op) => op.path.length > 0 || isPlainObject(op.value), {
      message: 'set on the whole document (empty path) needs an object value',
      path: ['value'],
    }),
  );
export const mergeOpSchema = z.object({
  op: z.literal('merge'),
  ...target,
  value: jsonObjectSchema,
});
export const deleteOpSchema = z.object({ op: z.literal('delete'), ...target });

export const opSchema = z.discriminatedUnion('op', [setOpSchema, mergeOpSchema, deleteOpSchema]);
export type Op = z.infer<typeof opSchema>;
export type SetOp = z.infer<typeof setOpSchema>;
export type MergeOp = z.infer<typeof mergeOpSchema>;
export type DeleteOp = z.infer<typeof deleteOpSchema>;

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
