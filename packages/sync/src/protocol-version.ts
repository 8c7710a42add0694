/**
 * Version of the sync protocol spoken between web client and server. Every message carries it
 * as `v`; a tab left open across a deploy then gets `protocol_version_mismatch` and is told to
 * reload instead of misreading messages. Bump it on any incompatible message change.
 * 2: snapshots come in chunks (`chunk`, `final`, `total`); a version-1 client would take every
 * chunk for a whole result and drop the documents of the others.
 */
export const SYNC_PROTOCOL_VERSION = 2;

export function isCompatibleProtocol(clientVersion: number): boolean {
  return Number.isInteger(clientVersion) && clientVersion === SYNC_PROTOCOL_VERSION;
}
