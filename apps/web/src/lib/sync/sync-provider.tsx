import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { afterNextPaint } from '../dom/after-paint';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar/snackbar-provider';
import { useLanguage } from '../i18n/use-language';
import { readCachedPerson } from '../session/session-cache';
import { registerSignOutCleanup } from '../session/session-lifecycle';
import { usePerson, useSession } from '../session/session-provider';
import type { LockManagerLike } from './leader-election';
import type { IndexedDbBinding } from './replica-db';
import type { CreateSocket } from './socket';
import type { OfflineFilesDatabase } from '../files/offline-files';
import type { SyncClient } from './sync-client';
import { OfflineFilesContext, SyncClientContext, SyncStartingContext } from './sync-context';
import type { SyncEngine } from './sync-engine';
import { loadSyncEngine } from './sync-engine-loader';
import type { Rejection, SyncLimitCode } from './sync-types';

const LIMIT_MESSAGES = {
  too_many_connections: 'sync.limit.tooManyConnections',
  too_many_subscriptions: 'sync.limit.tooManySubscriptions',
  slow_consumer: 'sync.limit.slowConsumer',
} as const satisfies Record<SyncLimitCode, string>;

export interface SyncProviderProps {
  children: ReactNode;
  /** Tests: a fake transport instead of the browser's WebSocket. */
  createSocket?: CreateSocket;
  /** Tests: fake-indexeddb instead of the browser's IndexedDB. */
  indexedDb?: IndexedDbBinding;
  uploadFiles?: (fileIds: string[]) => Promise<void>;
}

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}

const browserSocket: CreateSocket = (url) => new WebSocket(url);

function browserLocks(): LockManagerLike | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}

/**
 * Runs the sync engine for the signed-in person (none when signed out): one replica database
 * per person, one client per tab. Sign-out deletes that person's replica ("sign-out unloads all
 * state", SPEC section 4). Every rejected command is reported here, once, as an error snackbar.
 */
export function SyncProvider({
  children,
  createSocket,
  indexedDb,
  uploadFiles,
}: SyncProviderProps) {
  const person = usePerson();
  const { refresh } = useSession();
  const personId = person?.id ?? null;
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { show } = useSnackbar();
  const [client, setClient] = useState<SyncClient | null>(null);
  const [files, setFiles] = useState<OfflineFilesDatabase | null>(null);
  // The person whose engine failed to load or to open its replica: the app goes on without data.
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const hasIndexedDb = typeof indexedDB !== 'undefined' || indexedDb !== undefined;
  const starting = personId !== null && hasIndexedDb && client === null && failedFor !== personId;

  // Somebody was signed in on this device last time: fetch the engine's chunk while the
  // session is being asked for, not after it answered (but after the first paint, see below).
  useEffect(() => {
    if (readCachedPerson() === null) return;
    return afterNextPaint(() => void loadSyncEngine().catch(() => undefined));
  }, []);

  // The client lives as long as the person; these change under it.
  const roles = useRef<readonly string[]>([]);
  const report = useRef<(rejection: Rejection) => void>(() => undefined);
  const reportRestore = useRef<() => void>(() => undefined);
  const reportLimit = useRef<(code: SyncLimitCode) => void>(() => undefined);
  const setup = useRef({ createSocket, indexedDb, uploadFiles, refresh });
  useEffect(() => {
    roles.current = person?.roles ?? [];
    client?.actorChanged();
  }, [person, client]);
  useEffect(() => {
    report.current = (rejection) => {
      const detail = rejection.detail;
      if (!detail) {
        show({ type: 'error', message: t('sync.rejected') });
        return;
      }
      // The domain's message catalogue comes when first needed: the first screen does without.
      void import('../i18n/domain-message').then(({ translateDomainMessage }) =>
        show({ type: 'error', message: translateDomainMessage(detail, language) }),
      );
    };
    // Recent changes of this device that the server had saved may be gone with the restore:
    // say why, rather than let them vanish silently.
    reportRestore.current = () => show({ type: 'info', message: t('sync.restored') });
    // The server's limits on one person (issue 35): say what to do rather than spin silently.
    reportLimit.current = (code) => show({ type: 'error', message: t(LIMIT_MESSAGES[code]) });
  }, [show, language, t]);

  useEffect(() => {
    // Without IndexedDB (jsdom, a locked-down browser) the app still starts, just without data.
    if (personId === null || (typeof indexedDB === 'undefined' && !setup.current.indexedDb)) return;
    let cancelled = false;
    // Once the first screen is painted: the engine's chunk and its database would hold the
    // paint back on a slow phone (issue 18), and the page shows its frame meanwhile.
    const loading: Promise<SyncEngine | null> = new Promise<void>((resolve) => {
      afterNextPaint(resolve);
    })
      .then(() => loadSyncEngine())
      .then(({ startSyncEngine }) => {
        if (cancelled) return null;
        const engine = startSyncEngine({
          personId,
          createSocket: setup.current.createSocket ?? browserSocket,
          indexedDb: setup.current.indexedDb,
          uploadFiles: setup.current.uploadFiles,
          actor: () => ({ personId, roles: roles.current }),
          onReject: (rejection) => report.current(rejection),
          // The socket was refused: ask once whether the session is still valid.
          onUnauthorized: once(() => void setup.current.refresh()),
          onChangeLogReset: () => reportRestore.current(),
          onLimit: (code) => reportLimit.current(code),
          locks: browserLocks(),
        });
        engine.started.catch((error: unknown) => {
          // SPEC section 4: the app starts even if offline persistence fails (no data, though).
          console.error('opening the replica failed', error);
          setFailedFor(personId);
          setClient((current) => (current === engine.client ? null : current));
          setFiles((current) => (current === engine.files ? null : current));
        });
        // Every screen's data hooks render again with the client: as a transition, in slices
        // a slow phone can interleave with input (issue 18: one render of the whole screen in
        // one task otherwise).
        startTransition(() => {
          setClient(engine.client);
          setFiles(engine.files);
        });
        return engine;
      })
      .catch((error: unknown) => {
        console.error('loading the sync engine failed', error);
        if (!cancelled) setFailedFor(personId);
        return null;
      });
    const unregister = registerSignOutCleanup(async () => {
      await (await loading)?.destroy();
    });
    return () => {
      cancelled = true;
      unregister();
      void loading.then((engine) => {
        if (!engine) return;
        setClient((current) => (current === engine.client ? null : current));
        setFiles((current) => (current === engine.files ? null : current));
        return engine.close();
      });
    };
  }, [personId]);

  return (
    <SyncStartingContext.Provider value={starting}>
      <SyncClientContext.Provider value={client}>
        <OfflineFilesContext.Provider value={files}>{children}</OfflineFilesContext.Provider>
      </SyncClientContext.Provider>
    </SyncStartingContext.Provider>
  );
}
