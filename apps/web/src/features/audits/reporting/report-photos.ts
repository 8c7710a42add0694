import { sha256Hex } from '../execution/media/attach-media';
import type { Verification } from '../execution/media/media-viewer';

/** What the report says of a photo's fingerprint (the viewer's check, once it is done). */
export type PhotoCheck = Exclude<Verification, 'checking'>;

/** A photo of a finding as the report prints it: the picture, its evidence lines, its check. */
export interface ReportPhoto {
  /** The stored file (null: an entry of the old app, known only by its URL). */
  fileId: string | null;
  name: string;
  /** The SHA-256 taken on the device at capture (lower-case hex), if any. */
  sha256: string | null;
  /** Capture time, person, position: already in the user's language. */
  lines: string[];
  /** The downscaled JPEG or PNG once loaded; null when it could not be had or drawn. */
  image: Blob | null;
  check: PhotoCheck;
}

/** Where the photos come from and how they are made small; the hook gives the browser's. */
export interface PhotoReader {
  /** The original bytes: the copy on this device, else the server's; null when neither answers. */
  read(fileId: string): Promise<Blob | null>;
  /** A smaller JPEG or PNG of the image for print; null when it cannot be drawn. */
  downscale(blob: Blob, name: string): Promise<Blob | null>;
}

/** Photos loaded at once: enough to keep the network busy, few enough for a tablet's memory. */
const PARALLEL = 3;

/**
 * Loads every photo of the report: reads its bytes, checks them against the fingerprint taken
 * at capture (so the report states, per photo, that it shows what was photographed), and keeps a
 * downscaled copy to print. A photo that cannot be read (offline, never kept on this device) is
 * printed as its evidence lines with "not available". Reports progress as photos finish.
 */
export async function loadReportPhotos(
  photos: readonly ReportPhoto[],
  reader: PhotoReader,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ReportPhoto[]> {
  const loaded: ReportPhoto[] = new Array<ReportPhoto>(photos.length);
  let next = 0;
  let done = 0;
  onProgress(0, photos.length);
  async function worker() {
    while (next < photos.length) {
      const index = next++;
      loaded[index] = await loadOne(photos[index]!, reader);
      onProgress(++done, photos.length);
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL, photos.length) }, worker));
  return loaded;
}

async function loadOne(photo: ReportPhoto, reader: PhotoReader): Promise<ReportPhoto> {
  const original = photo.fileId === null ? null : await reader.read(photo.fileId).catch(() => null);
  if (!original) return { ...photo, image: null, check: photo.sha256 ? 'unavailable' : 'none' };
  const actual = await sha256Hex(original);
  const check: PhotoCheck = !photo.sha256
    ? 'none'
    : actual === undefined
      ? 'unavailable'
      : actual === photo.sha256
        ? 'verified'
        : 'mismatch';
  const image = await reader.downscale(original, photo.name).catch(() => null);
  return { ...photo, image, check };
}

/** A fingerprint in groups of eight, so it wraps at a space and is read off the paper easily. */
export function groupedHash(sha256: string): string {
  return sha256.match(/.{1,8}/g)?.join(' ') ?? sha256;
}
