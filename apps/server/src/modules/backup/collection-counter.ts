/** Documents per collection, live and deleted, as the manifest lists them. */
export function collectionCounter() {
  const counts: Record<string, { live: number; deleted: number }> = {};
  return {
    count(row: Record<string, unknown>): void {
      const collection = String(row.collection);
      const entry = (counts[collection] ??= { live: 0, deleted: 0 });
      // SQLite keeps booleans as 0/1, PostgreSQL as booleans.
      if (row.deleted === true || row.deleted === 1 || row.deleted === '1') entry.deleted += 1;
      else entry.live += 1;
    },
    result: () => counts,
  };
}
