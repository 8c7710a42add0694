export const BACKOFF_START_MS = 500;
export const BACKOFF_MAX_MS = 30_000;

/**
 * Delay before reconnect attempt `attempt` (0 = the first after a loss): 0.5 s doubling up to
 * 30 s, spread by ±25 % so a server restart is not greeted by every client in the same
 * millisecond. `random` is in [0, 1).
 */
/**
 * The close code of a server that shuts down on purpose (restart, upgrade, scale-in) after
 * finishing and acknowledging what it was doing: reconnect now, to any instance.
 */
export const CLOSE_SERVICE_RESTART = 1012;
export const RESTART_DELAY_MAX_MS = 1_000;

/**
 * Delay before reconnecting after a `CLOSE_SERVICE_RESTART`: short, since the other instances
 * (or the restarted one) are there in a moment, and spread over up to a second so the clients of
 * a whole instance do not arrive at the others in the same millisecond.
 */
export function restartDelay(random: number): number {
  return Math.round(random * RESTART_DELAY_MAX_MS);
}

export function backoffDelay(attempt: number, random: number): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** Math.min(attempt, 16));
  const spread = base * (0.75 + random * 0.5);
  return Math.round(Math.min(BACKOFF_MAX_MS, spread));
}
