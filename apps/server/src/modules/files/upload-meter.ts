import { createHash } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { finished } from 'node:stream/promises';
import { attachmentTooLarge } from '@qa/domain';
import { AppError } from '../../shared/app-error';

/**
 * Passes an upload through while it counts the bytes and hashes them, and fails the stream as
 * soon as the limit is passed (with the error `overLimit` makes: file size or quota), so the
 * storage drops what it has written so far.
 */
export class UploadMeter extends Transform {
  readonly #hash = createHash('sha256');
  #size = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly overLimit: () => Error = () => tooLargeError(maxBytes),
  ) {
    super();
  }

  get size(): number {
    return this.#size;
  }

  /** Hex SHA-256 of everything that passed; call once, after the stream ended. */
  digest(): string {
    return this.#hash.digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#size += chunk.length;
    if (this.#size > this.maxBytes) {
      callback(this.overLimit());
      return;
    }
    this.#hash.update(chunk);
    callback(null, chunk);
  }
}

export function tooLargeError(maxBytes: number): AppError {
  const { message } = attachmentTooLarge(maxBytes);
  return new AppError('payload_too_large', `The file is larger than ${maxBytes} bytes`, message);
}

/**
 * Pipes `content` through a new meter. An error of the source (the client went away, the
 * upload was aborted) fails the meter too, also when it came before the meter was attached; a
 * failing meter only unpipes the source, which `discard` then drains.
 */
export function meter(content: Readable, maxBytes: number, overLimit?: () => Error): UploadMeter {
  const measured = new UploadMeter(maxBytes, overLimit);
  // The consumer (storage, hash-only read) may attach its listeners after an await; an error
  // before that must not go unheard, which would end the process. It still sees the error.
  measured.on('error', () => undefined);
  if (content.destroyed) {
    // Piping a destroyed stream would never end the meter, and whoever waits on it would hang.
    measured.destroy(content.errored ?? new Error('The upload was cut short'));
    return measured;
  }
  content.once('error', (error) => measured.destroy(error));
  // Destroyed without an error, a source closes without 'end' or 'error'.
  content.once('close', () => {
    if (!content.readableEnded) {
      measured.destroy(content.errored ?? new Error('The upload was cut short'));
    }
  });
  content.pipe(measured);
  return measured;
}

/**
 * Reads what is left of an upload and drops it. The request body must be read to its end
 * before the connection can carry the next request, also when the upload was refused early.
 */
export async function discard(content: Readable): Promise<void> {
  if (content.readableEnded || content.destroyed) return;
  content.resume();
  await finished(content).catch(() => undefined);
}
