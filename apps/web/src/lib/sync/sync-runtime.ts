/** What the sync engine needs from its host, injectable so tests and Node simulations run it. */
export interface Scheduler {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realScheduler: Scheduler = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type SyncLog = Pick<Console, 'warn' | 'error'>;

/**
 * Calls `listener(true)` when the device regains network (window 'online') and `listener(false)`
 * when it loses it ('offline'); Node has none.
 */
export type OnlineEvents = (listener: (online: boolean) => void) => () => void;

export const windowOnlineEvents: OnlineEvents = (listener) => {
  if (typeof window === 'undefined') return () => undefined;
  const online = () => listener(true);
  const offline = () => listener(false);
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
};
