// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../execution/media/attach-media';
import { groupedHash, loadReportPhotos, type PhotoReader, type ReportPhoto } from './report-photos';

const photo = (fileId: string | null, sha256: string | null): ReportPhoto => ({
  fileId,
  name: `${fileId ?? 'alt'}.jpg`,
  sha256,
  lines: [],
  image: null,
  check: 'unavailable',
});

describe('the photos of the PDF report', () => {
  it('checks each photo against its fingerprint and keeps the downscaled copy to print', async () => {
    const bytes = new Blob(['Foto vom Wareneingang'], { type: 'image/jpeg' });
    const good = (await sha256Hex(bytes))!;
    const small = new Blob(['klein'], { type: 'image/jpeg' });
    const files = new Map([
      ['f1', bytes],
      ['f2', bytes],
      ['f3', bytes],
    ]);
    const reader: PhotoReader = {
      read: (fileId) =>
        fileId === 'offline'
          ? Promise.reject(new TypeError('Failed to fetch'))
          : Promise.resolve(files.get(fileId) ?? null),
      downscale: (blob) => Promise.resolve(blob === bytes ? small : null),
    };
    const progress: [number, number][] = [];
    const loaded = await loadReportPhotos(
      [
        photo('f1', good),
        photo('f2', 'f'.repeat(64)),
        photo('f3', null),
        photo('offline', good),
        photo('gone', null),
        photo(null, null),
      ],
      reader,
      (done, total) => progress.push([done, total]),
    );
    expect(loaded.map((entry) => [entry.fileId, entry.check, entry.image === small])).toEqual([
      ['f1', 'verified', true],
      // Printed, but flagged: the bytes are not the ones photographed.
      ['f2', 'mismatch', true],
      ['f3', 'none', true],
      ['offline', 'unavailable', false],
      ['gone', 'none', false],
      [null, 'none', false],
    ]);
    expect(progress[0]).toEqual([0, 6]);
    expect(progress.at(-1)).toEqual([6, 6]);
    expect(progress).toHaveLength(7);
  });

  it('prints a fingerprint in groups of eight', () => {
    expect(groupedHash('0123456789abcdef'.repeat(4))).toBe(
      '01234567 89abcdef 01234567 89abcdef 01234567 89abcdef 01234567 89abcdef',
    );
  });
});
