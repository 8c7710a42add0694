import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { UPLOAD_INCOMPLETE_MESSAGE, UPLOAD_TIMEOUT_MESSAGE } from '@qa/domain';
import { AppError } from '../../shared/app-error';

/** How long the server waits for an upload's body. */
export interface UploadTimeLimits {
  /** Longest pause in the body: a client that stopped sending (network gone) is let go. */
  uploadIdleMs: number;
  /** Longest time for the whole body, however steadily it trickles in. */
  uploadTimeoutMs: number;
}

/**
 * 25 MiB in 15 minutes is 30 KB/s, which a weak mobile connection still makes; 30 s without a
 * byte is a connection that is gone.
 */
export const DEFAULT_UPLOAD_TIME_LIMITS: UploadTimeLimits = {
  uploadIdleMs: 30_000,
  uploadTimeoutMs: 15 * 60_000,
};

/** The body took too long: 408, which the web app retries later. */
export function uploadTimeoutError(): AppError {
  return new AppError(
    'request_timeout',
    'The upload did not arrive in time',
    UPLOAD_TIMEOUT_MESSAGE,
  );
}

/** The client hung up before the body was complete; nobody is left to read the answer. */
function clientGoneError(): AppError {
  return new AppError(
    'invalid_request',
    'The client closed the connection during the upload',
    UPLOAD_INCOMPLETE_MESSAGE,
  );
}

/**
 * Watches one upload request: when its body pauses longer than the idle limit, takes longer
 * than the total limit, or the client hangs up before it is complete, the guard aborts. Then
 * the file part is destroyed with the reason (the storage drops its temporary file, the
 * descriptor is closed) and `run` rejects at once, whatever the work is still waiting for.
 */
export class UploadGuard {
  private readonly controller = new AbortController();
  private readonly total: NodeJS.Timeout;
  private idle: NodeJS.Timeout | null = null;
  private readonly streams = new Set<Readable>();
  private watchingBody = false;

  constructor(
    private readonly request: IncomingMessage,
    private readonly limits: UploadTimeLimits,
  ) {
    this.total = setTimeout(() => this.abort(uploadTimeoutError()), limits.uploadTimeoutMs);
    this.restartIdle();
    request.once('close', this.onClose);
  }

  get aborted(): boolean {
    return this.controller.signal.aborted;
  }

  /**
   * Counts arriving bytes from now on. Call once the body is piped to its parser: a 'data'
   * listener on a request nobody reads yet would let the first bytes flow past the parser.
   */
  watchBody(): void {
    if (this.watchingBody) return;
    this.watchingBody = true;
    this.request.on('data', this.onData);
  }

  /** Destroys this stream with the reason when the guard aborts. */
  protect(stream: Readable): void {
    if (this.aborted) stream.destroy(this.controller.signal.reason as Error);
    else this.streams.add(stream);
  }

  /** Runs the work; rejects with the guard's reason as soon as it aborts. */
  run<T>(work: Promise<T>): Promise<T> {
    // Once aborted, the work fails on its destroyed streams; nobody waits for it any longer.
    work.catch(() => undefined);
    const signal = this.controller.signal;
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(signal.reason as Error);
      signal.addEventListener('abort', onAbort, { once: true });
      work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  dispose(): void {
    clearTimeout(this.total);
    if (this.idle) clearTimeout(this.idle);
    this.request.off('data', this.onData);
    this.request.off('close', this.onClose);
    this.streams.clear();
  }

  private readonly onData = (): void => this.restartIdle();

  private readonly onClose = (): void => {
    if (!this.request.complete) this.abort(clientGoneError());
  };

  private restartIdle(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => this.abort(uploadTimeoutError()), this.limits.uploadIdleMs);
  }

  private abort(reason: AppError): void {
    if (this.aborted) return;
    this.controller.abort(reason);
    for (const stream of this.streams) stream.destroy(reason);
    this.dispose();
  }
}
