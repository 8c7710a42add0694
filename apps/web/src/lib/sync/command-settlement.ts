import type { CommandResult } from '@qa/domain';
import { takeRejection } from './outbox-store';
import type { RejectionRow, ReplicaDb } from './replica-db';
import type { SyncLog } from './sync-runtime';
import type { Rejection, ServerOutcome } from './sync-types';

/** A command that failed locally, in the shape of a server answer. */
export function localFailure(result: Extract<CommandResult, { ok: false }>): ServerOutcome {
  const { code, message, issues } = result.error;
  return { ok: false, code, message: message.key, detail: message, ...(issues ? { issues } : {}) };
}

export function toRejection(row: RejectionRow): Rejection {
  const { mutationId, name, code, message, detail, issues } = row;
  return {
    mutationId,
    name,
    code,
    message,
    ...(detail ? { detail } : {}),
    ...(issues ? { issues } : {}),
  };
}

/**
 * The `confirmed` promises of one tab. The leader (maybe another tab) raises `settledUpTo` with
 * every ack or reject and leaves a rejection row for a refused command; each tab settles its own
 * commands from there, in order, taking its rejection rows (so each is reported once).
 */
export class CommandSettlement {
  private readonly waiting = new Map<number, (outcome: ServerOutcome) => void>();
  private settling: Promise<void> = Promise.resolve();
  private settledUpTo = 0;

  constructor(
    private readonly db: ReplicaDb,
    private readonly report: (rejection: Rejection) => void,
    private readonly log: SyncLog,
  ) {}

  /** Whether the server has answered this mutation already. */
  isSettled(mutationId: number): boolean {
    return mutationId <= this.settledUpTo;
  }

  wait(mutationId: number): Promise<ServerOutcome> {
    const outcome = new Promise<ServerOutcome>((resolve) => this.waiting.set(mutationId, resolve));
    this.settle(this.settledUpTo);
    return outcome;
  }

  settle(upTo: number): void {
    this.settledUpTo = Math.max(this.settledUpTo, upTo);
    const due = [...this.waiting.keys()]
      .filter((id) => id <= this.settledUpTo)
      .sort((a, b) => a - b);
    for (const mutationId of due) {
      const resolve = this.waiting.get(mutationId)!;
      this.waiting.delete(mutationId);
      this.settling = this.settling.then(async () => {
        try {
          const row = await takeRejection(this.db, mutationId);
          if (!row) return resolve({ ok: true });
          const rejection = toRejection(row);
          resolve({ ok: false, ...omitIds(rejection) });
          this.report(rejection);
        } catch (error) {
          this.log.error(`settling mutation ${mutationId} failed`, error);
          resolve({ ok: true });
        }
      });
    }
  }
}

function omitIds({ mutationId: _id, name: _name, ...rest }: Rejection) {
  return rest;
}
