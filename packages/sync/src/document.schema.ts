import { z } from 'zod/mini';
import { jsonObjectSchema } from './json';

/**
 * Names shared by ops, queries, protocol messages and stored documents. They end up in store
 * keys (`${collection}/${id}`), database text columns, URL paths, file names and log lines, so
 * they are kept to a few printable ASCII characters: a lone surrogate (not valid UTF-8), a NUL
 * (PostgreSQL text refuses it), a "/" or a ".." (a path) or markup never enters as a name.
 */
export const MAX_COLLECTION_NAME_LENGTH = 64;
export const MAX_DOCUMENT_ID_LENGTH = 256;
/** Longest id of a document, person, client or subscription (ID_PATTERN). */
export const MAX_ID_LENGTH = 128;

/**
 * An id as clients and the domain generate them: letters A-Z and a-z, digits, "-" and "_",
 * 1-128 characters (UUIDs, `${clientId}-${mutationId}-${n}`, 'iso9001'). The one pattern every
 * id that enters is checked with: command args, protocol ids, file ids in routes.
 */
export const ID_PATTERN = new RegExp(`^[A-Za-z0-9_-]{1,${MAX_ID_LENGTH}}$`);

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

/** A protocol-level id (client, subscription): ID_PATTERN. */
export const idStringSchema = z
  .string()
  .check(z.regex(ID_PATTERN, 'an id is 1-128 of A-Z a-z 0-9 - _'));

/** Collection names start with a letter; then letters, digits, "_" and "-" (never "/"). */
export const COLLECTION_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;

/**
 * A document id: the ID_PATTERN characters, plus ".", "@", "+" and "'" so that a normalised
 * e-mail address can key a document (the people directory's e-mail index), up to 256
 * characters; never starting with "." (no "." or ".." segment).
 */
export const DOCUMENT_ID_PATTERN = /^[A-Za-z0-9_@+'-][A-Za-z0-9_.@+'-]*$/;

export const collectionNameSchema = z
  .string()
  .check(z.minLength(1))
  .check(z.maxLength(MAX_COLLECTION_NAME_LENGTH))
  .check(
    z.regex(COLLECTION_NAME_PATTERN, 'a collection name is a letter, then letters, digits, _ or -'),
  );
export const documentIdSchema = z
  .string()
  .check(z.minLength(1))
  .check(z.maxLength(MAX_DOCUMENT_ID_LENGTH))
  .check(z.regex(DOCUMENT_ID_PATTERN, "a document id is made of A-Z a-z 0-9 - _ . @ + '"));

/**
 * A document id as the server sends it. Deliberately only length-checked: a document stored
 * before ids were restricted must not make a whole snapshot unreadable for every subscriber.
 * What enters (ops, commands) is checked with `documentIdSchema`.
 */
export const sentDocumentIdSchema = z
  .string()
  .check(z.minLength(1))
  .check(z.maxLength(MAX_DOCUMENT_ID_LENGTH));

/**
 * A replicated document as the server stores and sends it (DESIGN.md section 4). `version`
 * grows by one per write; a deleted document is kept as a tombstone (`deleted: true`, data
 * usually `{}`) so subscribers and resuming clients learn about the deletion. `updatedAt` is the
 * server clock as an ISO 8601 string.
 */
export const replicatedDocumentSchema = z.object({
  collection: collectionNameSchema,
  id: sentDocumentIdSchema,
  version: z.int().check(z.gte(0)),
  deleted: z.boolean(),
  updatedAt: z.string().check(z.minLength(1)).check(z.maxLength(64)),
  data: jsonObjectSchema,
});
export type ReplicatedDocument = z.infer<typeof replicatedDocumentSchema>;
