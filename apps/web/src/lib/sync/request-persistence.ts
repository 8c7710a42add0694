let requested = false;

/**
 * Asks the browser once to keep the replica under storage pressure (DESIGN.md section 4): an
 * evicted outbox would lose what the user did offline. Browsers may grant it silently or not at
 * all; either way the app works on.
 */
export function requestPersistentStorage(): void {
  if (requested || typeof navigator === 'undefined') return;
  requested = true;
  const storage = navigator.storage as StorageManager | undefined;
  if (!storage?.persist) return;
  void (async () => {
    try {
      if (!(await storage.persisted())) await storage.persist();
    } catch (error) {
      console.warn('persistent storage request failed', error);
    }
  })();
}
