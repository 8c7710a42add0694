/**
 * Web Locks (DESIGN.md section 4): one tab per person holds the socket; the others follow
 * through the shared replica. Each tab also holds a lock of its own for as long as it lives,
 * so the leader can tell which tabs still exist (and forget what closed tabs had open).
 */
export interface LockManagerLike {
  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown>;
  query?(): Promise<{ held?: { name?: string }[] }>;
}

export const leaderLockName = (scope: string) => `qa-sync-leader-${scope}`;
export const tabLockPrefix = (scope: string) => `qa-sync-tab-${scope}-`;

/**
 * Asks for a lock and calls `onGranted` once it is held. The returned function gives it up (or
 * stops waiting for it). Without a lock manager the lock counts as held at once.
 */
export function holdLock(
  locks: LockManagerLike | null,
  name: string,
  onGranted: () => void,
): () => void {
  if (!locks) {
    onGranted();
    return () => undefined;
  }
  const abort = new AbortController();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  locks
    .request(name, { signal: abort.signal }, () => {
      onGranted();
      return held;
    })
    // Aborted while waiting (the tab stopped first): nothing to give up.
    .catch(() => undefined);
  return () => {
    abort.abort();
    release();
  };
}

/** Ids of the tabs whose own lock is held, or null when the browser cannot say. */
export async function aliveTabs(
  locks: LockManagerLike | null,
  scope: string,
): Promise<Set<string> | null> {
  if (!locks?.query) return null;
  const prefix = tabLockPrefix(scope);
  const { held = [] } = await locks.query();
  return new Set(
    held
      .map((lock) => lock.name ?? '')
      .filter((name) => name.startsWith(prefix))
      .map((name) => name.slice(prefix.length)),
  );
}
