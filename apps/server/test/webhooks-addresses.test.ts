import net from 'node:net';
import type { WebhookDelivery, WebhookWithSecret } from '@qa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedAddress } from '../src/modules/webhooks/webhook-address-guard';
import { commandActors, type Actor } from './support/command-actors';
import { freePort } from './support/free-port';
import { startApp, type TestApp } from './support/start-app';
import { eventually, WebhookReceiver } from './support/webhook-receiver';

/**
 * Webhooks cannot look inside the network (issue 35, decision 79): internal addresses are refused
 * at registration and again after each delivery's DNS resolution, the connection goes to the
 * address that was checked, WEBHOOK_ALLOWED_HOSTS lets named receivers through, and the delivery
 * log tells neither what an address answered nor an open port from a closed one. The names are
 * answered by a resolver of the test's own, standing in for a DNS server an attacker controls.
 */

const FAST = { pollIntervalMs: 100, retryBaseMs: 50, retryCapMs: 200, requestTimeoutMs: 2_000 };

describe('webhooks and internal addresses', () => {
  let app: TestApp;
  let receiver: WebhookReceiver;
  let admin: Actor;
  /** rebind.example.test answers a public address until this is true, then loopback. */
  let rebound = false;
  const { actor, closeAll } = commandActors(() => app, 'wh-addr');

  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    const answer: Record<string, string> = {
      'receiver.example.test': '127.0.0.1',
      'intranet.example.test': '10.0.0.5',
      'metadata.example.test': '::ffff:169.254.169.254',
      'rebind.example.test': rebound ? '127.0.0.1' : '203.0.113.10',
    };
    const address = answer[hostname];
    if (!address)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return [{ address, family: net.isIP(address) === 6 ? 6 : 4 }];
  };

  async function api(method: string, path: string, body?: unknown) {
    const response = await fetch(`${app.url}${path}`, {
      method,
      headers: {
        cookie: admin.cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, read by expect
    return { status: response.status, body: (text ? JSON.parse(text) : null) as any };
  }

  const create = (url: string) =>
    api('POST', '/api/v1/webhooks', { url, events: ['audit.created'] });

  /** Registers `url`, sends a test ping and answers its delivery once it was attempted. */
  async function pinged(url: string): Promise<WebhookDelivery> {
    const created = await create(url);
    expect(created.status, url).toBe(201);
    const id = (created.body as WebhookWithSecret).webhook.id;
    expect((await api('POST', `/api/v1/webhooks/${id}/test`)).status).toBe(202);
    return eventually(async () => {
      const page = await api('GET', `/api/v1/webhooks/${id}/deliveries`);
      const delivery = (page.body.deliveries as WebhookDelivery[])[0];
      return delivery && delivery.attempts >= 1 ? delivery : undefined;
    });
  }

  beforeAll(async () => {
    app = await startApp({
      dialect: 'sqlite',
      env: { WEBHOOK_ALLOWED_HOSTS: 'receiver.example.test' },
      build: { webhooks: { ...FAST, resolve } },
    });
    receiver = await WebhookReceiver.start();
    admin = await actor('admin.addr@example.com', ['admin']);
  });
  afterAll(async () => {
    closeAll();
    await app?.stop();
    await receiver?.close();
  });

  it('refuses internal addresses at registration: literal, mapped, or all a name resolves to', async () => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://[::1]:1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::ffff:169.254.169.254]/latest',
      'http://[::ffff:7f00:1]/',
      'http://0.0.0.0:3000/',
      'http://2130706433/',
      'http://10.1.2.3/',
      'https://192.168.0.10/',
      'http://100.64.1.1/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://intranet.example.test/hook',
      'https://metadata.example.test/',
    ]) {
      const refused = await create(url);
      expect(refused.status, url).toBe(400);
      expect(refused.body, url).toMatchObject({
        code: 'invalid_request',
        key: 'webhook.addressBlocked',
      });
    }
    // A name that does not resolve (yet) is no internal address: each delivery checks again.
    expect((await create('https://unknown.example.test/hook')).status).toBe(201);
    const ok = await create('https://203.0.113.20/hook');
    expect(ok.status).toBe(201);
    const patched = await api('PATCH', `/api/v1/webhooks/${ok.body.webhook.id}`, {
      url: 'http://intranet.example.test/',
    });
    expect(patched.body).toMatchObject({ status: 400, key: 'webhook.addressBlocked' });
  });

  it('connects to the checked address with the host name kept, for an allowed host', async () => {
    const delivery = await pinged(`http://receiver.example.test:${receiver.port}/hook`);
    expect(delivery).toMatchObject({ status: 'delivered', lastStatusCode: 200, lastError: null });
    expect(receiver.ofType('webhook.ping').at(-1)!.host).toBe(
      `receiver.example.test:${receiver.port}`,
    );
  });

  it('refuses a name that answers an internal address at delivery (DNS rebinding)', async () => {
    const before = receiver.received.length;
    const created = await create(`http://rebind.example.test:${receiver.port}/hook`);
    expect(created.status).toBe(201);
    rebound = true;
    const id = (created.body as WebhookWithSecret).webhook.id;
    await api('POST', `/api/v1/webhooks/${id}/test`);
    const delivery = await eventually(async () => {
      const page = await api('GET', `/api/v1/webhooks/${id}/deliveries`);
      const first = (page.body.deliveries as WebhookDelivery[])[0];
      return first && first.attempts >= 1 ? first : undefined;
    });
    expect(delivery).toMatchObject({
      status: 'pending',
      lastStatusCode: null,
      lastError: 'address_blocked',
    });
    expect(delivery.attemptLog[0]).toMatchObject({ statusCode: null, error: 'address_blocked' });
    expect(receiver.received.length).toBe(before);
  });

  it('keeps status and timing but no body, and tells no open port from a closed one', async () => {
    receiver.status = 500;
    try {
      const failed = await pinged(`http://receiver.example.test:${receiver.port}/hook`);
      expect(failed).toMatchObject({ lastStatusCode: 500, lastError: null });
      expect(failed.attemptLog[0]).toMatchObject({ statusCode: 500, error: null });
      expect(failed.attemptLog[0]!.durationMs).toEqual(expect.any(Number));
      expect(JSON.stringify(failed)).not.toContain('receiver down');
    } finally {
      receiver.status = 200;
    }

    const closed = await pinged(`http://receiver.example.test:${await freePort()}/hook`);
    // An open port that speaks no HTTP: it answers a line and hangs up.
    const sockets = new Set<net.Socket>();
    const talker = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.end('SSH-2.0-OpenSSH_9.6\r\n');
    });
    await new Promise<void>((done) => talker.listen(0, '127.0.0.1', done));
    try {
      const port = (talker.address() as net.AddressInfo).port;
      const open = await pinged(`http://receiver.example.test:${port}/hook`);
      for (const delivery of [closed, open]) {
        expect(delivery).toMatchObject({ lastStatusCode: null, lastError: 'unreachable' });
        expect(delivery.attemptLog[0]).toMatchObject({ statusCode: null, error: 'unreachable' });
      }
      expect(JSON.stringify(open)).not.toContain('SSH');
    } finally {
      await new Promise((done) => {
        talker.close(done);
        // The deliverer keeps retrying meanwhile: close what it has open.
        for (const socket of sockets) socket.destroy();
      });
    }
  });
});
