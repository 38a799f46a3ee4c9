import { expect, type Locator, type Page } from '@playwright/test';

/** A figure of a pool's summary card, as text (e.g. the hot wallet's '1,234.56 USDT'). */
export const poolCard = (page: Page, title: string): Locator =>
  page.getByRole('region', { name: title, exact: true });

/** The Ether Pool at an address of its own (view and token in the query), once its list has loaded. */
export async function openEtherPool(page: Page, query = '') {
  await page.goto(`/admin/transaction-ether-pool${query}`);
  await expect(page.getByRole('heading', { name: 'Ether Pool', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Deposit addresses' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  return table;
}

/** A number out of a figure such as '1,234.56 USDT' or 'Threshold 0.25 ETH'. */
export const amountIn = (text: string, unit: string): number => {
  const match = new RegExp(`([\\d,]+\\.?\\d*) ${unit}`).exec(text);
  if (!match?.[1]) throw new Error(`no ${unit} amount in "${text}"`);
  return Number(match[1].replace(/,/g, ''));
};
