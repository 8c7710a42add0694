import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import {
  mkdir,
  open,
  readdir,
  rename,
  rm,
  stat,
  unlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, type FileStorage, type StoredContent } from './file-storage';

/** Prefix of files still being written; a storage key never starts with a dot. */
const INCOMING_PREFIX = '.incoming-';
/** One marker file per running backup (holdDeletions), touched while it runs. */
const HOLDS_FOLDER = '.holds';
/** Where deleted content waits while a backup holds deletions. */
const HELD_FOLDER = '.held';
/** A marker not touched for this long belongs to a backup that died: it holds nothing. */
const HOLD_STALE_MS = 60_000;
const HOLD_TOUCH_MS = 15_000;

/** The folder of stored files under DATA_DIR (the server, backups and restores agree on it). */
export function filesFolderOf(dataDir: string): string {
  return path.join(dataDir, 'files');
}

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
    const openOrNull = (file: string) =>
      open(file, 'r').catch((error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      });
    const handle =
      (await openOrNull(this.pathOf(key))) ??
      (await openOrNull(path.join(this.folder, HELD_FOLDER, key)));
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
      if (await this.deletionsHeld()) {
        await mkdir(path.join(this.folder, HELD_FOLDER), { recursive: true });
        await rename(this.pathOf(key), path.join(this.folder, HELD_FOLDER, key));
      } else {
        await unlink(this.pathOf(key));
      }
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async holdDeletions(): Promise<() => Promise<void>> {
    const holds = path.join(this.folder, HOLDS_FOLDER);
    await mkdir(holds, { recursive: true });
    const marker = path.join(holds, randomUUID());
    await writeFile(marker, `${process.pid}\n`);
    const touch = setInterval(() => {
      const now = new Date();
      utimes(marker, now, now).catch(() => undefined);
    }, HOLD_TOUCH_MS);
    touch.unref();
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      clearInterval(touch);
      await rm(marker, { force: true });
      await this.removeHeldIfUnheld();
    };
  }

  /** Whether a running backup (a fresh marker) holds deletions. */
  private async deletionsHeld(): Promise<boolean> {
    const holds = path.join(this.folder, HOLDS_FOLDER);
    for (const name of await readdirOrEmpty(holds)) {
      const info = await stat(path.join(holds, name)).catch(() => null);
      if (info && Date.now() - info.mtimeMs < HOLD_STALE_MS) return true;
    }
    return false;
  }

  /** Deletes for good what waited for backups, when none holds any more. */
  private async removeHeldIfUnheld(): Promise<void> {
    if (await this.deletionsHeld()) return;
    const held = path.join(this.folder, HELD_FOLDER);
    for (const name of await readdirOrEmpty(held)) {
      await rm(path.join(held, name), { force: true });
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
    // What a backup that died held (its marker went stale).
    await this.removeHeldIfUnheld();
    return incomplete.length;
  }

  private pathOf(key: string): string {
    return path.join(this.folder, key);
  }
}

async function readdirOrEmpty(folder: string): Promise<string[]> {
  return readdir(folder).catch((error: unknown) => {
    if (isNotFound(error)) return [] as string[];
    throw error;
  });
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}
