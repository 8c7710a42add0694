import type { Page } from '@playwright/test';
import { createAudit } from '../support/audits';
import { expect, signedInPage, test } from '../support/fixtures';

/**
 * Issue 18.1: a saved change never flashes back. A MutationObserver in the tab that edits (the
 * leader, which holds the socket) and in a second tab of the same browser (a follower, which
 * reads the shared replica) notes every state a question's row is given; once the new state was
 * shown, the old one must never come back, through edit, deactivate and undo.
 */

interface RowState {
  at: number;
  text: string;
  deactivated: boolean;
}

declare global {
  interface Window {
    rowStates?: RowState[];
  }
}

/** Starts noting every state of the row (its text, whether it is marked deactivated). */
async function watchRow(page: Page, rowTestId: string): Promise<void> {
  await page.evaluate((testId) => {
    const states: RowState[] = [];
    window.rowStates = states;
    const note = () => {
      const row = document.querySelector(`[data-testid="${testId}"]`);
      if (!row) return;
      const state = {
        at: performance.now(),
        text: row.querySelector('[data-testid="item-text"]')?.textContent ?? '',
        deactivated: row.querySelector('[data-testid="item-deactivated"]') !== null,
      };
      const last = states.at(-1);
      if (!last || last.text !== state.text || last.deactivated !== state.deactivated) {
        states.push(state);
      }
    };
    note();
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  }, rowTestId);
}

/** Waits until the server confirmed every change of this browser, then a while longer. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByTestId('sync-pending-count')).toHaveCount(0);
  // A late delta or a second view would come now; the observer notes it.
  await page.waitForTimeout(1_000);
}

/**
 * The states the row went through since `from`: once one matching `isNew` was shown, none
 * matching `isOld` follows. Returns the states, for the message.
 */
async function expectNoFlashBack(
  page: Page,
  from: number,
  isNew: (state: RowState) => boolean,
  isOld: (state: RowState) => boolean,
  what: string,
): Promise<number> {
  const states = await page.evaluate(() => window.rowStates ?? []);
  const since = states.slice(from);
  const shown = since.findIndex(isNew);
  expect(shown, `${what}: the new state was shown (${JSON.stringify(since)})`).toBeGreaterThan(-1);
  const back = since.slice(shown).findIndex(isOld);
  expect(back, `${what}: the old state came back (${JSON.stringify(since)})`).toBe(-1);
  // The last state is the new one.
  expect(isNew(since.at(-1)!), `${what}: ends in the new state`).toBe(true);
  return states.length;
}

test('a question edited, deactivated and reactivated never shows its old state again, in the tab that saved it and in another tab', async ({
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await signedInPage(browser, server.url, 'en-US');
  try {
    const name = `Flash ${Date.now().toString(36).slice(-6)}`;
    await createAudit(page, { name, lead: 'Otto Auditor' });

    await page.getByTestId('question-create').click();
    await page.getByTestId('question-text').fill('Old wording of the question');
    await page.getByTestId('question-save').click();
    const row = page.locator('[data-testid^="item-row-"]').filter({ hasText: 'Old wording' });
    await expect(row).toBeVisible();
    const rowTestId = (await row.getAttribute('data-testid'))!;
    const itemId = rowTestId.slice('item-row-'.length);
    await settled(page);

    // The follower: a second tab of the same browser on the same audit.
    const follower = await context.newPage();
    await follower.goto(page.url());
    await expect(follower.getByTestId(rowTestId)).toContainText('Old wording');

    const tabs = [page, follower];
    for (const tab of tabs) await watchRow(tab, rowTestId);
    const seen = new Map<Page, number>(tabs.map((tab) => [tab, 0]));
    const check = async (
      what: string,
      isNew: (state: RowState) => boolean,
      isOld: (state: RowState) => boolean,
    ) => {
      await settled(page);
      for (const tab of tabs) {
        const label = `${what} (${tab === page ? 'leader' : 'follower'})`;
        seen.set(tab, await expectNoFlashBack(tab, seen.get(tab)!, isNew, isOld, label));
      }
    };

    // Edit.
    await page.getByTestId(`item-menu-${itemId}`).click();
    await page.getByTestId('item-edit').click();
    await page.getByTestId('question-text').fill('New wording of the question');
    await page.getByTestId('question-save').click();
    await check(
      'edit',
      (state) => state.text.includes('New wording'),
      (state) => state.text.includes('Old wording'),
    );

    // Deactivate.
    await page.getByTestId(`item-menu-${itemId}`).click();
    await page.getByTestId('item-deactivate').click();
    await check(
      'deactivate',
      (state) => state.deactivated,
      (state) => !state.deactivated,
    );

    // Undo.
    await page.getByTestId(`item-menu-${itemId}`).click();
    await page.getByTestId('item-reactivate').click();
    await check(
      'undo',
      (state) => !state.deactivated,
      (state) => state.deactivated,
    );
  } finally {
    await context.close();
  }
});
