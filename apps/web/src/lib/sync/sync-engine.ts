import {
  AUTOCOMPLETION_COLLECTION,
  CONFIGURATION_COLLECTION,
  mayReadCollection,
  MEASURES_COLLECTION,
  PEOPLE_COLLECTION,
  STANDARDS_COLLECTION,
  type CommandActor,
} from '@qa/domain';
import { loadCommandRegistry } from '../domain-stages/load-domain';
import { createFileUploader } from '../files/file-uploader';
import { pruneKeptFiles } from '../files/offline-files';
import { openOfflineFiles, type OfflineFilesDatabase } from '../files/offline-files-db';
import type { LockManagerLike } from './leader-election';
import { openReplica, type IndexedDbBinding } from './replica-db';
import { requestPersistentStorage } from './request-persistence';
import { defaultSyncUrl, type CreateSocket } from './socket';
import { SyncClient } from './sync-client';
import type { Rejection, SyncLimitCode } from './sync-types';

export interface SyncEngineOptions {
  personId: string;
  createSocket: CreateSocket;
  indexedDb?: IndexedDbBinding;
  uploadFiles?: (fileIds: string[]) => Promise<void>;
  actor: () => CommandActor;
  onReject: (rejection: Rejection) => void;
  onUnauthorized: () => void;
  /** The server refused this person more sockets or subscriptions (issue 35). */
  onLimit: (code: SyncLimitCode) => void;
  /** The server was restored from a backup and this tab's data was loaded again. */
  onChangeLogReset: () => void;
  locks: LockManagerLike | null;
}

/** A reload for a newer protocol happens at most this often (a server rolled back must not loop). */
const MISMATCH_RELOAD_MS = 5 * 60_000;
const MISMATCH_RELOAD_KEY = 'qa-sync-protocol-reload';

/**
 * The server was deployed with another sync protocol since this page loaded: fetch the new
 * service worker and reload once (the outbox is in IndexedDB, nothing is lost); until then the
 * socket keeps retrying with backoff.
 */
function reloadForNewProtocol(): void {
  try {
    const last = Number(window.sessionStorage.getItem(MISMATCH_RELOAD_KEY) ?? 0);
    if (Date.now() - last < MISMATCH_RELOAD_MS) return;
    window.sessionStorage.setItem(MISMATCH_RELOAD_KEY, String(Date.now()));
  } catch {
    return;
  }
  const update = navigator.serviceWorker
    ? navigator.serviceWorker.getRegistration().then((registration) => registration?.update())
    : Promise.resolve();
  void update.catch(() => undefined).finally(() => window.location.reload());
}

export interface SyncEngine {
  client: SyncClient;
  /** Files waiting for upload (null when the caller supplied its own `uploadFiles`). */
  files: OfflineFilesDatabase | null;
  /** Settles once the replica has been opened (rejects if IndexedDB refuses). */
  started: Promise<unknown>;
  /** Stops syncing; the replica stays for the next start. */
  close(): Promise<void>;
  /** Stops syncing and deletes this person's data on this device (sign-out). */
  destroy(): Promise<void>;
}

/** When kept files are pruned after the engine started. */
const PRUNE_AFTER_START_MS = 30_000;

const SESSION_COLLECTIONS = [
  CONFIGURATION_COLLECTION,
  AUTOCOMPLETION_COLLECTION,
  PEOPLE_COLLECTION,
  STANDARDS_COLLECTION,
  MEASURES_COLLECTION,
];

/**
 * Everything the engine needs at run time (Dexie, the domain's command registry with its
 * schemas, the protocol parser), in one module that the provider loads after sign-in, so none of
 * it weighs on the first page load (the sign-in page needs none of it).
 */
export function startSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { personId } = options;
  const db = openReplica(personId, options.indexedDb);
  // Files chosen or photographed offline wait in their own database until their command goes.
  const files = options.uploadFiles ? null : openOfflineFiles(personId, options.indexedDb);
  // Uploaded photos kept for viewing offline leave within their time and size budget also on a
  // device that uploads nothing more (the uploader prunes after each upload); not at once, so
  // the first screen does not pay for opening the files database.
  const pruning = files
    ? setTimeout(() => {
        void pruneKeptFiles(files).catch((error: unknown) => console.warn(error));
      }, PRUNE_AFTER_START_MS)
    : null;
  const client = new SyncClient({
    db,
    url: defaultSyncUrl(window.location),
    createSocket: options.createSocket,
    actor: options.actor,
    uploadFiles: options.uploadFiles ?? (files ? createFileUploader(files) : undefined),
    onReject: options.onReject,
    onUnauthorized: options.onUnauthorized,
    onLimit: options.onLimit,
    onProtocolMismatch: reloadForNewProtocol,
    onChangeLogReset: options.onChangeLogReset,
    locks: options.locks,
    lockScope: personId,
    // Loaded with the first command or a queued one: a start that only reads needs none.
    registry: loadCommandRegistry,
  });
  const started = client.start();
  // SPEC 4: after sign-in the configuration, lists, people and standards load. They stay
  // subscribed while the person is signed in, so pickers and labels work offline even on a
  // screen first opened offline.
  const roles = options.actor().roles;
  for (const collection of SESSION_COLLECTIONS) {
    if (mayReadCollection(roles, collection)) client.watch({ collection, filters: [] });
  }
  requestPersistentStorage();
  return {
    client,
    files,
    started,
    async close() {
      if (pruning) clearTimeout(pruning);
      await client.stop();
      db.close();
      files?.close();
    },
    async destroy() {
      if (pruning) clearTimeout(pruning);
      await client.stop();
      await db.delete();
      await files?.delete();
    },
  };
}
