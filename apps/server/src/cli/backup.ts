/**
 * `npm run backup -w @qa/server -- --to <file>` (backup-command.ts). The server on the same
 * machine comes first: the process lowers its priority before it loads (and compiles) the rest,
 * so even its start takes only the CPU the server leaves.
 */
import os from 'node:os';

/** Unix niceness: the lowest, so everything else on the machine comes first. */
const BACKUP_NICENESS = 19;

try {
  os.setPriority(BACKUP_NICENESS);
} catch {
  // Not allowed here (some containers): the backup runs at normal priority.
}
await import('./backup-command');
