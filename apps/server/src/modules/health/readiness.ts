/**
 * Whether this instance should get traffic (`/readyz`), apart from the database answering:
 * not before the schema is migrated, and not any more once a shutdown began, so a load balancer
 * takes it out of rotation while it still finishes what is in flight.
 */
export class Readiness {
  private migrated = false;
  private stopping = false;

  /** The schema is at this release's version (buildApp, after the migrations). */
  markMigrated(): void {
    this.migrated = true;
  }

  /** A shutdown began; there is no way back. */
  markStopping(): void {
    this.stopping = true;
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  /** Why the instance is not ready, or null when only the database remains to be asked. */
  get reason(): 'migrating' | 'stopping' | null {
    if (this.stopping) return 'stopping';
    return this.migrated ? null : 'migrating';
  }
}
