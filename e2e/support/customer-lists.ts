import type { Page } from '@playwright/test';

/**
 * Makes a customer-data list with one entry on the list screen (`/customerdata`, open) and
 * saves it: the smallest write a test can watch sync, live and offline.
 */
export async function saveNewList(page: Page, id: string, title: string, entry: string) {
  await page.getByTestId('list-new').click();
  await page.getByTestId('new-list-id').fill(id);
  await page.getByTestId('new-list-title-input').fill(title);
  await page.getByTestId('new-list-create').click();
  await page.getByTestId('entry-add').click();
  await page.getByTestId('entry-id-0').fill('e1');
  await page.getByTestId('entry-name-0').fill(entry);
  await page.getByTestId('list-save').click();
}
