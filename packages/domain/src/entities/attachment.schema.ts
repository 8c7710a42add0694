import { z } from 'zod/mini';
import { idSchema } from '../ids';
import { MAX_FILE_NAME_LENGTH, MAX_URL_LENGTH } from '../limits';

/** An attachment of an audit, kept in the audit's `attachments` map under its file id. */
export const attachmentRefSchema = z.object({
  id: idSchema,
  name: z.string().check(z.minLength(1)).check(z.maxLength(MAX_FILE_NAME_LENGTH)),
  url: z.string().check(z.minLength(1)).check(z.maxLength(MAX_URL_LENGTH)),
  /** Where the file lies in storage (folder `attachments`), for deletion and metadata reads. */
  bucket_path: z.string().check(z.minLength(1)).check(z.maxLength(MAX_URL_LENGTH)),
});
export type AttachmentRef = z.infer<typeof attachmentRefSchema>;

/**
 * The custom metadata stored with an uploaded file (SPEC section 3 "Attachment upload"): the
 * file id and, as applicable, the audit, item, finding and media it belongs to. An avatar has
 * only the file id.
 */
export const attachmentMetadataSchema = z.object({
  fileId: idSchema,
  auditId: z.optional(idSchema),
  auditItemId: z.optional(idSchema),
  findingId: z.optional(idSchema),
  mediaId: z.optional(idSchema),
});
export type AttachmentMetadata = z.infer<typeof attachmentMetadataSchema>;

/**
 * The stored name of an upload: the generated file id goes before the extension, so two
 * uploads of "photo.jpg" never overwrite each other and the type stays recognisable
 * ("photo.jpg" with id "abc" -> "photo_abc.jpg"). A name without extension gets the id at
 * its end; such names are rejected earlier by the attachment name validation.
 */
export function attachmentStorageName(fileName: string, fileId: string): string {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0) return `${fileName}_${fileId}`;
  return `${fileName.slice(0, dot)}_${fileId}${fileName.slice(dot)}`;
}
