import { z } from 'zod';
import { jsonObjectSchema } from './json';

/**
 * Names shared by ops, queries, protocol messages and stored documents. A collection name never
 * contains "/" so the store key `${collection}/${id}` is unambiguous (ids may contain "/").
 */
export const MAX_COLLECTION_NAME_LENGTH = 64;
export const MAX_DOCUMENT_ID_LENGTH = 256;

export const collectionNameSchema = z
  .string()
  .min(1)
  .max(MAX_COLLECTION_NAME_LENGTH)
  .regex(/^[^/]+$/, 'a collection name must not contain "/"');
export const documentIdSchema = z.string().min(1).max(MAX_DOCUMENT_ID_LENGTH);

/**
 * A replicated document as the server stores and sends it (DESIGN.md section 4). `version`
 * grows by one per write; a deleted document is kept as a tombstone (`deleted: true`, data
 * usually `{}`) so subscribers and resuming clients learn about the deletion. `updatedAt` is the
 * server clock as an ISO 8601 string.
 */
export const replicatedDocumentSchema = z.object({
  collection: collectionNameSchema,
  id: documentIdSchema,
  version: z.number().int().min(0),
  deleted: z.boolean(),
  updatedAt: z.string().min(1).max(64),
  data: jsonObjectSchema,
});
export type ReplicatedDocument = z.infer<typeof replicatedDocumentSchema>;
