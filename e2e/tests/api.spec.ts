import createClient from 'openapi-fetch';
import type { paths } from '../../apps/server/test/api/openapi.generated';
import { AUDITOR } from '../support/environment';
import { expect, signedInPage, test } from '../support/fixtures';

/**
 * Issue 16: an integrator drives an audit over the REST API with a typed client (types generated
 * from the served OpenAPI document), with an API token the quality manager created; the web app,
 * open in a browser the whole time, shows each step live without a reload: the audit in the
 * matrix, its question on the preparation tab, the finding on the execution tab, the measure on
 * /measures until it is effective.
 */
const suffix = () => Date.now().toString(36).slice(-6);

test('a REST client creates an audit, a question, a finding and a measure; the open web app shows each step live', async ({
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  const qm = await signedInPage(browser, server.url, 'en-US');
  try {
    const page = qm.page;
    // The token is made as the web app makes it: with the session and the page's origin.
    const made = await page.request.post('/api/v1/me/tokens', {
      data: { name: `ERP ${suffix()}` },
      headers: { origin: server.url },
    });
    expect(made.status()).toBe(201);
    const { secret } = (await made.json()) as { secret: string };
    const me = (await (await page.request.get('/api/v1/session')).json()) as {
      person: { id: string };
    };
    const people = await page.request.get('/api/v1/people?limit=500', {
      headers: { authorization: `Bearer ${secret}` },
    });
    const auditor = (
      (await people.json()) as { items: { id: string; email: string }[] }
    ).items.find((person) => person.email === AUDITOR.email);
    const api = createClient<paths>({
      baseUrl: server.url,
      headers: { authorization: `Bearer ${secret}` },
    });

    await page.goto('/auditmatrix');
    const name = `REST audit ${suffix()}`;
    const audit = await api.POST('/api/v1/audits', {
      body: {
        name,
        leadauditor: me.person.id,
        planning_year: new Date().getFullYear(),
      },
    });
    expect(audit.response.status).toBe(201);
    const auditId = audit.data!.id;
    await expect(page.getByTestId(`audit-row-${auditId}`)).toContainText(name);

    await page.goto(`/audit/${auditId}/auditpreparation`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const question = `Are the racks labelled ${suffix()}?`;
    const item = await api.POST('/api/v1/audits/{auditId}/items', {
      params: { path: { auditId } },
      body: { question: { text: question, importance: '3' } } as never,
    });
    expect(item.response.status).toBe(201);
    await expect(page.getByText(question)).toBeVisible();

    await page.goto(`/audit/${auditId}/auditexecution`);
    await expect(page.getByText(question)).toBeVisible();
    const findingText = `Rack 4 without a label ${suffix()}`;
    const finding = await api.POST('/api/v1/audits/{auditId}/items/{itemId}/findings', {
      params: { path: { auditId, itemId: item.data!.id } },
      body: { finding: { id: 'rest-f1', importance: '3', text: findingText } } as never,
    });
    expect(finding.response.status).toBe(200);
    await expect(page.getByText(findingText)).toBeVisible();

    await page.goto('/measures');
    const measureText = `Label all racks ${suffix()}`;
    const measure = await api.POST('/api/v1/measures', {
      body: {
        text: measureText,
        audit_id: auditId,
        audititem_id: item.data!.id,
        deviation_id: 'rest-f1',
        assignedTo: auditor ? [auditor.id] : [],
        dueDate: '2030-12-31',
      },
    });
    expect(measure.response.status).toBe(201);
    const row = page.getByTestId('list-row-open').filter({ hasText: measureText });
    await expect(row).toBeVisible();
    for (const to of ['2', '3', '4', '5']) {
      const moved = await api.POST('/api/v1/measures/{id}/status', {
        params: { path: { id: measure.data!.id } },
        body: { to },
      });
      expect(moved.response.status).toBe(200);
    }
    const checked = await api.POST('/api/v1/measures/{id}/effectiveness', {
      params: { path: { id: measure.data!.id } },
      body: { effective: true, comment: 'All racks labelled' },
    });
    expect(checked.data?.data.status).toBe('6');
    await expect(row).toContainText('Effective');

    const back = await api.GET('/api/v1/audits/{id}', { params: { path: { id: auditId } } });
    expect(back.data?.items).toHaveLength(1);
  } finally {
    await qm.context.close();
  }
});
