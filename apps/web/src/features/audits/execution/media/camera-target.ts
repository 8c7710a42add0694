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

/** Where the camera returns: the execution tab of the finding's audit. */
export function executionPath(auditId: string): string {
  return `/audit/${encodeURIComponent(auditId)}/auditexecution`;
}

/** A photo's file name from the moment it was taken, e.g. photo-20261125-071503.jpg. */
export function photoName(at: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `photo-${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(
    at.getHours(),
  )}${pad(at.getMinutes())}${pad(at.getSeconds())}.jpg`;
}
