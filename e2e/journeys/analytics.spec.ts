import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn } from '../pages/login.page';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

test.describe('Infolytics and Charts', () => {
  test('an administrator compares a range by merchant, exports the breakdown and opens the charts', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/admin/analytics');
    await expect(page.getByRole('heading', { name: 'Infolytics', level: 1 })).toBeVisible();

    // The key figures of the last 30 days, each against the 30 days before.
    const figures = page.getByRole('region', { name: 'Key figures' });
    for (const name of ['Volume EUR', 'Revenue EUR', 'Transactions', 'Paid ratio'])
      await expect(figures.getByRole('group', { name })).toContainText('Previous period:');
    await expect(figures.getByRole('group', { name: 'Transactions' })).toContainText(/[▲▼=]|new/);
    await expect(page.getByText(/compared with \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}/)).toBeVisible();

    // The last 7 days, From picked on this month's calendar (the 1st early in a month): the address follows,
    // and the 7 days before (inside the demo's two weeks of history) give real changes.
    const today = new Date();
    const fromDate = Math.max(1, today.getUTCDate() - 6);
    const fromDay = `${today.toISOString().slice(0, 8)}${String(fromDate).padStart(2, '0')}`;
    await page.getByRole('button', { name: 'From (UTC)' }).click();
    // The calendar opens on the default From's month (29 days back): step to this month when that differs.
    const defaultFrom = new Date(
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 29),
    );
    if (defaultFrom.getUTCMonth() !== today.getUTCMonth())
      await page.locator('button[data-direction="next"]').click();
    await page
      .getByRole('button', {
        name: `${fromDate} ${MONTHS[today.getUTCMonth()]} ${today.getUTCFullYear()}`,
        exact: true,
      })
      .click();
    await expect(page).toHaveURL(new RegExp(`[?&]from=${fromDay}`));
    await expect(page.getByText(new RegExp(`Days ${fromDay} to`))).toBeVisible();
    if (fromDate > 1)
      await expect(figures.getByRole('group', { name: 'Transactions' })).toContainText(/[▲▼=] \d/);

    // Grouped by merchant: one row per merchant with the previous period beside each figure. The coin rows
    // stay shown until the merchant rows arrive, so wait until the first row is no longer the first coin.
    const firstCell = page.getByRole('table').getByRole('row').nth(1).getByRole('cell').first();
    const firstCoin = ((await firstCell.textContent()) ?? '').trim();
    await page.locator('label', { hasText: /^Merchant$/ }).click();
    await expect(page).toHaveURL(/[?&]groupBy=merchant/);
    const table = page.getByRole('table', { name: 'Breakdown by merchant' });
    await expect.poll(async () => ((await firstCell.textContent()) ?? '').trim()).not.toBe(firstCoin);
    await expect(table.getByRole('row').nth(1)).toContainText('before:');
    const shown = await table.getByRole('row').count();
    expect(shown).toBeGreaterThan(1);
    const firstMerchant = (
      (await table.getByRole('row').nth(1).getByRole('cell').first().textContent()) ?? ''
    ).trim();

    // The CSV: every figure, its previous period's and the change, one line per merchant of the range.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export breakdown' }).click(),
    ]);
    const file = await readFile((await download.path()) ?? '', 'utf8');
    const lines = file
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Merchant ID,Merchant,Transactions,Previous transactions,Transactions change %,Paid,Paid ratio %,Previous paid ratio %,Volume EUR,Previous volume EUR,Volume change %,Revenue EUR,Previous revenue EUR,Revenue change %',
    );
    expect(lines.length).toBeGreaterThan(1);
    expect(lines[1]).toContain(firstMerchant);
    for (const line of lines.slice(1)) expect(line).toMatch(/^\d+,/);

    // Charts, from the sidebar: the same roll-ups over time.
    await page.getByRole('link', { name: 'Charts', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Charts', level: 1 })).toBeVisible();
    const volume = page.getByRole('region', { name: 'Volume per day (EUR)' });
    await expect(volume.locator('.recharts-surface').first()).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Payments per day: paid and unpaid' })
        .locator('.recharts-bar-rectangle')
        .last(),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: 'Top coins' }).getByRole('row').first()).toBeVisible();
    await page.locator('label', { hasText: /^Week$/ }).click();
    await expect(page).toHaveURL(/[?&]granularity=week/);
    await expect(page.getByRole('region', { name: 'Volume per week (EUR)' })).toBeVisible();
  });
});
