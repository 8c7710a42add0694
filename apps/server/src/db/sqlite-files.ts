import { rm } from 'node:fs/promises';

/** Removes an SQLite database file and what SQLite keeps beside it (or only those suffixes). */
export async function removeSqliteFiles(
  file: string,
  suffixes = ['', '-wal', '-shm', '-journal'],
): Promise<void> {
  for (const suffix of suffixes) await rm(`${file}${suffix}`, { force: true });
}
