/** Where a backup or restore is, as both report it. */
export type CopyProgress =
  | { phase: 'table'; table: string; rows: number }
  | { phase: 'files'; files: number; totalFiles: number };

/** Progress of a long command on stderr (stdout keeps the result), at most a line a second. */
export function progressPrinter(): (progress: CopyProgress) => void {
  let last = 0;
  return (progress) => {
    if (Date.now() - last < 1000) return;
    last = Date.now();
    console.error(
      progress.phase === 'table'
        ? `  ${progress.table}: ${progress.rows} rows`
        : `  files: ${progress.files} of ${progress.totalFiles}`,
    );
  };
}
