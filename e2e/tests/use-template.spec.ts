import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { expect, signedInPage, test } from '../support/fixtures';

/**
 * Issue 14.6 and 14.7 in the browser: "use template" in an audit's preparation tab (the item
 * selection dialog) and "copy questions from the last audit of this scope". Templates, audits
 * and questions are made through the sync socket (the template screens are tested on their
 * own), the copies through the dialogs.
 */

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const SCOPE = [{ plant: 'Styr', productline: 'TGX' }];
const YEAR = new Date().getFullYear();

/** Sends commands over the page's own sync socket (its session); resolves with each answer. */
async function push(page: Page, mutations: { name: string; args: unknown }[]) {
  const answers = await page.evaluate(async (list) => {
    const socket = new WebSocket(`${location.origin.replace('http', 'ws')}/api/v1/sync`);
    const clientId = `use-template-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    return new Promise<{ type: string }[]>((resolve, reject) => {
      const seen: { type: string }[] = [];
      const all: string[] = [];
      setTimeout(() => reject(new Error(`no answer: ${all.join('\n').slice(0, 2000)}`)), 20_000);
      socket.onopen = () => {
        socket.send(JSON.stringify({ v: 2, type: 'hello', clientId, protocolVersion: 2 }));
        const mutations = list.map((m, index) => ({ mutationId: index + 1, clientId, ...m }));
        socket.send(JSON.stringify({ v: 2, type: 'push', mutations }));
      };
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as { type: string };
        all.push(String(event.data));
        if (message.type === 'ack' || message.type === 'reject') seen.push(message);
        if (seen.length === list.length) {
          socket.close();
          resolve(seen);
        }
      };
    });
  }, mutations);
  expect(answers.filter((answer) => answer.type !== 'ack')).toEqual([]);
}

async function myId(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const res = await fetch('/api/v1/session');
    return ((await res.json()) as { person: { id: string } }).person.id;
  });
}

const auditCreate = (id: string, name: string, lead: string, year: number) => ({
  name: 'audit.create',
  args: {
    id,
    name,
    standard: 'iso9001',
    scope: SCOPE,
    audited_by: 'internal',
    leadauditor: lead,
    planning_year: year,
    planning_date: `${year}-03-01`,
  },
});

async function openMore(page: Page, testId: string) {
  await page.getByTestId('list-more-actions').click();
  await page.getByTestId(testId).click();
}

test('use template: two categories of a template copied into a new audit, live in a second browser; axe in both languages', async ({
  browser,
  server,
}) => {
  // Three browsers and axe in two languages: 33 s alone, over 60 s beside the vda and touch
  // journeys on CI's two workers.
  test.setTimeout(120_000);
  const a = await signedInPage(browser, server.url, 'en-US');
  const b = await signedInPage(browser, server.url, 'en-US');
  const de = await signedInPage(browser, server.url, 'de-DE');
  try {
    const s = suffix();
    const templateId = `tpl-${s}`;
    const auditId = `use-${s}`;
    const lead = await myId(a.page);
    const categories = ['Purchasing', 'Production', 'Shipping'];
    const items = categories.flatMap((category, c) =>
      [1, 2].map((n) => ({
        id: `${templateId}-${c}-${n}`,
        question: {
          text: `${category} question ${n} ${s}`,
          category,
          no: String(c * 2 + n),
          // One chapter ISO 9001 does not have: reported before the copy.
          chapters: [{ id: c === 1 && n === 2 ? '99.9' : '8.4', standard: 'iso9001' }],
        },
      })),
    );
    await push(a.page, [
      { name: 'template.create', args: { id: templateId, name: `Template ${s}` } },
      // A second template, so the dialog never picks the only one by itself (the journey
      // chooses, whatever other tests on this server have left).
      { name: 'template.create', args: { id: `${templateId}-other`, name: `Other ${s}` } },
      { name: 'templateItem.import', args: { templateId, items } },
      auditCreate(auditId, `New audit ${s}`, lead, YEAR),
    ]);

    const url = `/audit/${auditId}/auditpreparation`;
    await a.page.goto(url);
    await b.page.goto(url);
    await expect(b.page.getByTestId('list-empty')).toBeVisible();

    await openMore(a.page, 'use-template');
    const dialog = a.page.getByRole('dialog', { name: 'Use template: choose questions' });
    await a.page.getByTestId('template-select').fill(`Template ${s}`);
    await a.page.getByRole('option', { name: `Template ${s}` }).click();
    await expect(dialog.getByTestId('template-category')).toHaveCount(3);
    await expect(dialog.getByTestId('template-item').first()).toBeVisible();
    expect(await seriousViolations(a.page, '[role="dialog"]')).toEqual([]);

    // Purchasing by the mouse, Production by the keyboard.
    await dialog.getByRole('checkbox', { name: 'Purchasing (2)' }).click();
    await dialog.getByRole('checkbox', { name: 'Production (2)' }).focus();
    await a.page.keyboard.press('Space');
    await expect(dialog.getByTestId('template-chosen-count')).toHaveText('4 of 6 questions chosen');
    await dialog.getByTestId('template-next').click();
    await expect(dialog.getByTestId('template-unmappable')).toContainText('99.9');
    await dialog.getByTestId('template-submit').click();
    await expect(dialog).toBeHidden();
    await expect(
      a.page.getByText(
        new RegExp(`^4 questions taken from the template Template ${s}, \\d+ chapters unmappable`),
      ),
    ).toBeVisible();

    for (const page of [a.page, b.page]) {
      const list = page.getByTestId('preparation-tab');
      for (const text of [
        'Purchasing question 1',
        'Purchasing question 2',
        'Production question 1',
        'Production question 2',
      ]) {
        await expect(list.getByText(`${text} ${s}`)).toBeVisible({ timeout: 20_000 });
      }
      await expect(list.getByText(`Shipping question 1 ${s}`)).toHaveCount(0);
      await expect(page.getByTestId('list-count')).toHaveText('4 entries');
    }

    // The dialog in German, also without serious axe violations.
    await de.page.goto(url);
    await de.page.getByTestId('list-more-actions').click();
    await de.page.getByTestId('use-template').click();
    const deDialog = de.page.getByRole('dialog', { name: 'Vorlage verwenden: Fragen auswählen' });
    await de.page.getByTestId('template-select').fill(`Template ${s}`);
    await de.page.getByRole('option', { name: `Template ${s}` }).click();
    await expect(deDialog.getByTestId('template-item').first()).toBeVisible();
    expect(await seriousViolations(de.page, '[role="dialog"]')).toEqual([]);
  } finally {
    await a.context.close();
    await b.context.close();
    await de.context.close();
  }
});

test("copy from the last audit: the earlier audit's questions, without findings", async ({
  browser,
  server,
}) => {
  const a = await signedInPage(browser, server.url, 'en-US');
  try {
    const s = suffix();
    const lead = await myId(a.page);
    const earlier = `earlier-${s}`;
    const current = `current-${s}`;
    // Scopes are compared whole: this test's own, so no other audit is "the last one".
    const scope = [{ plant: 'Styr', productline: `Line ${s}` }];
    const create = (id: string, name: string, year: number) => {
      const command = auditCreate(id, name, lead, year);
      return { ...command, args: { ...command.args, scope } };
    };
    await push(a.page, [
      create(earlier, `Earlier ${s}`, YEAR - 1),
      {
        name: 'auditItem.import',
        args: {
          auditId: earlier,
          items: [1, 2, 3].map((n) => ({
            id: `${earlier}-${n}`,
            question: { text: `Earlier question ${n} ${s}`, no: String(n) },
          })),
        },
      },
      {
        name: 'finding.create',
        args: {
          auditId: earlier,
          itemId: `${earlier}-1`,
          finding: { id: `${earlier}-f`, importance: '3', text: 'Old finding', reason: 'Old' },
        },
      },
      create(current, `Current ${s}`, YEAR),
    ]);

    await a.page.goto(`/audit/${current}/auditpreparation`);
    await openMore(a.page, 'copy-items');
    await expect(a.page.getByTestId('copy-items-text')).toHaveText(
      `3 questions of the audit Earlier ${s} will be copied into this audit.`,
    );
    await a.page.getByTestId('copy-items-confirm').click();
    await expect(a.page.getByTestId('copy-items-dialog')).toBeHidden();
    const list = a.page.getByTestId('preparation-tab');
    for (const n of [1, 2, 3]) {
      await expect(list.getByText(`Earlier question ${n} ${s}`)).toBeVisible();
    }
    await expect(a.page.getByTestId('list-count')).toHaveText('3 entries');

    await expect(
      a.page.getByText('3 questions taken from the earlier audit, 0 chapters unmappable'),
    ).toBeVisible();
    // Without findings: nothing is answered in the copy (the "Answered" facet has no "yes").
    await a.page.getByTestId('list-filter-button').click();
    await expect(a.page.getByRole('checkbox', { name: /^Not answered \(3\)/ })).toBeVisible();
    await expect(a.page.getByRole('checkbox', { name: /^Answered \(/ })).toHaveCount(0);
  } finally {
    await a.context.close();
  }
});
