import { describe, expect, it } from 'vitest';
import { ChunkLoadError, isChunkLoadError, loadChunk } from './chunk-load';

describe('loadChunk', () => {
  it('resolves with the module', async () => {
    await expect(loadChunk(async () => ({ a: 1 }))).resolves.toEqual({ a: 1 });
  });

  it('turns a failed import into a ChunkLoadError naming the request', async () => {
    const failing = () =>
      Promise.reject(
        new TypeError(
          'Failed to fetch dynamically imported module: http://localhost/assets/x-1.js',
        ),
      );
    const error = await loadChunk(failing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).type).toBe('error');
    expect((error as ChunkLoadError).request).toBe('http://localhost/assets/x-1.js');
  });

  it('gives up after the time-out', async () => {
    const error = await loadChunk(() => new Promise(() => {}), 10).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).type).toBe('timeout');
  });
});

describe('isChunkLoadError', () => {
  it("recognises the browsers' own messages too", () => {
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('something else'))).toBe(false);
    expect(isChunkLoadError('text')).toBe(false);
  });
});
