import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn } from '../pages/login.page';

test.describe('Transactions: every transaction, saved views and CSV export', () => {
  test('support filters the list, saves it as a view, opens the view by its address in a fresh page and exports it', async ({
    page,
    context,
  }) => {
    await signIn(page, 'support');
    await page.goto('/admin/transactions/all');
    await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Transactions' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    // At 1440 px (the config's viewport) every column shows without scrolling the table sideways.
    const overflow = await table.evaluate((t) => {
      const box = (t.closest('.mantine-Table-scrollContainer') ?? t.parentElement) as HTMLElement;
      const pageBox = document.documentElement;
      return Math.max(box.scrollWidth - box.clientWidth, pageBox.scrollWidth - pageBox.clientWidth);
    });
    expect(overflow).toBeLessThanOrEqual(0);

    // Filter: expired ones, over the last 30 days.
    await page.getByRole('combobox', { name: 'Range', exact: true }).click();
    await page.getByRole('option', { name: 'Last 30 days' }).click();
    await page.getByRole('combobox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'Expired', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/[?&]statuses=expired/);
    await expect(page).toHaveURL(/[?&]range=30d/);
    await expect(page.getByText(/^Showing 1 - \d+ of [\d,]+/)).toBeVisible();
    const statuses = table.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(statuses.first()).toContainText('expired');
    for (const text of await statuses.allTextContents()) expect(text).toContain('expired');

    // A row leads to its transaction.
    const ref = (
      (await statuses
        .first()
        .getByRole('link', { name: /^[TP]\d{9}$/ })
        .textContent()) ?? ''
    ).trim();
    expect(ref).toMatch(/^[TP]\d{9}$/);

    // Save the filters as a shared view.
    const name = `expired-month-${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Save view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('checkbox', { name: /Share with all staff/ }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/transactions/all/${name}\\?`));
    await expect(page.getByRole('heading', { name: `Transactions: ${name}`, level: 1 })).toBeVisible();

    // A fresh page with the bare address loads the view's filters.
    const fresh = await context.newPage();
    await fresh.goto(`/admin/transactions/all/${name}`);
    await expect(fresh.getByRole('heading', { name: `Transactions: ${name}`, level: 1 })).toBeVisible();
    await expect(fresh).toHaveURL(/[?&]statuses=expired/);
    await expect(fresh).toHaveURL(/[?&]range=30d/);
    const freshRows = fresh
      .getByRole('table', { name: 'Transactions' })
      .getByRole('row')
      .filter({ has: fresh.getByRole('cell') });
    await expect(freshRows.first()).toContainText('expired');

    // Export the filtered list: the header is the table's, and every row is expired.
    const downloading = fresh.waitForEvent('download');
    await fresh.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    const path = await download.path();
    const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Merchant,Prefix,Transaction ID,Original Amount,Currency,Amount,Coin,Type,Status,Created On (UTC),Date (UTC)',
    );
    expect(lines.length).toBeGreaterThan(1);
    const thirtyDaysAgo = Date.now() - 31 * 86_400_000;
    for (const line of lines.slice(1)) {
      // Shop titles may hold commas in quotes; the last columns never do.
      const cells = line.split(',');
      expect(cells.at(-3)).toBe('expired');
      expect(Date.parse(cells.at(-2) ?? '')).toBeGreaterThan(thirtyDaysAgo);
    }
    await fresh.close();

    // An unknown view says so and shows the unfiltered list.
    await page.goto('/admin/transactions/all/no-such-view');
    await expect(page.getByText('No saved view named no-such-view')).toBeVisible();
    await expect(table.getByRole('row').nth(1)).toBeVisible();
  });
});
