import type { Page } from 'playwright-core';

/** Searches the console's queue for `text`. */
export async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

/** Shows every status in the queue (it opens on the pending ones). */
export async function showAll(page: Page) {
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'All' }).click();
}

/** The first row of the table labelled `table` that contains `text`. */
export const tableRow = (page: Page, table: string, text: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text }).first();
