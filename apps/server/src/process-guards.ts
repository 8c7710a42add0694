import { Worker } from 'node:worker_threads';

interface ErrorLog {
  error(object: { err: unknown }, message: string): void;
}

/**
 * A promise rejected with nobody to handle it ends Node by default. Every request and every
 * socket message handles its own failures (answering 500, `internal` or closing the one
 * connection), so one that slips through anyway is a bug to log and fix, not a reason to stop
 * the server for everyone on it. Thrown exceptions still end the process: their state is
 * unknown, and the supervisor restarts it.
 */
export function logUnhandledRejections(log: ErrorLog): () => void {
  const onRejection = (reason: unknown) => {
    log.error({ err: reason }, 'unhandled promise rejection; the server goes on');
  };
  process.on('unhandledRejection', onRejection);
  return () => process.off('unhandledRejection', onRejection);
}

/** Longer than the exit timer, so the watchdog acts only when the event loop cannot. */
const WATCHDOG_GRACE_MS = 2_000;

/**
 * Runs in a worker thread, which has an event loop of its own: it ends the whole process even
 * while the main thread is stuck in synchronous work, where no timer of ours would ever fire.
 */
const WATCHDOG_SOURCE = `
const { workerData } = require('node:worker_threads');
setTimeout(() => {
  require('node:fs').writeSync(2, 'shutdown: the event loop did not answer; killing the process\\n');
  process.kill(workerData.pid, 'SIGKILL');
}, workerData.ms);
`;

/**
 * The shutdown's hard deadline: after `limitMs` the process exits 1 whatever still runs (a long
 * upload, a stalled download, a socket that does not read, a database that does not answer);
 * if even that timer cannot run, a watchdog thread kills the process shortly after.
 */
export function armShutdownDeadline(limitMs: number, log: { error(message: string): void }): void {
  setTimeout(() => {
    log.error('shutdown took too long, exiting');
    process.exit(1);
  }, limitMs).unref();
  new Worker(WATCHDOG_SOURCE, {
    eval: true,
    workerData: { pid: process.pid, ms: limitMs + WATCHDOG_GRACE_MS },
  }).unref();
}
