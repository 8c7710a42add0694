import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  attachmentContentType,
  avatarUploadRules,
  checkAttachmentUpload,
  checkFileDownload,
  checkFileUpload,
  checkPersonFileUpload,
  DEFAULT_UPLOAD_QUOTA_BYTES,
  fileExtension,
  isFileId,
  isPersonFileOwner,
  MAX_ATTACHMENT_BYTES,
  parseFileOwner,
  sameFileOwner,
  uploadQuotaExceeded,
  type AnyFileOwner,
  type AttachmentRejection,
  type AttachmentRejectionReason,
  type FileAccessRefusal,
  type FileAccessRefusalReason,
  type FileActor,
} from '@qa/domain';
import { isUniqueViolation } from '../../db/errors';
import { AppError, type ErrorCode } from '../../shared/app-error';
import type { FileParents } from './file-parents';
import type { FileStorage, StoredContent } from './file-storage';
import type { FileRecord, FilesRepository } from './files.repository';
import { discard, meter, tooLargeError } from './upload-meter';

/** One file as the client sent it. */
export interface IncomingFile {
  /** The file name from the multipart part; only its last path segment counts. */
  name: string;
  /** The content type the client declared for the part. */
  type: string;
  content: Readable;
}

export interface UploadResult {
  file: FileRecord;
  /** False when the same content was stored under this id before (a retried upload). */
  created: boolean;
}

export interface FilesServiceOptions {
  /** Largest file accepted, in bytes. */
  maxBytes?: number;
  /** Most bytes one person may have stored in all their files together. */
  quotaBytes?: number;
  now?: () => Date;
  /** Told the size of every file stored (metrics); not of a retry of a file already there. */
  onStored?: (bytes: number) => void;
}

const REJECTION_CODES: Record<AttachmentRejectionReason, ErrorCode> = {
  extensionRequired: 'invalid_request',
  typeNotAllowed: 'unsupported_media_type',
  mimeMismatch: 'unsupported_media_type',
  tooLarge: 'payload_too_large',
};

const REJECTION_TEXTS: Record<AttachmentRejectionReason, string> = {
  extensionRequired: 'Filename requires extension',
  typeNotAllowed: 'This file type is not allowed',
  mimeMismatch: 'The content type does not match the file extension',
  tooLarge: 'The file is too large',
};

const ACCESS_CODES: Record<FileAccessRefusalReason, ErrorCode> = {
  forbidden: 'forbidden',
  auditProtected: 'forbidden',
  auditNotFound: 'not_found',
  auditDeleted: 'not_found',
  itemNotInAudit: 'invalid_request',
  personNotFound: 'not_found',
  fileNotFound: 'not_found',
};

const ACCESS_TEXTS: Record<FileAccessRefusalReason, string> = {
  forbidden: 'You may not access files of this audit',
  auditProtected: 'The audit is protected',
  auditNotFound: 'The audit does not exist',
  auditDeleted: 'The audit has been deleted',
  itemNotInAudit: 'The audit item belongs to another audit',
  personNotFound: 'The person does not exist',
  fileNotFound: 'File not found',
};

/** Longest file name kept; longer names lose the end of their stem, never the extension. */
const MAX_NAME_LENGTH = 255;

/**
 * Uploads and downloads of files (DESIGN.md sections 4 and 6). The client chooses the file id,
 * so an upload can be retried safely: the same content under the same id is stored once, other
 * content under a used id is a conflict. Every file belongs to an audit or a person (its
 * owner; a person's file is their avatar), and the domain's file rules decide on the stored
 * audit, or on who the person is, who may write and read it. Checks: owner and
 * access before a byte of the body is read, then extension, content type, size and the
 * uploader's quota; the bytes are stored under a generated name, the user's file name only in
 * the metadata.
 */
export class FilesService {
  /** Largest file accepted, in bytes. */
  readonly maxUploadBytes: number;
  readonly quotaBytes: number;
  private readonly now: () => Date;
  private readonly onStored: (bytes: number) => void;

  constructor(
    private readonly files: FilesRepository,
    private readonly storage: FileStorage,
    private readonly parents: FileParents,
    {
      maxBytes = MAX_ATTACHMENT_BYTES,
      quotaBytes = DEFAULT_UPLOAD_QUOTA_BYTES,
      now = () => new Date(),
      onStored = () => undefined,
    }: FilesServiceOptions = {},
  ) {
    this.maxUploadBytes = maxBytes;
    this.quotaBytes = quotaBytes;
    this.now = now;
    this.onStored = onStored;
  }

  /**
   * Stores the file `open` hands over, for the owner named in `ownerInput` (the request's
   * query). `open` is called only once the actor may upload there, so a refused upload is not
   * read into the storage.
   */
  async upload(
    actor: FileActor,
    fileId: string,
    ownerInput: Readonly<Record<string, unknown>>,
    open: () => Promise<IncomingFile>,
  ): Promise<UploadResult> {
    assertFileId(fileId);
    const owned = parseFileOwner(ownerInput);
    if (!owned.ok) {
      throw new AppError(
        'invalid_request',
        'The audit or person the file belongs to is missing or invalid',
        owned.message,
      );
    }
    const { owner } = owned;
    const expected = expectedSha256(ownerInput.sha256);
    const refusal = isPersonFileOwner(owner)
      ? checkPersonFileUpload(actor, owner, await this.parents.personExists(owner.personId))
      : await this.parents
          .of(owner)
          .then(({ audit, item }) => checkFileUpload(actor, owner, audit, item));
    if (refusal) throw accessError(refusal);

    const incoming = await open();
    try {
      const result = await this.receive(actor.personId, fileId, owner, incoming, expected);
      if (result.created) this.onStored(result.file.size);
      return result;
    } finally {
      await discard(incoming.content);
    }
  }

  /** The file's metadata, if the actor may read it: 404 for an id never uploaded. */
  async find(actor: FileActor, fileId: string): Promise<FileRecord> {
    assertFileId(fileId);
    const file = await this.files.findById(fileId);
    const owner = file?.owner ?? null;
    const audit =
      owner && !isPersonFileOwner(owner) ? await this.parents.audit(owner.auditId) : null;
    const refusal = checkFileDownload(actor, file, audit);
    if (refusal) {
      // A file whose audit is gone is as good as collected.
      if (refusal.reason === 'auditDeleted') throw new AppError('not_found', 'File not found');
      throw accessError(refusal);
    }
    return file!;
  }

  async content(file: FileRecord): Promise<StoredContent> {
    const content = await this.storage.get(file.storageKey);
    if (!content) throw new AppError('not_found', 'The file content is missing');
    return content;
  }

  /** Deletes the files of these audits, bytes first: a row never outlives its bytes unseen. */
  async deleteFilesOfAudits(auditIds: readonly string[]): Promise<number> {
    let deleted = 0;
    for (const auditId of auditIds) {
      for (const file of await this.files.findByAudit(auditId)) {
        await this.remove(file);
        deleted += 1;
      }
    }
    return deleted;
  }

  /**
   * Deletes the files (avatars) of these people if they no longer exist: a person deleted, or
   * a people document become a tombstone while the record stays, is checked again here.
   */
  async deleteFilesOfGonePeople(personIds: readonly string[]): Promise<number> {
    let deleted = 0;
    for (const personId of await this.parents.gonePeople(personIds)) {
      for (const file of await this.files.findByOwnerPerson(personId)) {
        await this.remove(file);
        deleted += 1;
      }
    }
    return deleted;
  }

  /** Deletes the files of every audit that is no longer stored live and of every gone person. */
  async collectOrphans(): Promise<number> {
    const gone = await this.parents.goneAudits(await this.files.ownerAuditIds());
    const ofAudits = await this.deleteFilesOfAudits(gone);
    return ofAudits + (await this.deleteFilesOfGonePeople(await this.files.ownerPersonIds()));
  }

  private async remove(file: FileRecord): Promise<void> {
    // The row first: a backup whose database moment still has the row holds deletions from
    // before that moment on, so the bytes it lists are always there to copy (a crash in
    // between leaves bytes without a row, which nothing reads).
    await this.files.delete(file.id);
    await this.storage.delete(file.storageKey);
  }

  private async receive(
    createdBy: string,
    fileId: string,
    owner: AnyFileOwner,
    incoming: IncomingFile,
    expected: string | null,
  ): Promise<UploadResult> {
    // A retry of a stored file first: it was taken under the rules of its time, and refusing it
    // now (the allowed types narrowed since) would fail for good a file the server has.
    const existing = await this.files.findById(fileId);
    if (existing) {
      // Read (and hash) the content only: a retry must not store a second copy.
      const measured = meter(incoming.content, this.maxUploadBytes);
      measured.resume();
      await finished(measured);
      const digest = measured.digest();
      assertExpectedHash(expected, digest);
      return this.sameOrConflict(existing, digest, owner);
    }

    const name = cleanFileName(incoming.name);
    const allowedExtensions = await this.parents.allowedExtensions();
    // A person's file is their avatar: an image type, and smaller.
    const limits = isPersonFileOwner(owner)
      ? avatarUploadRules(allowedExtensions, this.maxUploadBytes)
      : { maxBytes: this.maxUploadBytes, allowedExtensions };
    const rejection = checkAttachmentUpload({ name, type: incoming.type }, limits);
    if (rejection) throw rejectionError(rejection);

    // The quota binds when less is left of it than a file may have.
    const left = this.quotaBytes - (await this.files.bytesStoredBy(createdBy));
    const overQuota = () =>
      new AppError(
        'payload_too_large',
        `The files of this person would exceed the quota of ${this.quotaBytes} bytes`,
        uploadQuotaExceeded(this.quotaBytes),
      );
    if (left <= 0) throw overQuota();
    const limit = Math.min(limits.maxBytes, left);
    const overLimit = left < limits.maxBytes ? overQuota : () => tooLargeError(limit);

    const storageKey = `${fileId}-${randomBytes(8).toString('hex')}.${fileExtension(name)}`;
    const measured = meter(incoming.content, limit, overLimit);
    await this.storage.put(storageKey, measured);
    const sha256 = measured.digest();
    try {
      assertExpectedHash(expected, sha256);
    } catch (error) {
      await this.storage.delete(storageKey);
      throw error;
    }
    const file: FileRecord = {
      id: fileId,
      storageKey,
      name,
      contentType: attachmentContentType(name),
      size: measured.size,
      sha256,
      createdBy,
      createdAt: this.now().toISOString(),
      owner,
    };
    try {
      await this.files.insert(file);
    } catch (error) {
      await this.storage.delete(storageKey);
      if (!isUniqueViolation(error)) throw error;
      // The same id was uploaded at the same moment by another request; its row wins.
      const winner = await this.files.findById(fileId);
      if (!winner) throw error;
      return this.sameOrConflict(winner, file.sha256, owner);
    }
    // The person may have been deleted while the bytes arrived, after their files were
    // collected.
    if (isPersonFileOwner(owner)) {
      if (!(await this.parents.personExists(owner.personId))) {
        await this.remove(file);
        throw accessError({
          reason: 'personNotFound',
          message: { key: 'file.personNotFound', params: { personId: owner.personId } },
        });
      }
      return { file, created: true };
    }
    // The audit may have been deleted while the bytes arrived, after its files were collected.
    const audit = await this.parents.audit(owner.auditId);
    if (!audit || audit.deleted) {
      await this.remove(file);
      throw accessError({
        reason: 'auditDeleted',
        message: { key: 'file.auditDeleted', params: { auditId: owner.auditId } },
      });
    }
    return { file, created: true };
  }

  private sameOrConflict(existing: FileRecord, sha256: string, owner: AnyFileOwner): UploadResult {
    const sameOwner = existing.owner !== null && sameFileOwner(existing.owner, owner);
    if (existing.sha256 !== sha256 || !sameOwner) {
      throw new AppError('conflict', 'Another file with this id exists already');
    }
    return { file: existing, created: false };
  }
}

/**
 * The SHA-256 the device computed at capture (`?sha256=`, issue 11.6), lower case; null when the
 * upload names none. A malformed one is refused before a byte is read.
 */
function expectedSha256(value: unknown): string | null {
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string' || !/^[0-9a-fA-F]{64}$/.test(value)) {
    throw new AppError('invalid_request', 'sha256 must be 64 hexadecimal characters', {
      key: 'file.hashInvalid',
    });
  }
  return value.toLowerCase();
}

/** The bytes that arrived are the bytes captured, or nothing of them is kept. */
function assertExpectedHash(expected: string | null, actual: string): void {
  if (expected !== null && expected !== actual) {
    throw new AppError('invalid_request', 'The content does not match its sha256', {
      key: 'file.hashMismatch',
    });
  }
}

function assertFileId(fileId: string): void {
  if (!isFileId(fileId)) {
    throw new AppError(
      'invalid_request',
      'A file id is 1-128 characters of A-Z, a-z, 0-9, _ and -',
    );
  }
}

function rejectionError(rejection: AttachmentRejection): AppError {
  return new AppError(
    REJECTION_CODES[rejection.reason],
    REJECTION_TEXTS[rejection.reason],
    rejection.message,
  );
}

function accessError(refusal: FileAccessRefusal): AppError {
  return new AppError(ACCESS_CODES[refusal.reason], ACCESS_TEXTS[refusal.reason], refusal.message);
}

/**
 * The name kept in the metadata: the last path segment (browsers on Windows sent whole paths),
 * without control characters, at most MAX_NAME_LENGTH characters with the extension kept.
 */
export function cleanFileName(name: string): string {
  const base = (name.split(/[/\\]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  if (base.length <= MAX_NAME_LENGTH) return base;
  const extension = fileExtension(base);
  if (!extension || extension.length > 16) return base.slice(0, MAX_NAME_LENGTH);
  return `${base.slice(0, MAX_NAME_LENGTH - extension.length - 1)}.${extension}`;
}
