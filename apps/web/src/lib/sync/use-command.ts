import type { JsonValue } from '@qa/sync';
import { useCallback } from 'react';
import { useSyncClient } from './sync-context';
import type { CommandOptions, CommandOutcome } from './sync-types';

export type { CommandOutcome, ServerOutcome } from './sync-types';

export type RunCommand = (
  name: string,
  args: JsonValue,
  options?: CommandOptions,
) => Promise<CommandOutcome>;

/**
 * Runs a command optimistically on the replica and queues it for the server. Rejections are
 * shown by the SyncProvider's snackbar; screens only show field errors (`issues`) or a status.
 */
export function useCommand(): RunCommand {
  const client = useSyncClient();
  return useCallback(
    (name, args, options) =>
      client
        ? client.command(name, args, options)
        : Promise.reject(new Error(`${name}: no sync client (signed out or no IndexedDB)`)),
    [client],
  );
}
