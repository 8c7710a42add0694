import {
  ATTACH_FINDING_MEDIA,
  checkAttachmentUpload,
  type DomainMessage,
  type Geolocation,
} from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import {
  deleteOfflineFile,
  FileRejectedError,
  saveOfflineFile,
  type OfflineFilesDatabase,
} from '../../../../lib/files/offline-files';
import { randomId } from '../../../../lib/sync/random-id';
import type { RunCommand } from '../../../../lib/sync/use-command';

/** The finding a photo or file is attached to. */
export interface MediaTarget {
  auditId: string;
  itemId: string;
  findingId: string;
}

export interface AttachInput {
  file: Blob;
  /** The name to keep (with extension); a File's own name by default. */
  name?: string;
  /** A photo taken here: when (ISO) and where; a picked file has neither. */
  capturedAt?: string;
  position?: Geolocation | null;
}

export interface AttachDeps {
  files: OfflineFilesDatabase;
  runCommand: RunCommand;
  /** The person attaching: kept as `capturedBy` (the server accepts only the sender). */
  personId: string;
  /** Long side photos are downscaled to (configuration `app.attachments.imageMaxEdge`). */
  imageMaxEdge: number;
  /** The file types allowed (configuration `app.attachments.allowedExtensions`). */
  allowedExtensions: readonly string[];
}

export type AttachResult =
  | { ok: true; name: string; mediaId: string; fileId: string }
  | { ok: false; name: string; message: DomainMessage };

/** Raster images the device can redraw smaller; anything else is kept as it is. */
const DOWNSCALED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * A photo smaller on the device before it is kept and uploaded (issue 11.5): long side at most
 * `maxEdge` px, JPEG. A shop-floor photo of 4000 px and 5 MB becomes about 2048 px and a few
 * hundred KB, which a slow mobile link can carry. Files that are not raster images, and images
 * the browser cannot decode, stay as they are.
 */
export async function downscaleImage(
  file: Blob,
  name: string,
  maxEdge: number,
  quality = 0.85,
): Promise<{ blob: Blob; name: string }> {
  if (!DOWNSCALED_TYPES.has(file.type)) return { blob: file, name };
  try {
    const { default: imageCompression } = await import('browser-image-compression');
    const input = file instanceof File ? file : new File([file], name, { type: file.type });
    const blob = await imageCompression(input, {
      maxWidthOrHeight: maxEdge,
      // Size follows from the edge; the library's own size limit must not shrink it further.
      maxSizeMB: Number.POSITIVE_INFINITY,
      fileType: 'image/jpeg',
      initialQuality: quality,
      // Its worker would load the library from a CDN, which the app's CSP (and offline) forbids.
      useWebWorker: false,
    });
    return { blob, name: name.replace(/\.[^.]+$/, '') + '.jpg' };
  } catch (error) {
    console.warn('downscaling an image failed; keeping the original', error);
    return { blob: file, name };
  }
}

/**
 * The downscaled JPEG, named so the configured types allow it: `.jpg`, else `.jpeg`; where
 * neither is allowed (a list with only `png`, say), the original as it was chosen.
 */
export function keptAsAllowed(
  downscaled: { blob: Blob; name: string },
  original: { blob: Blob; name: string },
  rules: { allowedExtensions: readonly string[] },
): { blob: Blob; name: string } {
  if (downscaled.blob === original.blob) return downscaled;
  const allowed = (name: string) =>
    checkAttachmentUpload({ name, type: downscaled.blob.type }, rules) === null;
  if (allowed(downscaled.name)) return downscaled;
  const jpeg = downscaled.name.replace(/\.jpg$/, '.jpeg');
  return allowed(jpeg) ? { blob: downscaled.blob, name: jpeg } : original;
}

/** SHA-256 of the bytes, lower-case hex; undefined where the browser offers no WebCrypto. */
export async function sha256Hex(blob: Blob): Promise<string | undefined> {
  if (!globalThis.crypto?.subtle) return undefined;
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Attaches a photo or file to a finding, online or offline: the upload rules are checked first
 * (a bad file is refused before anything is kept), an image is downscaled, the bytes' SHA-256 is
 * taken as evidence, the file is kept on the device, and `finding.attachMedia` is queued with it;
 * the sync engine uploads the file before it pushes the command.
 */
export async function attachMedia(
  deps: AttachDeps,
  target: MediaTarget,
  input: AttachInput,
): Promise<AttachResult> {
  const originalName = (input.name ?? (input.file instanceof File ? input.file.name : '')).trim();
  const rules = { allowedExtensions: deps.allowedExtensions };
  const rejection = checkAttachmentUpload(
    { name: originalName, type: input.file.type, size: input.file.size },
    rules,
  );
  if (rejection) return { ok: false, name: originalName, message: rejection.message };

  const { blob, name } = keptAsAllowed(
    await downscaleImage(input.file, originalName, deps.imageMaxEdge),
    { blob: input.file, name: originalName },
    rules,
  );
  const sha256 = await sha256Hex(blob);
  const mediaId = randomId();
  let fileId: string;
  try {
    ({ fileId } = await saveOfflineFile(
      deps.files,
      blob,
      { auditId: target.auditId, auditItemId: target.itemId, findingId: target.findingId, mediaId },
      name,
      { ...rules, ...(sha256 ? { sha256 } : {}) },
    ));
  } catch (error) {
    if (error instanceof FileRejectedError) return { ok: false, name, message: error.detail };
    throw error;
  }

  const media: JsonObject = {
    fileId,
    name,
    contentType: blob.type,
    size: blob.size,
    capturedBy: deps.personId,
  };
  if (sha256) media.sha256 = sha256;
  if (input.capturedAt) media.capturedAt = input.capturedAt;
  if (input.position) {
    const { latitude, longitude, accuracy, at } = input.position;
    media.position = {
      lat: latitude,
      lon: longitude,
      ...(accuracy === undefined ? {} : { accuracy }),
      ...(at === undefined ? {} : { at }),
    };
  }
  const { local } = await deps.runCommand(
    ATTACH_FINDING_MEDIA,
    { ...target, mediaId, media },
    { fileIds: [fileId] },
  );
  if (!local.ok) {
    // Nothing refers to the kept copy: give the device its storage back.
    await deleteOfflineFile(deps.files, fileId);
    return { ok: false, name, message: local.error.message };
  }
  return { ok: true, name, mediaId, fileId };
}
