import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** The Host header: the URL's host name, also when the sender connected to an address. */
  host: string;
  /** The parsed body. */
  event: { id: string; type: string; data: Record<string, unknown>; actor: unknown };
}

/** As docs/webhooks.md tells receivers: HMAC-SHA256 with the secret's decoded bytes. */
export function validSignature(secret: string, hook: ReceivedWebhook): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${hook.id}.${hook.timestamp}.${hook.body}`)
    .digest();
  return hook.signature.split(' ').some((entry) => {
    const [version, value] = entry.split(',');
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/**
 * A webhook receiver on 127.0.0.1: records every request, answers `status` (200 unless a test
 * makes it fail), and can close its port and open it again on the same one.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** Requests answered with another status than 2xx, counted. */
  refused = 0;
  status = 200;
  private server: http.Server | null = null;
  port = 0;

  static async start(port = 0): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    await receiver.open(port);
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  async open(port = this.port): Promise<void> {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if (this.status >= 200 && this.status < 300) {
          this.received.push({
            id: String(req.headers['webhook-id']),
            timestamp: String(req.headers['webhook-timestamp']),
            signature: String(req.headers['webhook-signature']),
            body,
            host: String(req.headers.host),
            event: JSON.parse(body) as ReceivedWebhook['event'],
          });
        } else {
          this.refused += 1;
        }
        res.writeHead(this.status, { 'content-type': 'text/plain' });
        res.end(this.status >= 300 ? 'receiver down' : 'ok');
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  /** Closes the port (connections included): attempts now fail with ECONNREFUSED. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  ofType(type: string): ReceivedWebhook[] {
    return this.received.filter((hook) => hook.event.type === type);
  }
}

/** Polls `check` until it returns a value other than undefined/false, or fails after `ms`. */
export async function eventually<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  ms = 10_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
