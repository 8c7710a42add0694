import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from '@playwright/test';
import { ADMIN, E2E_ROOT, RESTORE_PORT } from '../support/environment';
import { expect, signedInPage, signIn, test } from '../support/fixtures';
import { REPO_ROOT, startServer, type RunningServer } from '../support/processes';
import { saveNewList } from '../support/customer-lists';

/**
 * Issue 20: a browser that synced with an installation, which is then restored from a backup,
 * ends with the restored state plus its own unsent changes, never a mix. Issue 35: the archive
 * carries no sessions, so the browser is signed out and signs in again; its unsent change waits
 * on the device meanwhile. The test stops and
 * restarts its server, so it has one of its own (SQLite, its own port and data dirs) and runs
 * in the sqlite project only.
 */

const BEFORE = path.join(E2E_ROOT, 'restore-before');
const AFTER = path.join(E2E_ROOT, 'restore-after');
const ARCHIVE = path.join(E2E_ROOT, 'restore-backup.tar');
const ENV = {
  INITIAL_ADMIN_EMAIL: ADMIN.email,
  INITIAL_ADMIN_PASSWORD: ADMIN.password,
  AUTH_RATE_LIMIT_SIGNIN: '1000/60',
  LOG_LEVEL: 'info',
};

const serve = (dataDir: string) =>
  startServer({ name: 'restore', port: RESTORE_PORT, dataDir, env: ENV });

/** `npm run restore` of the archive into an empty data dir, as an operator runs it. */
async function restoreInto(dataDir: string): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'src/cli/restore.ts', '--from', ARCHIVE],
    {
      cwd: path.join(REPO_ROOT, 'apps/server'),
      env: { ...process.env, ...ENV, NODE_ENV: 'production', DATA_DIR: dataDir },
    },
  );
}

/** A customer-data list with one entry, saved from the list screen. */
async function createList(page: Page, id: string, title: string): Promise<void> {
  await saveNewList(page, id, title, `${title} entry`);
  // Closed at once: messages queue, and the restore's must not wait behind this one.
  const saved = page.getByTestId('snackbar-message').filter({ hasText: `${title} saved` });
  await saved.getByRole('button', { name: 'Close' }).click();
  await expect(saved).toBeHidden();
}

/** Acknowledged by the server: marked synced and nothing waiting. */
async function expectSynced(page: Page, id: string): Promise<void> {
  await expect(
    page.getByTestId(`list-item-${id}`).locator('[data-sync-state="sync"]'),
  ).toBeVisible();
  await expect(page.getByTestId('sync-pending-count')).toBeHidden();
}

test('a browser that synced with a restored installation ends with the restored state plus its unsent change', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'sqlite', 'one journey with its own SQLite server');
  // Two server starts, a backup and a restore besides the browser work: on two loaded cores the
  // run of 2026-11-28 spent its 60 s before the second browser had signed in.
  test.slow();
  for (const dir of [BEFORE, AFTER, ARCHIVE]) fs.rmSync(dir, { recursive: true, force: true });
  const url = `http://127.0.0.1:${RESTORE_PORT}`;
  let server: RunningServer | undefined = await serve(BEFORE);
  const contexts: BrowserContext[] = [];
  try {
    const { context, page } = await signedInPage(browser, url, 'en-US');
    contexts.push(context);
    await page.goto('/customerdata');
    await createList(page, 'restorea', 'Kept list');
    await expectSynced(page, 'restorea');

    // The backup, downloaded as an admin does: avatar menu, confirmation, the browser's download.
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Backup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download a backup' });
    await expect(dialog).toContainText('password hashes');
    await expect(dialog).toContainText('after a restore everyone signs in again');
    const download = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Download' }).click();
    await (await download).saveAs(ARCHIVE);
    await expect(dialog).toBeHidden();

    // B: acknowledged after the backup, so the restore loses it.
    await createList(page, 'restoreb', 'Lost list');
    await expectSynced(page, 'restoreb');

    // C: made offline, still in the outbox when the installation is restored.
    await context.setOffline(true);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await createList(page, 'restorec', 'Pending list');
    await expect(page.getByTestId('sync-pending-count')).toHaveText('1');

    await server.stop();
    server = undefined;
    await restoreInto(AFTER);
    server = await serve(AFTER);

    await context.setOffline(false);
    await expect(page.getByLabel('E-mail', { exact: true })).toBeVisible();
    await signIn(page);
    await expect(page.getByText("The server's data was restored from a backup")).toBeVisible();
    await page.goto('/customerdata');
    await expect(page.getByTestId('list-item-restorea')).toContainText('Kept list');
    await expectSynced(page, 'restorec');
    await expect(page.getByTestId('list-item-restoreb')).toHaveCount(0);

    // What the server now holds, seen by a browser that never saw the old installation.
    const fresh = await signedInPage(browser, url, 'en-US');
    contexts.push(fresh.context);
    await fresh.page.goto('/customerdata');
    await expect(fresh.page.getByTestId('list-item-restorea')).toContainText('Kept list');
    await expect(fresh.page.getByTestId('list-item-restorec')).toContainText('Pending list');
    await expect(fresh.page.getByTestId('list-item-restoreb')).toHaveCount(0);
    // And the first browser still shows no trace of B once everything settled.
    await expect(page.getByTestId('list-item-restoreb')).toHaveCount(0);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
    await server?.stop();
  }
});
