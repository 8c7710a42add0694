import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, type FileStorage, type StoredContent } from './file-storage';

/** Prefix of files still being written; a storage key never starts with a dot. */
const INCOMING_PREFIX = '.incoming-';

/**
 * Files in one folder (`DATA_DIR/files` by default). An upload is written to a temporary file
 * in the same folder, flushed to disk, then renamed to its key (atomic within one file system):
 * a broken upload or a crash never leaves a partial file under a key. Keys carry a random part,
 * so the rename never meets an existing file.
 */
export class LocalDiskFileStorage implements FileStorage {
  constructor(private readonly folder: string) {}

  async put(key: string, content: Readable): Promise<void> {
    assertStorageKey(key);
    await mkdir(this.folder, { recursive: true });
    const temporary = path.join(this.folder, `${INCOMING_PREFIX}${randomUUID()}`);
    // flush: the bytes are on disk before the database row that points to them is written.
    const target = createWriteStream(temporary, { flags: 'wx', flush: true });
    try {
      await pipeline(content, target);
      await rename(temporary, this.pathOf(key));
    } catch (error) {
      // A stream destroyed while its file was still opening creates the file afterwards.
      if (!target.closed) {
        await new Promise<void>((resolve) => target.once('close', () => resolve()));
      }
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredContent | null> {
    assertStorageKey(key);
    // Opened first, so size and content come from the same file even if it is deleted meanwhile.
    const handle = await open(this.pathOf(key), 'r').catch((error: unknown) => {
      if (isNotFound(error)) return null;
      throw error;
    });
    if (!handle) return null;
    try {
      const { size } = await handle.stat();
      return { stream: handle.createReadStream(), size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  /**
   * Every `.incoming-*` file: at start no upload of this server is running, so each is what a
   * crash cut short. (Folders shared by several servers are not a supported set-up: another
   * server's running upload would fail and be retried by the client.)
   */
  async removeIncomplete(): Promise<number> {
    const names = await readdir(this.folder).catch((error: unknown) => {
      if (isNotFound(error)) return [] as string[];
      throw error;
    });
    const incomplete = names.filter((name) => name.startsWith(INCOMING_PREFIX));
    for (const name of incomplete) await rm(path.join(this.folder, name), { force: true });
    return incomplete.length;
  }

  private pathOf(key: string): string {
    return path.join(this.folder, key);
  }
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}
