import { expect, test } from '@playwright/test';
import { signIn } from '../pages/login.page';

test.describe('transactions desk', () => {
  test('support pages, sorts, finds a transaction by its reference and opens it', async ({ page }) => {
    await signIn(page, 'support');
    const table = page.getByRole('table', { name: 'Transactions' });
    await expect(table.getByRole('row')).toHaveCount(16);
    await expect(page.getByText(/^Showing 1 - 15 of \d+$/)).toBeVisible();

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(/^Showing 16 - 30 of \d+$/)).toBeVisible();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText(/^Showing 1 - 15 of \d+$/)).toBeVisible();

    // First click sorts descending, the second ascending.
    await table.getByRole('button', { name: 'Transaction ID', exact: true }).click();
    await expect(table.getByRole('columnheader', { name: /Transaction ID/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await table.getByRole('button', { name: 'Transaction ID', exact: true }).click();
    await expect(table.getByRole('columnheader', { name: /Transaction ID/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    const ref =
      (
        await table
          .getByRole('link', { name: /^[TP]\d{9}$/ })
          .nth(3)
          .textContent()
      )?.trim() ?? '';
    expect(ref).toMatch(/^[TP]\d{9}$/);
    await page.getByRole('textbox', { name: 'Keyword' }).fill(ref);
    await page.getByRole('textbox', { name: 'Keyword' }).press('Enter');
    await expect(page.getByText('Showing 1 - 1 of 1')).toBeVisible();

    await table.getByRole('link', { name: ref }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/transactions/${ref}$`));
    await expect(page.getByRole('heading', { name: 'Transaction Detail' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Overview' }).getByText(ref)).toBeVisible();
  });

  test('a From date after the To date is refused with the SPEC text', async ({ page }) => {
    await signIn(page, 'support');
    await page.getByRole('textbox', { name: 'From', exact: true }).fill('2026-11-20');
    await page.getByRole('textbox', { name: 'To', exact: true }).fill('2026-11-10');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('From date can not be greater than To date')).toBeVisible();
  });

  test('staff without view-transactions see no transactions table', async ({ page }) => {
    // kyc, not marketing: the forgot-password journey changes marketing's password earlier in the run.
    await signIn(page, 'kyc');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Transactions' })).toHaveCount(0);
  });
});
