import net from 'node:net';

/** What came back on a raw connection: the status and body of the first response, if any. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * An HTTP request written by hand on a TCP socket, so a test can send part of a body and then
 * stop (the connection stays open) or hang up: what a phone losing its network does to an upload.
 */
export class RawRequest {
  private received = Buffer.alloc(0);
  readonly closed: Promise<void>;
  private readonly socket: net.Socket;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
    });
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
  }

  static async open(url: string): Promise<RawRequest> {
    const { hostname, port } = new URL(url);
    const socket = net.connect({ host: hostname, port: Number(port) });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('error', reject);
    });
    return new RawRequest(socket);
  }

  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve, reject) =>
      this.socket.write(data, (error) => (error ? reject(error) : resolve())),
    );
  }

  /** Half-closes: the server sees the end of the stream while it still expects body bytes. */
  end(): void {
    this.socket.end();
  }

  destroy(): void {
    this.socket.destroy();
  }

  /** The first complete response (with a Content-Length body), or null if none came. */
  answer(): RawAnswer | null {
    const text = this.received.toString('latin1');
    const headerEnd = text.indexOf('\r\n\r\n');
    if (headerEnd < 0) return null;
    const [statusLine = '', ...lines] = text.slice(0, headerEnd).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const body = this.received.subarray(Buffer.byteLength(text.slice(0, headerEnd + 4), 'latin1'));
    if (body.length < length) return null;
    return {
      status: Number(statusLine.split(' ')[1]),
      headers,
      body: body.subarray(0, length).toString('utf8'),
    };
  }

  /** Waits for the first response; fails after `timeoutMs` (a generous bound, not a measure). */
  async waitForAnswer(timeoutMs = 10_000): Promise<RawAnswer> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const answer = this.answer();
      if (answer) return answer;
      if (Date.now() > deadline) throw new Error(`no answer within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

export const BOUNDARY = 'qa-test-boundary-7MA4YWxkTrZu0gW';

/** The request head of a multipart PUT, announcing `contentLength` body bytes. */
export function multipartHead(
  path: string,
  host: string,
  { cookie, origin, contentLength }: { cookie: string; origin: string; contentLength: number },
): string {
  return [
    `PUT ${path} HTTP/1.1`,
    `Host: ${host}`,
    `Cookie: ${cookie}`,
    `Origin: ${origin}`,
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
    `Content-Length: ${contentLength}`,
    '',
    '',
  ].join('\r\n');
}

/** The opening of a file part in the field "file"; its content and closing boundary follow. */
export function filePartHead(name: string, type = 'application/pdf'): string {
  return [
    `--${BOUNDARY}`,
    `Content-Disposition: form-data; name="file"; filename="${name}"`,
    `Content-Type: ${type}`,
    '',
    '',
  ].join('\r\n');
}

export const CLOSING_BOUNDARY = `\r\n--${BOUNDARY}--\r\n`;
