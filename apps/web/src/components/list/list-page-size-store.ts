/**
 * The page size a person chose for a list, kept on this device per list key (decision 74): a
 * reload or the next visit shows the list as they left it. Not in the URL: a shared link should
 * not impose the sender's page size, and the menu's links would drop it.
 */
const PREFIX = 'qa.list.pageSize.';

/** The stored choice (a number, or null for "All"); undefined when none or unreadable. */
export function readStoredPageSize(listKey: string): number | null | undefined {
  try {
    const raw = window.localStorage.getItem(PREFIX + listKey);
    if (raw === null) return undefined;
    if (raw === 'all') return null;
    const size = Number(raw);
    return Number.isInteger(size) && size > 0 ? size : undefined;
  } catch {
    // Storage blocked (private mode): the configured default applies.
    return undefined;
  }
}

export function storePageSize(listKey: string, size: number | null): void {
  try {
    window.localStorage.setItem(PREFIX + listKey, size === null ? 'all' : String(size));
  } catch {
    // The choice then lasts as long as the list is shown; nothing else depends on it.
  }
}
