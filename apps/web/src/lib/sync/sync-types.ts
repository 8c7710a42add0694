import type { CommandResult } from '@qa/domain';
import type { JsonObject, MessageKey, RejectCode } from '@qa/sync';

/** SPEC section 4 "Document sync state". */
export type SyncState = 'sync' | 'cached' | 'unsync' | 'unsaved';

/**
 * The server's limits on what one person may cost it (issue 35): too many sockets of this
 * person, too many subscriptions on this socket, or a socket cut for not reading fast enough.
 */
export const SYNC_LIMIT_CODES = [
  'too_many_connections',
  'too_many_subscriptions',
  'slow_consumer',
] as const;
export type SyncLimitCode = (typeof SYNC_LIMIT_CODES)[number];

export interface ViewDocument {
  collection: string;
  id: string;
  data: JsonObject;
  state: SyncState;
}

export type ServerOutcome =
  | { ok: true }
  | { ok: false; code: RejectCode; message: string; detail?: MessageKey; issues?: MessageKey[] };

export interface CommandOutcome {
  /** The command run locally on the replica (optimistic). Not ok -> nothing was queued. */
  local: CommandResult;
  /** Settles when the server acks (ok) or rejects; a command with no ops settles ok at once. */
  confirmed: Promise<ServerOutcome>;
}

export interface CommandOptions {
  /** Files the command refers to; uploaded before the command is pushed. */
  fileIds?: string[];
}

/** A rejected command, as the tab that ran it (or the leader, if that tab is gone) reports it. */
export interface Rejection {
  mutationId: number;
  name: string;
  code: RejectCode;
  message: string;
  detail?: MessageKey;
  issues?: MessageKey[];
}
