/** Chromium's `scheduler.yield()` (not yet in TypeScript's DOM types). */
interface YieldingScheduler {
  yield?: () => Promise<void>;
}

/**
 * A promise that settles in a later task: the browser may paint and handle input meanwhile.
 * `scheduler.yield()` where the browser has it (the rest of the work then goes before other
 * queued tasks), else a message to this window, not `setTimeout(0)`: chained timeouts are held
 * back to 4 ms each after the fifth (HTML's timer nesting clamp), and a start yields about ten
 * times (decision 46).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}
