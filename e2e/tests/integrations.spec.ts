import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { seriousViolations } from '../support/axe';
import { expect, signedInPage, test } from '../support/fixtures';

/**
 * Issue 16, the screens: a German administrator on a tablet creates a personal API token on her
 * profile (the secret shown once), an integration uses it, she revokes it (after a question) and
 * it stops working; she registers a webhook on /webhooks for a receiver on loopback, an audit
 * created over the API reaches the receiver signed, the delivery log says "Zugestellt", and
 * "Erneut senden" delivers it again with the same webhook-id. Both screens pass axe in German and
 * English.
 */
const suffix = () => Date.now().toString(36).slice(-6);

interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
}

async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({
        id: String(req.headers['webhook-id']),
        timestamp: String(req.headers['webhook-timestamp']),
        signature: String(req.headers['webhook-signature']),
        body,
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/qa`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('API token on the profile and a webhook with its delivery log, in German on a tablet', async ({
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  const admin = await signedInPage(browser, server.url, 'de-DE');
  const page = admin.page;
  await page.setViewportSize({ width: 768, height: 1024 });
  try {
    const me = (await (await page.request.get('/api/v1/session')).json()) as {
      person: { id: string };
    };
    await page.goto(`/users/${me.person.id}`);
    const panel = page.getByTestId('own-tokens');
    await panel.scrollIntoViewIfNeeded();
    const name = `ERP-Schnittstelle ${suffix()}`;
    await page.getByTestId('own-tokens-name').fill(name);
    await page.getByTestId('own-tokens-create').click();
    const secretField = page.getByTestId('own-token-secret-secret');
    await expect(secretField).toBeVisible();
    const token = await secretField.inputValue();
    expect(token).toMatch(/^qat_/);
    await expect(page.getByTestId('own-token-secret-warning')).toBeVisible();
    await page.getByTestId('own-token-secret-close').click();
    await expect(secretField).toHaveCount(0);
    const row = page.getByTestId('own-token').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(page.locator('body')).not.toContainText(token);

    const auth = { authorization: `Bearer ${token}` };
    expect((await fetch(`${server.url}/api/v1/audits?limit=1`, { headers: auth })).status).toBe(
      200,
    );

    // The webhook, registered on its page (from the avatar menu).
    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('webhooks').click();
    await expect(page).toHaveURL(/\/webhooks$/);
    await page.getByTestId('webhook-create').click();
    const form = page.getByTestId('webhook-form');
    await page.getByTestId('webhook-form-url').fill(receiver.url);
    await form.getByLabel('Audit angelegt').check();
    await page.getByTestId('webhook-form-save').click();
    const hookSecret = await page.getByTestId('webhook-secret-secret').inputValue();
    expect(hookSecret).toMatch(/^whsec_/);
    await page.getByTestId('webhook-secret-close').click();
    const hook = page.getByTestId('webhook').filter({ hasText: receiver.url });
    await expect(hook).toContainText('Audit angelegt');

    const auditName = `Lieferant Webhook ${suffix()}`;
    const created = await fetch(`${server.url}/api/v1/audits`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: auditName,
        leadauditor: me.person.id,
        planning_year: new Date().getFullYear(),
      }),
    });
    expect(created.status).toBe(201);
    // The server is shared with other tests: their audits reach this webhook too, so ours is
    // found by its name.
    const ours = () =>
      receiver.received.find((delivery) => delivery.body.includes(JSON.stringify(auditName)));
    await expect.poll(ours, { timeout: 20_000 }).toBeTruthy();
    const first = ours();
    const key = Buffer.from(hookSecret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key)
      .update(`${first!.id}.${first!.timestamp}.${first!.body}`)
      .digest('base64');
    expect(first!.signature.split(' ')).toContain(`v1,${expected}`);
    expect(JSON.parse(first!.body)).toMatchObject({
      type: 'audit.created',
      data: { collection: 'audits', document: { name: auditName } },
    });

    await hook.getByTestId('webhook-log-toggle').click();
    const delivery = hook.getByTestId('webhook-delivery').first();
    await expect(delivery.getByTestId('webhook-delivery-status')).toHaveText('Zugestellt');
    await delivery.getByTestId('webhook-delivery-resend').click();
    // The server took it (a refusal would show its reason here instead).
    await expect(page.getByText('Die Zustellung wurde erneut eingereiht.')).toBeVisible();
    // A resend repeats a delivery with its webhook-id: an id the receiver has seen before (the
    // newest row may be another test's audit, delivered meanwhile with an id of its own).
    const repeated = () => {
      const ids = receiver.received.map((delivery) => delivery.id);
      return ids.length > new Set(ids).size;
    };
    await expect.poll(repeated, { timeout: 20_000 }).toBe(true);

    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`/users/${me.person.id}`);
    await expect(page.getByTestId('own-tokens')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Revoking asks first; then the token stops working.
    await row.getByTestId('own-token-revoke').click();
    await page.getByTestId('own-tokens-confirm').click();
    await expect(row).not.toContainText('Gültig');
    expect((await fetch(`${server.url}/api/v1/audits?limit=1`, { headers: auth })).status).toBe(
      401,
    );
  } finally {
    // The e2e server is shared: leave no endpoint behind that would retry for a day.
    const list = await page.request.get('/api/v1/webhooks');
    const { webhooks } = (await list.json()) as { webhooks: { id: string; url: string }[] };
    for (const hook of webhooks.filter((entry) => entry.url === receiver.url)) {
      await page.request.delete(`/api/v1/webhooks/${hook.id}`, { headers: { origin: server.url } });
    }
    await admin.context.close();
    await receiver.close();
  }
});

test('the tokens panel and the webhooks page pass axe in English', async ({ browser, server }) => {
  const admin = await signedInPage(browser, server.url, 'en-US');
  try {
    const me = (await (await admin.page.request.get('/api/v1/session')).json()) as {
      person: { id: string };
    };
    await admin.page.goto(`/users/${me.person.id}`);
    await expect(admin.page.getByTestId('own-tokens')).toBeVisible();
    expect(await seriousViolations(admin.page)).toEqual([]);
    await admin.page.goto('/webhooks');
    await expect(admin.page.getByTestId('webhooks')).toBeVisible();
    expect(await seriousViolations(admin.page)).toEqual([]);
  } finally {
    await admin.context.close();
  }
});
