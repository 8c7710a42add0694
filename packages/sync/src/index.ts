/**
 * Version of the sync protocol spoken between web client and server. The protocol itself
 * (operations, queries, messages) arrives with the sync engine; clients and servers compare
 * this number on connect so an outdated tab is told to reload instead of misreading messages.
 */
export const SYNC_PROTOCOL_VERSION = 1;

export function isCompatibleProtocol(clientVersion: number): boolean {
  return Number.isInteger(clientVersion) && clientVersion === SYNC_PROTOCOL_VERSION;
}
export * from './json';
export * from './ops.schema';
