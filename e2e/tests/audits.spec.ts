import type { Page } from '@playwright/test';
import { AUDITOR } from '../support/environment';
import { createAudit } from '../support/audits';
import { controlledByServiceWorker, expect, signedInPage, test } from '../support/fixtures';

/**
 * Issue 5: the audit programme in the German UI, live in a second browser: a standard by CSV,
 * an audit against it, 50 questions from a CSV with one bad row, deactivate and undo, the
 * stepper to execution; an audit created offline; a protected audit an auditor cannot change.
 */

const suffix = () => Date.now().toString(36).slice(-6);

async function importStandard(page: Page, name: string): Promise<string> {
  await page.goto('/standards');
  await page.getByTestId('standard-import-open').click();
  await page.getByTestId('standard-import-name').fill(name);
  await page.getByTestId('standard-import-description').fill('Eine Norm aus dem Test');
  await page
    .getByTestId('standard-import-chapters')
    .fill('id;description\n4;Kontext der Organisation\n4.1;Verstehen\n5;Führung');
  await page.getByTestId('standard-import-submit').click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return name.toLowerCase();
}

/** 50 questions; row 21 of the data (line 22 of the file) has no text. */
function questionsCsv(): string {
  const lines = ['no;text;hint;chapter_id;category'];
  for (let n = 1; n <= 50; n += 1) {
    const text = n === 21 ? '' : `Frage ${n}: Ist die Anforderung erfüllt?`;
    lines.push(`${n};${text};Hinweis ${n};${n % 2 ? '4.1' : '5'};Kategorie ${n % 3}`);
  }
  return lines.join('\n');
}

test('German UI: standard, audit, 50 questions with one bad row, undo, stepper; live in a second browser', async ({
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  const a = await signedInPage(browser, server.url, 'de-DE');
  const b = await signedInPage(browser, server.url, 'en-US');
  try {
    const standardName = `Norm${suffix()}`;
    await importStandard(a.page, standardName);

    await b.page.goto('/auditmatrix');
    const name = `Audit ${suffix()}`;
    const id = await createAudit(a.page, { name, standardName, lead: 'Otto Auditor' });
    await expect(a.page.getByRole('heading', { level: 1, name })).toBeVisible();

    // The second browser sees the new audit in its matrix without reloading, and opens it.
    const row = b.page.getByTestId(`audit-row-${id}`);
    await expect(row).toContainText(name);
    // The whole row is the link to the audit.
    await b.page.getByRole('link').filter({ has: row }).click();
    await expect(b.page).toHaveURL(new RegExp(`/audit/${id}/auditpreparation$`));

    // 50 questions from a CSV, one without text: its row is reported, 49 are imported.
    await a.page.getByTestId('list-more-actions').click();
    await a.page.getByRole('menuitem', { name: 'Fragen importieren (CSV)' }).click();
    await a.page.getByTestId('item-import-text').fill(questionsCsv());
    await expect(a.page.getByTestId('item-import-errors')).toContainText(
      'Ungültige CSV-Zeile ignoriert (Zeile 22)',
    );
    await expect(a.page.getByTestId('item-import-count')).toContainText('49');
    await a.page.getByTestId('item-import-submit').click();
    await expect(a.page.getByTestId('item-import-result')).toBeVisible();
    await a.page.getByTestId('item-import-close').click();
    await expect(a.page.getByTestId('list-count')).toContainText('49');
    await expect(b.page.getByTestId('list-count')).toContainText('49');

    // Deactivate question 1 and undo it; the other browser follows.
    // Both are in the question's row menu.
    await a.page.getByRole('button', { name: 'Aktionen für Frage 1', exact: true }).click();
    await a.page.getByRole('menuitem', { name: 'Frage 1 deaktivieren' }).click();
    const first = (page: Page) =>
      page.locator('[data-testid^="item-row-"]').filter({ hasText: 'Frage 1:' });
    await expect(first(a.page).getByTestId('item-deactivated')).toBeVisible();
    await expect(first(b.page).getByTestId('item-deactivated')).toBeVisible();
    await a.page.getByRole('button', { name: 'Aktionen für Frage 1', exact: true }).click();
    await a.page.getByRole('menuitem', { name: 'Frage 1 reaktivieren (rückgängig)' }).click();
    await expect(first(a.page).getByTestId('item-deactivated')).toHaveCount(0);
    await expect(first(b.page).getByTestId('item-deactivated')).toHaveCount(0);

    // Release the audit through the stepper, then finish its preparation: the status names the
    // phase whose tab opens (decision 71), in both browsers.
    await a.page.getByRole('button', { name: 'Angelegt' }).click();
    await expect(a.page.getByTestId('audit-step-1')).toHaveAttribute('aria-current', 'step');
    await a.page.getByTestId('audit-step-continue').click();
    await expect(a.page).toHaveURL(new RegExp(`/audit/${id}/auditpreparation$`));
    await expect(a.page.getByTestId('audit-status')).toHaveText('Vorbereitung');
    await expect(b.page.getByTestId('audit-status')).toHaveText('Preparation');
    await a.page.getByRole('button', { name: 'Vorbereitet' }).click();
    await a.page.getByTestId('audit-step-comment').fill('Fragen vollständig');
    await a.page.getByTestId('audit-step-continue').click();
    await expect(a.page).toHaveURL(new RegExp(`/audit/${id}/auditexecution$`));
    await expect(a.page.getByTestId('audit-status')).toHaveText('Durchführung');
    // The other browser has the new status before it reloads: the redirect reads its replica.
    await expect(b.page.getByTestId('audit-status')).toHaveText('Execution');
    await b.page.goto(`/audit/${id}`);
    await expect(b.page).toHaveURL(new RegExp(`/audit/${id}/auditexecution$`));
    await expect(b.page.getByTestId('audit-status')).toHaveText('Execution');
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test('an audit created offline survives a reload and reaches the other browser once online', async ({
  browser,
  server,
}) => {
  test.setTimeout(90_000);
  const a = await signedInPage(browser, server.url, 'de-DE');
  const b = await signedInPage(browser, server.url, 'en-US');
  try {
    await b.page.goto('/auditmatrix');
    await a.page.goto('/auditmatrix');
    // Offline, the page comes from the service worker: it must have taken over first.
    await controlledByServiceWorker(a.page);
    await expect(a.page.getByTestId('audit-create')).toBeVisible();
    await a.context.setOffline(true);
    const name = `Offline ${suffix()}`;
    const id = await createAudit(a.page, { name, lead: 'Otto Auditor' });

    await a.page.reload();
    await expect(a.page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(b.page.getByTestId(`audit-row-${id}`)).toHaveCount(0);

    await a.context.setOffline(false);
    await expect(b.page.getByTestId(`audit-row-${id}`)).toContainText(name, { timeout: 20_000 });
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test('a protected audit: an auditor who is not its lead cannot change it, not even by a hand-made command', async ({
  browser,
  server,
}) => {
  const admin = await signedInPage(browser, server.url, 'en-US');
  const auditor = await signedInPage(browser, server.url, 'en-US', AUDITOR);
  try {
    const name = `Protected ${suffix()}`;
    // Otto is in the team (co-auditor), so only the protection stands in his way.
    const id = await createAudit(admin.page, { name, lead: 'Erika Reset', coauditor: 'Otto' });
    await admin.page.getByTestId('audit-edit').click();
    await admin.page.getByTestId('audit-dialog-protected').check();
    await admin.page.getByTestId('audit-dialog-save').click();
    await expect(admin.page.getByTestId('audit-protected')).toBeVisible();

    await auditor.page.goto(`/audit/${id}/auditpreparation`);
    await expect(auditor.page.getByTestId('audit-protected')).toBeVisible();
    await expect(auditor.page.getByTestId('preparation-read-only')).toBeVisible();
    await expect(auditor.page.getByTestId('question-create')).toHaveCount(0);

    // The server refuses the command even when it is sent by hand over the sync socket.
    const answer = await auditor.page.evaluate(async (auditId) => {
      const socket = new WebSocket(`${location.origin.replace('http', 'ws')}/api/v1/sync`);
      const clientId = `hand-made-${Date.now()}`;
      return new Promise<unknown>((resolve, reject) => {
        setTimeout(() => reject(new Error('no answer')), 10_000);
        socket.onopen = () => {
          socket.send(JSON.stringify({ v: 2, type: 'hello', clientId, protocolVersion: 2 }));
          socket.send(
            JSON.stringify({
              v: 2,
              type: 'push',
              mutations: [
                {
                  mutationId: 1,
                  clientId,
                  name: 'auditItem.create',
                  args: { auditId, id: `${clientId}-i`, question: { text: 'Sneaked in?' } },
                },
              ],
            }),
          );
        };
        socket.onmessage = (event) => {
          const message = JSON.parse(String(event.data)) as { type: string };
          if (message.type === 'ack' || message.type === 'reject') {
            socket.close();
            resolve(message);
          }
        };
      });
    }, id);
    expect(answer).toMatchObject({
      type: 'reject',
      code: 'forbidden',
      detail: { key: 'permission.auditProtected' },
    });
  } finally {
    await admin.context.close();
    await auditor.context.close();
  }
});

test('the matrix edits an audit in its dialog and deletes it only after asking; the other browser follows', async ({
  browser,
  server,
}) => {
  const a = await signedInPage(browser, server.url, 'de-DE');
  const b = await signedInPage(browser, server.url, 'en-US');
  try {
    const name = `Matrix ${suffix()}`;
    const id = await createAudit(a.page, { name, lead: 'Otto Auditor' });
    await a.page.getByTestId('audit-edit').waitFor();
    await a.page.goto('/auditmatrix');
    await b.page.goto('/auditmatrix');
    await expect(b.page.getByTestId(`audit-row-${id}`)).toContainText(name);

    // Edit and delete are in the audit's row menu, delete apart at its end.
    await a.page.getByTestId(`audit-menu-${id}`).click();
    await a.page.getByTestId(`audit-edit-${id}`).click();
    await a.page.getByTestId('audit-dialog-name').fill(`${name} neu`);
    await a.page.getByTestId('audit-dialog-save').click();
    await expect(a.page.getByTestId('audit-dialog')).toBeHidden();
    await expect(b.page.getByTestId(`audit-row-${id}`)).toContainText(`${name} neu`);

    await a.page.getByTestId(`audit-menu-${id}`).click();
    await a.page.getByTestId(`audit-delete-${id}`).click();
    await expect(a.page.getByTestId('audit-delete-question')).toHaveText(
      `Wollen Sie das Audit „${name} neu“ wirklich löschen?`,
    );
    await a.page.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(a.page.getByTestId(`audit-row-${id}`)).toBeVisible();

    await a.page.getByTestId(`audit-menu-${id}`).click();
    await a.page.getByTestId(`audit-delete-${id}`).click();
    await a.page.getByTestId('audit-delete-confirm').click();
    await expect(a.page.getByTestId(`audit-row-${id}`)).toHaveCount(0);
    await expect(b.page.getByTestId(`audit-row-${id}`)).toHaveCount(0);
  } finally {
    await a.context.close();
    await b.context.close();
  }
});
