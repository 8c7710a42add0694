export const BACKOFF_START_MS = 500;
export const BACKOFF_MAX_MS = 30_000;

/**
 * Delay before reconnect attempt `attempt` (0 = the first after a loss): 0.5 s doubling up to
 * 30 s, spread by ±25 % so a server restart is not greeted by every client in the same
 * millisecond. `random` is in [0, 1).
 */
export function backoffDelay(attempt: number, random: number): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** Math.min(attempt, 16));
  const spread = base * (0.75 + random * 0.5);
  return Math.round(Math.min(BACKOFF_MAX_MS, spread));
}
