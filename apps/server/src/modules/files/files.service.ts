import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  attachmentContentType,
  checkAttachmentUpload,
  fileExtension,
  isFileId,
  MAX_ATTACHMENT_BYTES,
  type AttachmentRejection,
  type AttachmentRejectionReason,
} from '@qa/domain';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError, type ErrorCode } from '../../shared/app-error';
import type { FileStorage, StoredContent } from './file-storage';
import { FilesRepository, type FileRecord } from './files.repository';
import { LocalDiskFileStorage } from './local-disk-file-storage';
import { discard, meter } from './upload-meter';

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
  maxBytes?: number;
  now?: () => Date;
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

/** Longest file name kept; longer names lose the end of their stem, never the extension. */
const MAX_NAME_LENGTH = 255;

/**
 * Uploads and downloads of files (DESIGN.md sections 4 and 6). The client chooses the file id,
 * so an upload can be retried safely: the same content under the same id is stored once, other
 * content under a used id is a conflict. Checks: extension, content type, size; the bytes are
 * stored under a generated name, the user's file name only in the metadata.
 */
export class FilesService {
  /** Largest file accepted, in bytes. */
  readonly maxUploadBytes: number;
  private readonly now: () => Date;

  constructor(
    private readonly files: FilesRepository,
    private readonly storage: FileStorage,
    { maxBytes = MAX_ATTACHMENT_BYTES, now = () => new Date() }: FilesServiceOptions = {},
  ) {
    this.maxUploadBytes = maxBytes;
    this.now = now;
  }

  async upload(createdBy: string, fileId: string, incoming: IncomingFile): Promise<UploadResult> {
    try {
      return await this.receive(createdBy, fileId, incoming);
    } finally {
      await discard(incoming.content);
    }
  }

  /** The file's metadata; 404 for an id never uploaded. */
  async find(fileId: string): Promise<FileRecord> {
    assertFileId(fileId);
    const file = await this.files.findById(fileId);
    if (!file) throw new AppError('not_found', 'File not found');
    return file;
  }

  async content(file: FileRecord): Promise<StoredContent> {
    const content = await this.storage.get(file.storageKey);
    if (!content) throw new AppError('not_found', 'The file content is missing');
    return content;
  }

  private async receive(
    createdBy: string,
    fileId: string,
    incoming: IncomingFile,
  ): Promise<UploadResult> {
    assertFileId(fileId);
    const name = cleanFileName(incoming.name);
    const limits = { maxBytes: this.maxUploadBytes };
    const rejection = checkAttachmentUpload({ name, type: incoming.type }, limits);
    if (rejection) throw rejectionError(rejection);

    const existing = await this.files.findById(fileId);
    if (existing) {
      // Read (and hash) the content only: a retry must not store a second copy.
      const measured = meter(incoming.content, this.maxUploadBytes);
      measured.resume();
      await finished(measured);
      return this.sameOrConflict(existing, measured.digest());
    }

    const storageKey = `${fileId}-${randomBytes(8).toString('hex')}.${fileExtension(name)}`;
    const measured = meter(incoming.content, this.maxUploadBytes);
    await this.storage.put(storageKey, measured);
    const file: FileRecord = {
      id: fileId,
      storageKey,
      name,
      contentType: attachmentContentType(name),
      size: measured.size,
      sha256: measured.digest(),
      createdBy,
      createdAt: this.now().toISOString(),
    };
    try {
      await this.files.insert(file);
      return { file, created: true };
    } catch (error) {
      await this.storage.delete(storageKey);
      if (!isUniqueViolation(error)) throw error;
      // The same id was uploaded at the same moment by another request; its row wins.
      const winner = await this.files.findById(fileId);
      if (!winner) throw error;
      return this.sameOrConflict(winner, file.sha256);
    }
  }

  private sameOrConflict(existing: FileRecord, sha256: string): UploadResult {
    if (existing.sha256 !== sha256) {
      throw new AppError('conflict', 'Another file with this id exists already');
    }
    return { file: existing, created: false };
  }
}

/** The service on the local disk (`DATA_DIR/files`), the default storage. */
export function createFilesService(database: Database, dataDir: string): FilesService {
  return new FilesService(
    new FilesRepository(database),
    new LocalDiskFileStorage(path.join(dataDir, 'files')),
  );
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
