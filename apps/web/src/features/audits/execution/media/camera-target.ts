import type { MediaTarget } from './attach-media';

/** `/camera` for one finding: the photo is attached to it, then the camera returns there. */
export function cameraPath(target: MediaTarget): string {
  const query = new URLSearchParams({
    auditId: target.auditId,
    itemId: target.itemId,
    findingId: target.findingId,
  });
  return `/camera?${query.toString()}`;
}

/** The finding `/camera` was opened for; null when the link names none (then nothing to do). */
export function cameraTargetOf(params: URLSearchParams): MediaTarget | null {
  const auditId = params.get('auditId');
  const itemId = params.get('itemId');
  const findingId = params.get('findingId');
  if (!auditId || !itemId || !findingId) return null;
  return { auditId, itemId, findingId };
}

/** The question the execution tab brings on screen and focuses: `?item=` (the camera's return). */
export const REVEAL_ITEM_PARAM = 'item';

/**
 * Where the camera returns: the execution tab of the finding's audit, at the question the photo
 * was for, so the auditor goes on where they were and not at the top of a long list.
 */
export function executionPath(auditId: string, itemId?: string): string {
  const path = `/audit/${encodeURIComponent(auditId)}/auditexecution`;
  return itemId
    ? `${path}?${new URLSearchParams({ [REVEAL_ITEM_PARAM]: itemId }).toString()}`
    : path;
}

/** A photo's file name from the moment it was taken, e.g. photo-20261125-071503.jpg. */
export function photoName(at: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `photo-${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(
    at.getHours(),
  )}${pad(at.getMinutes())}${pad(at.getSeconds())}.jpg`;
}
