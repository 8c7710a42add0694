import {
  IMAGE_EXTENSIONS,
  avatarUploadRules,
  checkAttachmentUpload,
  type DomainMessage,
} from '@qa/domain';
import { Dexie, type EntityTable } from 'dexie';
import { serverFileUrl, type IndexedDbDeps } from '../../lib/files/offline-files';
import { downscaleImage, keptAsAllowed } from '../audits/execution/media/attach-media';
import { PeopleApiError, PeopleNetworkError, errorOf, peopleApi, readBytes } from './people-api';

/** An avatar needs no more than this many pixels on its long side. */
export const AVATAR_MAX_EDGE = 512;

/**
 * An avatar chosen on this device and not yet at the server (issue 15.3: it waits like a photo
 * while offline and goes up once the device is online). One per person: a newer choice replaces
 * a waiting one.
 */
export interface PendingAvatar {
  personId: string;
  /** One's own profile goes through `/api/v1/me`; an admin's edit through `/api/v1/people/:id`. */
  self: boolean;
  name: string;
  type: string;
  /** The bytes (an ArrayBuffer survives every IndexedDB's structured clone; see `pendingBlob`). */
  bytes: ArrayBuffer;
  createdAt: string;
}

/** The waiting picture as a Blob again. */
export function pendingBlob(avatar: Pick<PendingAvatar, 'bytes' | 'type'>): Blob {
  return new Blob([avatar.bytes], { type: avatar.type });
}

export class AvatarDatabase extends Dexie {
  declare pending: EntityTable<PendingAvatar, 'personId'>;

  constructor(deps?: IndexedDbDeps) {
    super('qa-avatars', deps);
    this.version(1).stores({ pending: 'personId' });
  }
}

let shared: AvatarDatabase | null = null;

/** This browser's waiting avatars; null without IndexedDB. */
export function avatarDatabase(): AvatarDatabase | null {
  if (shared) return shared;
  if (typeof indexedDB === 'undefined') return null;
  shared = new AvatarDatabase();
  return shared;
}

/** Tests hand in their own database (fake-indexeddb). */
export function setAvatarDatabase(db: AvatarDatabase | null): void {
  shared = db;
}

export interface AvatarRules {
  /** The configured attachment types (`app.attachments.allowedExtensions`); images of them only. */
  allowedExtensions: readonly string[];
  /** `app.attachments.imageMaxEdge`; an avatar is capped at AVATAR_MAX_EDGE besides. */
  imageMaxEdge: number;
}

/** The image types an avatar may have: the configured types that are images (SPEC section 5). */
export function avatarExtensions(allowed: readonly string[]): string[] {
  const normalized = allowed.map((entry) => entry.replace(/^\./, '').toLowerCase());
  return IMAGE_EXTENSIONS.filter((extension) => normalized.includes(extension));
}

export type PreparedAvatar =
  { ok: true; blob: Blob; name: string } | { ok: false; message: DomainMessage };

/**
 * Checks a chosen file by the upload rules (a name with extension: 'Filename requires extension';
 * an image type allowed by the configuration), then downscales it like a photo.
 */
export async function prepareAvatar(file: File, rules: AvatarRules): Promise<PreparedAvatar> {
  const name = file.name.trim();
  const allowedExtensions = avatarExtensions(rules.allowedExtensions);
  const rejection = checkAttachmentUpload(
    { name, type: file.type, size: file.size },
    { allowedExtensions },
  );
  if (rejection) return { ok: false, message: rejection.message };
  // What is sent must pass the server's avatar rules (image types, 2 MiB), whatever was chosen.
  const sendable = avatarUploadRules(rules.allowedExtensions);
  const kept = keptAsAllowed(
    await downscaleImage(file, name, Math.min(rules.imageMaxEdge, AVATAR_MAX_EDGE)),
    { blob: file, name },
    { allowedExtensions: sendable.allowedExtensions },
  );
  const refused = checkAttachmentUpload(
    { name: kept.name, type: kept.blob.type, size: kept.blob.size },
    sendable,
  );
  if (refused) return { ok: false, message: refused.message };
  return { ok: true, ...kept };
}

/**
 * Sends one avatar: the file with PUT /api/v1/files/<id> (as photos go, the person as its
 * owner), then the person's `avatar` set to the file's URL. Resolves with that URL.
 */
export async function sendAvatar(
  avatar: Pick<PendingAvatar, 'personId' | 'self' | 'name'> & { blob: Blob },
  fetchFn: typeof fetch = (input, init) => fetch(input, init),
): Promise<string> {
  const fileId = crypto.randomUUID();
  const body = new FormData();
  body.append('file', avatar.blob, avatar.name);
  const query = new URLSearchParams({ personId: avatar.personId });
  let response: Response;
  try {
    response = await fetchFn(`${serverFileUrl(fileId)}?${query.toString()}`, {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      body,
    });
  } catch (error) {
    throw new PeopleNetworkError(error);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let parsed: unknown;
    try {
      parsed = text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      parsed = undefined;
    }
    throw errorOf(response.status, response.statusText, parsed);
  }
  const url = serverFileUrl(fileId);
  if (avatar.self) await peopleApi.updateMe({ avatar: url });
  else await peopleApi.update(avatar.personId, { avatar: url });
  return url;
}

/** Keeps an avatar on the device until it can be sent (offline, or the server unreachable). */
export async function keepPendingAvatar(
  db: AvatarDatabase,
  avatar: Pick<PendingAvatar, 'personId' | 'self' | 'name'> & { blob: Blob },
): Promise<void> {
  const { blob, ...rest } = avatar;
  await db.pending.put({
    ...rest,
    type: blob.type,
    bytes: await readBytes(blob),
    createdAt: new Date().toISOString(),
  });
}

/**
 * Sends every waiting avatar; one that gets no answer stays for the next time, one the server
 * refuses for good (4xx other than 401/408/429) is dropped. Returns the ids sent.
 */
export async function flushPendingAvatars(
  db: AvatarDatabase,
  send: typeof sendAvatar = sendAvatar,
): Promise<{ sent: string[]; refused: { personId: string; error: PeopleApiError }[] }> {
  const sent: string[] = [];
  const refused: { personId: string; error: PeopleApiError }[] = [];
  for (const avatar of await db.pending.toArray()) {
    try {
      await send({ ...avatar, blob: pendingBlob(avatar) });
      await db.pending.delete(avatar.personId);
      sent.push(avatar.personId);
    } catch (error) {
      if (!(error instanceof PeopleApiError)) continue;
      if (![401, 408, 429].includes(error.status) && error.status < 500) {
        await db.pending.delete(avatar.personId);
        refused.push({ personId: avatar.personId, error });
      }
    }
  }
  return { sent, refused };
}
