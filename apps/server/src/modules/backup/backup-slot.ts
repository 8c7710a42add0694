/**
 * The one backup this server makes at a time (issue 35): each holds a database snapshot (on
 * PostgreSQL a long transaction that keeps vacuum back), reads every stored file and takes CPU
 * from the people working; two at once only double that. In-process: every instance of a
 * cluster has its own slot, and `npm run backup` is the operator's own.
 */
export class BackupSlot {
  private since: Date | null = null;

  /** When the running backup began, or null. */
  get runningSince(): Date | null {
    return this.since;
  }

  /** Takes the slot: a function that frees it (once), or null while a backup runs. */
  take(now: Date = new Date()): (() => void) | null {
    if (this.since) return null;
    this.since = now;
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      this.since = null;
    };
  }
}
