import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  WEBHOOK_EVENT_TYPES,
  type Person,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from '@qa/domain';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SnackbarProvider } from '../../components/snackbar/snackbar-provider';
import { formatDate } from '../../lib/i18n/format';
import { createI18n } from '../../lib/i18n/i18n';
import { testPerson } from '../../test/test-person';
import { WebhooksPage } from './webhooks-page';

let person: Person | null = null;
vi.mock('../../lib/session/session-provider', () => ({ usePerson: () => person }));

const [AUDIT_CREATED, , AUDIT_COMPLETED, , MEASURE_CREATED, , MEASURE_OVERDUE] =
  WEBHOOK_EVENT_TYPES;
const SECRET = 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LTEyMzQ=';
const ROTATED = 'whsec_bmV3LXNlY3JldC1uZXctc2VjcmV0LW5ldy1zZWNyZXQ=';

function hook(overrides: Partial<Webhook>): Webhook {
  return {
    id: 'w1',
    url: 'https://erp.example.com/hooks/qa',
    description: 'ERP: measures',
    events: [MEASURE_CREATED!, MEASURE_OVERDUE!],
    active: true,
    createdBy: 'p1',
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: '2026-11-01T08:00:00.000Z',
    ...overrides,
  };
}

function delivery(
  id: string,
  status: WebhookDeliveryStatus,
  overrides: Partial<WebhookDelivery> = {},
): WebhookDelivery {
  return {
    id,
    webhookId: 'w1',
    eventId: `e-${id}`,
    eventType: MEASURE_CREATED!,
    status,
    attempts: 1,
    createdAt: '2026-11-26T10:00:00.000Z',
    nextAttemptAt: null,
    expiresAt: '2026-11-27T10:00:00.000Z',
    deliveredAt: status === 'delivered' ? '2026-11-26T10:00:01.000Z' : null,
    lastStatusCode: status === 'delivered' ? 200 : null,
    lastError: null,
    attemptLog: [],
    payload: {
      id: `e-${id}`,
      type: MEASURE_CREATED!,
      occurredAt: '2026-11-26T10:00:00.000Z',
      data: { collection: 'measures', id: 'm1', version: 1, document: {} },
      actor: null,
    },
    ...overrides,
  };
}

interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/**
 * A webhook server with state: the endpoints and w1's delivery log (newest first, pages of
 * `limit` by an index cursor, filtered by status). Records every call with its query.
 */
function webhookServer(initial: Webhook[], log: WebhookDelivery[] = []) {
  let webhooks = [...initial];
  let deliveries = [...log];
  const calls: Call[] = [];
  const json = (status: number, body?: unknown) =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const query = Object.fromEntries(url.searchParams);
      calls.push({ method, path: url.pathname, query, body });
      const route = `${method} ${url.pathname}`;
      if (route === 'GET /api/v1/webhooks') return json(200, { webhooks });
      if (route === 'POST /api/v1/webhooks') {
        const created = hook({ ...(body as Partial<Webhook>), id: 'w2' });
        webhooks = [...webhooks, created];
        return json(201, { webhook: created, secret: SECRET });
      }
      if (route === 'PATCH /api/v1/webhooks/w1') {
        const changed = { ...webhooks[0]!, ...(body as Partial<Webhook>) };
        webhooks = [changed, ...webhooks.slice(1)];
        return json(200, { webhook: changed });
      }
      if (route === 'DELETE /api/v1/webhooks/w1') {
        webhooks = webhooks.filter((entry) => entry.id !== 'w1');
        return json(204);
      }
      if (route === 'POST /api/v1/webhooks/w1/rotate-secret')
        return json(200, { webhook: webhooks[0], secret: ROTATED });
      if (route === 'POST /api/v1/webhooks/w1/test') {
        const ping = delivery('ping', 'pending', { eventType: 'webhook.ping', attempts: 0 });
        deliveries = [ping, ...deliveries];
        return json(202, { delivery: ping });
      }
      if (route === 'GET /api/v1/webhooks/w1/deliveries') {
        const limit = Number(query.limit ?? 50);
        const start = Number(query.cursor ?? 0);
        const matching = deliveries.filter(
          (entry) => !query.status || entry.status === query.status,
        );
        const page = matching.slice(start, start + limit);
        const next = start + limit < matching.length ? String(start + limit) : null;
        // Read now, answered when the test lets it (a slow answer that was read before a change).
        const held = holdList;
        holdList = null;
        if (held) await held;
        return json(200, { deliveries: page, nextCursor: next });
      }
      const resend = /^POST \/api\/v1\/webhooks\/deliveries\/([^/]+)\/resend$/.exec(route);
      if (resend) {
        const again = deliveries.find((entry) => entry.id === resend[1])!;
        const pending = { ...again, status: 'pending' as const, nextAttemptAt: again.createdAt };
        deliveries = deliveries.map((entry) => (entry.id === again.id ? pending : entry));
        return json(202, { delivery: pending });
      }
      return json(404, { code: 'not_found', error: { code: 'not_found', message: 'nope' } });
    }),
  );
  return calls;
}

let online = true;
/** When set, the next read of the delivery log answers only once this settles. */
let holdList: Promise<void> | null = null;

function renderPage(language: 'de' | 'en' = 'en') {
  const router = createMemoryRouter([{ path: '/webhooks', element: <WebhooksPage /> }], {
    initialEntries: ['/webhooks'],
  });
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <SnackbarProvider>
        <RouterProvider router={router} />
      </SnackbarProvider>
    </I18nextProvider>,
  );
}

const cards = () => screen.queryAllByTestId('webhook');
const admin = testPerson({ roles: ['user', 'admin'] });

describe('WebhooksPage', () => {
  beforeEach(() => {
    online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    person = admin;
    holdList = null;
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('lists the endpoints with URL, description, translated events and state', async () => {
    webhookServer([
      hook({}),
      hook({ id: 'w9', url: 'http://10.0.0.9/caq', description: '', active: false }),
    ]);
    renderPage('de');
    await waitFor(() => expect(cards()).toHaveLength(2));
    const [first, second] = cards() as [HTMLElement, HTMLElement];
    expect(within(first).getByTestId('webhook-url').textContent).toBe(
      'https://erp.example.com/hooks/qa',
    );
    expect(within(first).getByTestId('webhook-description').textContent).toBe('ERP: measures');
    expect(within(first).getByTestId('webhook-events').textContent).toBe(
      'Maßnahme angelegtMaßnahme überfällig',
    );
    expect(within(first).getByTestId('webhook-active').textContent).toBe('Aktiv');
    expect(first.textContent).toContain(
      `Registriert: ${formatDate('2026-11-01T08:00:00.000Z', 'de', { dateStyle: 'medium', timeStyle: 'short' })}`,
    );
    expect(within(second).getByTestId('webhook-active').textContent).toBe('Inaktiv');
    expect(within(second).queryByTestId('webhook-description')).toBeNull();
  });

  it('shows a clear empty state', async () => {
    webhookServer([]);
    renderPage();
    expect((await screen.findByTestId('webhooks-empty')).textContent).toContain('No webhooks yet.');
  });

  it('registers an endpoint, shows its secret once, then lists it without the secret', async () => {
    const calls = webhookServer([]);
    renderPage();
    await screen.findByTestId('webhooks-empty');
    fireEvent.click(screen.getByTestId('webhook-create'));
    const form = await screen.findByTestId('webhook-form');

    // The URL is checked as the server checks it, and one event at least is needed.
    fireEvent.change(within(form).getByTestId('webhook-form-url'), {
      target: { value: 'ftp://example.com' },
    });
    fireEvent.click(within(form).getByTestId('webhook-form-save'));
    expect(form.textContent).toContain(
      'The address must be an http or https URL without user name and password',
    );
    expect(form.textContent).toContain('Choose at least one event.');
    expect(document.activeElement).toBe(within(form).getByTestId('webhook-form-url'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.change(within(form).getByTestId('webhook-form-url'), {
      target: { value: ' https://caq.example.com/in ' },
    });
    fireEvent.click(within(form).getByLabelText('Audit completed'));
    fireEvent.click(within(form).getByLabelText('Audit created'));
    fireEvent.change(within(form).getByTestId('webhook-form-description'), {
      target: { value: 'CAQ' },
    });
    fireEvent.click(within(form).getByTestId('webhook-form-save'));

    const dialog = await screen.findByTestId('webhook-secret');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      url: 'https://caq.example.com/in',
      // In the domain's order, whatever the order of the clicks.
      events: [AUDIT_CREATED, AUDIT_COMPLETED],
      description: 'CAQ',
      active: true,
    });
    expect((within(dialog).getByTestId('webhook-secret-secret') as HTMLTextAreaElement).value).toBe(
      SECRET,
    );
    expect(dialog.textContent).toContain('https://caq.example.com/in');
    expect(within(dialog).getByTestId('webhook-secret-warning').textContent).toContain(
      'it will not be shown again',
    );
    fireEvent.click(within(dialog).getByTestId('webhook-secret-close'));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
    expect(cards()).toHaveLength(1);
    expect(within(cards()[0]!).getByTestId('webhook-events').textContent).toBe(
      'Audit createdAudit completed',
    );
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('edits an endpoint: deactivates it and changes its events', async () => {
    const calls = webhookServer([hook({})]);
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('webhook-edit'));
    const form = await screen.findByTestId('webhook-form');
    expect((within(form).getByTestId('webhook-form-url') as HTMLInputElement).value).toBe(
      'https://erp.example.com/hooks/qa',
    );
    fireEvent.click(within(form).getByLabelText('Measure overdue'));
    fireEvent.click(within(form).getByLabelText('Active (receives events)'));
    expect(form.textContent).toContain('deliveries still pending fail');
    fireEvent.click(within(form).getByTestId('webhook-form-save'));
    await waitFor(() => expect(screen.queryByTestId('webhook-form')).toBeNull());
    expect(calls.find((call) => call.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: '/api/v1/webhooks/w1',
      query: {},
      body: {
        url: 'https://erp.example.com/hooks/qa',
        events: [MEASURE_CREATED],
        description: 'ERP: measures',
        active: false,
      },
    });
    expect(within(cards()[0]!).getByTestId('webhook-active').textContent).toBe('Inactive');
    expect(await screen.findByText('The webhook has been saved.')).toBeTruthy();
  });

  it('shows the delivery log newest first, loads more, filters by status and resends', async () => {
    const log = [
      delivery('d3', 'failed', {
        attempts: 9,
        lastStatusCode: null,
        lastError: 'unreachable',
      }),
      delivery('d2', 'delivered'),
      ...Array.from({ length: 30 }, (_, index) => delivery(`old${index}`, 'delivered')),
    ];
    const calls = webhookServer([hook({})], log);
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('webhook-log-toggle'));
    expect(screen.getByTestId('webhook-log-toggle').getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(screen.getAllByTestId('webhook-delivery')).toHaveLength(25));
    const [failed, delivered] = screen.getAllByTestId('webhook-delivery') as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(failed).getByTestId('webhook-delivery-status').textContent).toBe('Failed');
    expect(failed.textContent).toContain('Measure created');
    expect(failed.textContent).toContain('9 attempts');
    expect(failed.textContent).not.toContain('Last answer');
    expect(failed.textContent).toContain(
      'Last error: no HTTP answer (address not reachable, connection refused or timed out)',
    );
    expect(failed.textContent).toContain(
      `Event: ${formatDate('2026-11-26T10:00:00.000Z', 'en', { dateStyle: 'medium', timeStyle: 'medium' })}`,
    );
    expect(within(delivered).getByTestId('webhook-delivery-status').textContent).toBe('Delivered');
    expect(delivered.textContent).toContain('1 attempt');

    // The next page by the server's cursor.
    fireEvent.click(screen.getByTestId('webhook-deliveries-more'));
    await waitFor(() => expect(screen.getAllByTestId('webhook-delivery')).toHaveLength(32));
    expect(screen.queryByTestId('webhook-deliveries-more')).toBeNull();
    const pages = calls.filter((call) => call.path === '/api/v1/webhooks/w1/deliveries');
    expect(pages.map((call) => call.query)).toEqual([
      { limit: '25' },
      { limit: '25', cursor: '25' },
    ]);

    // Only the failed ones.
    fireEvent.change(screen.getByTestId('webhook-deliveries-filter'), {
      target: { value: 'failed' },
    });
    await waitFor(() => expect(screen.getAllByTestId('webhook-delivery')).toHaveLength(1));
    expect(calls.at(-1)?.query).toEqual({ limit: '25', status: 'failed' });

    fireEvent.click(screen.getByTestId('webhook-delivery-resend'));
    await waitFor(() =>
      expect(screen.getByTestId('webhook-delivery-status').textContent).toBe('Pending'),
    );
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/v1/webhooks/deliveries/d3/resend',
    });
    expect(await screen.findByText('The delivery has been queued again.')).toBeTruthy();

    // Pending now: the failed filter has nothing left, and says so.
    fireEvent.click(screen.getByTestId('webhook-deliveries-reload'));
    expect((await screen.findByTestId('webhook-deliveries-empty')).textContent).toBe(
      'No deliveries with this status.',
    );
  });

  it('a resend is not undone by a reload that read the log before it', async () => {
    webhookServer([hook({})], [delivery('d1', 'delivered')]);
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('webhook-log-toggle'));
    await waitFor(() =>
      expect(screen.getByTestId('webhook-delivery-status').textContent).toBe('Delivered'),
    );
    let release = () => {};
    holdList = new Promise<void>((resolve) => (release = resolve));
    fireEvent.click(screen.getByTestId('webhook-deliveries-reload'));
    fireEvent.click(screen.getByTestId('webhook-delivery-resend'));
    expect(await screen.findByText('The delivery has been queued again.')).toBeTruthy();
    release();
    await waitFor(() => expect(screen.queryByTestId('webhook-deliveries-reload')).not.toBeNull());
    await waitFor(() =>
      expect((screen.getByTestId('webhook-deliveries-reload') as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    expect(screen.getByTestId('webhook-delivery-status').textContent).toBe('Pending');
  });

  it('says so when an endpoint has no deliveries; a test event shows up in its log', async () => {
    const calls = webhookServer([hook({})], []);
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('webhook-log-toggle'));
    expect((await screen.findByTestId('webhook-deliveries-empty')).textContent).toBe(
      'No deliveries yet.',
    );
    fireEvent.click(screen.getByTestId('webhook-test'));
    expect(await screen.findByText('A test event has been queued for delivery.')).toBeTruthy();
    const ping = await screen.findByTestId('webhook-delivery');
    expect(ping.textContent).toContain('Test event');
    expect(within(ping).getByTestId('webhook-delivery-status').textContent).toBe('Pending');
    expect(calls.some((call) => call.path === '/api/v1/webhooks/w1/test')).toBe(true);
  });

  it('asks before deleting and before replacing the secret', async () => {
    const calls = webhookServer([hook({})]);
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(1));

    fireEvent.click(screen.getByTestId('webhook-rotate'));
    expect((await screen.findByTestId('webhooks-question')).textContent).toContain(
      'The old secret stops working at once',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('webhooks-question')).toBeNull());
    expect(calls.some((call) => call.path.endsWith('/rotate-secret'))).toBe(false);
    fireEvent.click(screen.getByTestId('webhook-rotate'));
    fireEvent.click(await screen.findByTestId('webhooks-confirm'));
    const dialog = await screen.findByTestId('webhook-secret');
    expect(dialog.textContent).toContain('The new secret');
    expect((within(dialog).getByTestId('webhook-secret-secret') as HTMLTextAreaElement).value).toBe(
      ROTATED,
    );
    fireEvent.click(within(dialog).getByTestId('webhook-secret-close'));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());

    fireEvent.click(screen.getByTestId('webhook-delete'));
    expect((await screen.findByTestId('webhooks-question')).textContent).toContain(
      'https://erp.example.com/hooks/qa no longer receives events',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('webhooks-question')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByTestId('webhook-delete'));
    fireEvent.click(await screen.findByTestId('webhooks-confirm'));
    await screen.findByTestId('webhooks-empty');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('webhook-create')));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/v1/webhooks/w1',
    ]);
  });

  it("translates the server's refusal by its message key", async () => {
    webhookServer([]);
    const fetchOk = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        (init?.method ?? 'GET') === 'POST'
          ? new Response(
              JSON.stringify({
                code: 'conflict',
                key: 'webhook.tooMany',
                params: { max: 50 },
                detail: 'At most 50 webhooks are possible',
                error: { code: 'conflict', message: 'too many' },
              }),
              { status: 409 },
            )
          : fetchOk(input, init),
      ),
    );
    renderPage('de');
    await screen.findByTestId('webhooks-empty');
    fireEvent.click(screen.getByTestId('webhook-create'));
    const form = await screen.findByTestId('webhook-form');
    fireEvent.change(within(form).getByTestId('webhook-form-url'), {
      target: { value: 'https://x.example.com' },
    });
    fireEvent.click(within(form).getByLabelText('Maßnahme angelegt'));
    fireEvent.click(within(form).getByTestId('webhook-form-save'));
    expect((await screen.findByTestId('webhook-form-error')).textContent).toBe(
      'Höchstens 50 Webhooks sind möglich',
    );
  });

  it('offline: says so, asks the server nothing and offers no changes', () => {
    online = false;
    const calls = webhookServer([hook({})]);
    renderPage();
    expect(screen.getByTestId('webhooks-offline').textContent).toContain('You are offline');
    expect((screen.getByTestId('webhook-create') as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toEqual([]);
  });

  it('is for admins only: others are told so and nothing is asked of the server', () => {
    person = testPerson({ roles: ['user', 'qm', 'auditor'] });
    const calls = webhookServer([hook({})]);
    renderPage();
    expect(screen.getByTestId('webhooks-forbidden').textContent).toBe(
      'Only administrators manage webhooks.',
    );
    expect(screen.queryByTestId('webhook-create')).toBeNull();
    expect(calls).toEqual([]);
  });
});
