// @vitest-environment node
import { createHash } from 'node:crypto';
import { DEFAULT_ATTACHMENT_EXTENSIONS } from '@qa/domain';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  openOfflineFiles,
  type OfflineFilesDatabase,
} from '../../../../lib/files/offline-files-db';
import type { RunCommand } from '../../../../lib/sync/use-command';
import { attachMedia, keptAsAllowed, sha256Hex } from './attach-media';
import { cameraPath, cameraTargetOf, photoName } from './camera-target';

const TARGET = { auditId: 'audit-1', itemId: 'item-1', findingId: 'finding-1' };
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31]);

describe('attaching media to a finding', () => {
  let files: OfflineFilesDatabase;
  let runCommand: ReturnType<typeof vi.fn<RunCommand>>;
  beforeEach(() => {
    files = openOfflineFiles('person-1', { indexedDB: new IDBFactory(), IDBKeyRange });
    runCommand = vi.fn<RunCommand>(async () => ({
      local: { ok: true, ops: [] },
      confirmed: Promise.resolve({ ok: true as const }),
    }));
  });
  afterEach(() => files.close());

  const deps = (allowedExtensions: readonly string[] = DEFAULT_ATTACHMENT_EXTENSIONS) => ({
    files,
    runCommand,
    personId: 'person-1',
    imageMaxEdge: 2048,
    allowedExtensions,
  });

  it('keeps the file with its owner and fingerprint and queues finding.attachMedia with it', async () => {
    const file = new File([PDF], 'bericht.pdf', { type: 'application/pdf' });
    const result = await attachMedia(deps(), TARGET, {
      file,
      capturedAt: '2026-11-25T07:00:00.000Z',
      position: { latitude: 48.1, longitude: 11.5, accuracy: 5 },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const sha256 = createHash('sha256').update(PDF).digest('hex');
    const kept = await files.files.get(result.fileId);
    expect(kept).toMatchObject({
      name: 'bericht.pdf',
      sha256,
      owner: { auditId: 'audit-1', auditItemId: 'item-1', findingId: 'finding-1' },
    });
    expect(kept?.owner?.mediaId).toBe(result.mediaId);
    expect(runCommand).toHaveBeenCalledWith(
      'finding.attachMedia',
      {
        ...TARGET,
        mediaId: result.mediaId,
        media: {
          fileId: result.fileId,
          name: 'bericht.pdf',
          contentType: 'application/pdf',
          size: PDF.length,
          capturedBy: 'person-1',
          sha256,
          capturedAt: '2026-11-25T07:00:00.000Z',
          position: { lat: 48.1, lon: 11.5, accuracy: 5 },
        },
      },
      { fileIds: [result.fileId] },
    );
  });

  it('refuses a file without extension or of a forbidden type before keeping anything', async () => {
    const bare = await attachMedia(deps(), TARGET, { file: new File(['x'], 'notes') });
    expect(bare).toMatchObject({ ok: false, message: { key: 'attachment.extensionRequired' } });
    const exe = await attachMedia(deps(), TARGET, { file: new File(['MZ'], 'tool.exe') });
    expect(exe).toMatchObject({ ok: false, message: { key: 'attachment.typeNotAllowed' } });
    expect(await files.files.count()).toBe(0);
    expect(runCommand).not.toHaveBeenCalled();
  });

  it('follows the file types the configuration allows', async () => {
    const pdfOnly = deps(['pdf']);
    const photo = new File([new Uint8Array([1, 2])], 'gauge.png', { type: 'image/png' });
    const refused = await attachMedia(pdfOnly, TARGET, { file: photo });
    expect(refused).toMatchObject({
      ok: false,
      message: { key: 'attachment.typeNotAllowed', params: { extension: 'png' } },
    });
    const report = new File([PDF], 'bericht.pdf', { type: 'application/pdf' });
    expect((await attachMedia(pdfOnly, TARGET, { file: report })).ok).toBe(true);
    expect(await files.files.count()).toBe(1);
  });

  it('names a downscaled photo as the configured types allow, else keeps the original', () => {
    const original = { blob: new Blob(['png'], { type: 'image/png' }), name: 'plan.png' };
    const downscaled = { blob: new Blob(['jpeg'], { type: 'image/jpeg' }), name: 'plan.jpg' };
    const rules = (allowedExtensions: string[]) => ({ allowedExtensions });
    expect(keptAsAllowed(downscaled, original, rules(['jpg', 'png']))).toBe(downscaled);
    expect(keptAsAllowed(downscaled, original, rules(['jpeg', 'png']))).toEqual({
      blob: downscaled.blob,
      name: 'plan.jpeg',
    });
    expect(keptAsAllowed(downscaled, original, rules(['png']))).toBe(original);
  });

  it('gives the kept copy back when the command is refused on the device', async () => {
    runCommand.mockResolvedValueOnce({
      local: { ok: false, error: { code: 'not_found', message: { key: 'finding.notFound' } } },
      confirmed: Promise.resolve({ ok: false, code: 'not_found', message: 'gone' }),
    } as Awaited<ReturnType<RunCommand>>);
    const result = await attachMedia(deps(), TARGET, {
      file: new File([PDF], 'bericht.pdf', { type: 'application/pdf' }),
    });
    expect(result).toMatchObject({ ok: false, message: { key: 'finding.notFound' } });
    expect(await files.files.count()).toBe(0);
  });

  it('fingerprints bytes as lower-case hex SHA-256', async () => {
    expect(await sha256Hex(new Blob(['abc']))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});

describe('the camera link', () => {
  it('names the finding, and a link without one names nothing', () => {
    const path = cameraPath(TARGET);
    expect(cameraTargetOf(new URL(path, 'http://x').searchParams)).toEqual(TARGET);
    expect(cameraTargetOf(new URLSearchParams('auditId=a&itemId=i'))).toBeNull();
  });

  it('names a photo by the moment it was taken', () => {
    expect(photoName(new Date(2026, 10, 5, 7, 3, 9))).toBe('photo-20261105-070309.jpg');
  });
});
