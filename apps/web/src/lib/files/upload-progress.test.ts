// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REMOTE_PROGRESS_TTL_MS, UploadProgressStore, uploadPercent } from './upload-progress';

describe('upload progress', () => {
  const stores: UploadProgressStore[] = [];
  afterEach(() => {
    for (const store of stores.splice(0)) store.close();
    vi.useRealTimers();
  });

  it('tells the other tabs, and forgets a figure the uploading tab stopped telling', async () => {
    const channel = `qa-upload-progress-test-${Math.random()}`;
    const uploading = new UploadProgressStore(channel);
    const other = new UploadProgressStore(channel);
    stores.push(uploading, other);

    uploading.report('f1', { loaded: 30, total: 100 });
    await vi.waitFor(() => expect(other.get('f1')).toEqual({ loaded: 30, total: 100 }));
    uploading.report('f1', null);
    await vi.waitFor(() => expect(other.get('f1')).toBeUndefined());

    // The uploading tab goes away mid-upload: its last figure does not stand for ever.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const heard = new Promise<void>((resolve) => {
      const stop = other.subscribe(() => {
        stop();
        resolve();
      });
    });
    uploading.report('f2', { loaded: 45, total: 100 });
    await heard;
    expect(other.get('f2')).toEqual({ loaded: 45, total: 100 });
    vi.advanceTimersByTime(REMOTE_PROGRESS_TTL_MS - 1);
    expect(other.get('f2')).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(other.get('f2')).toBeUndefined();
  });

  it('counts whole per cent, an empty body as done', () => {
    expect(uploadPercent({ loaded: 449, total: 1000 })).toBe(44);
    expect(uploadPercent({ loaded: 0, total: 0 })).toBe(100);
  });
});
