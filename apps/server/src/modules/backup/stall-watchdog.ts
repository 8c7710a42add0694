import { Transform, type TransformCallback } from 'node:stream';

/** How often a watchdog looks; a stall is noticed at most this much after its limit. */
const CHECK_EVERY_MS = 1_000;

/**
 * A pass-through that ends itself with an error when what it holds is not taken for `limitMs`:
 * a download whose reader stopped reading (a stalled client, a dead connection the kernel has not
 * noticed) would otherwise hold the backup's database snapshot, its file hold and the one backup
 * slot for ever. A writer that is merely slow (a large table being read) is not a stall: only
 * bytes waiting for the reader count.
 */
export function stallWatchdog(limitMs: number, now: () => number = Date.now): Transform {
  let lastTaken = now();
  const watchdog = new Transform({
    // Called only while the readable side has room, i.e. after the reader took what was there.
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      lastTaken = now();
      callback(null, chunk);
    },
  });
  const timer = setInterval(
    () => {
      const waiting = watchdog.readableLength > 0 || watchdog.writableLength > 0;
      if (waiting && now() - lastTaken > limitMs) {
        watchdog.destroy(
          new Error(`the download took nothing for ${Math.round(limitMs / 1000)} s`),
        );
      }
    },
    Math.min(CHECK_EVERY_MS, limitMs),
  );
  timer.unref();
  watchdog.once('close', () => clearInterval(timer));
  return watchdog;
}
