import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn } from '../pages/login.page';

const failureTable = (page: Page) =>
  page
    .getByRole('region', { name: 'Transaction Failure' })
    .getByRole('table', { name: 'Transaction failures' });

/** The failure rows of the box's first page whose coin is still listed (delisted coins end in _disabled). */
async function listedCoinFailures(page: Page): Promise<Locator[]> {
  const rows = failureTable(page).getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  const found: Locator[] = [];
  for (let i = 1; i < (await rows.count()); i++) {
    const coin = (await rows.nth(i).getByRole('cell').nth(1).textContent())?.trim() ?? '';
    if (coin && !coin.endsWith('_disabled')) found.push(rows.nth(i));
  }
  return found;
}

test.describe('balance sheet and offline pool', () => {
  test("admin follows a failure to its coin's balance sheet and open xChange transactions", async ({
    page,
  }) => {
    await signIn(page, 'admin');
    const candidates = await listedCoinFailures(page);
    expect(candidates.length).toBeGreaterThan(0);
    const first = candidates[0] as Locator;
    const coin = ((await first.getByRole('cell').nth(1).textContent()) ?? '').trim();

    // Balance Sheet: the list holding the coin, its row highlighted and in view.
    await first.getByRole('link', { name: 'Balance Sheet' }).click();
    await expect(page).toHaveURL(/\/admin\/balance-sheet\?coin=\d+$/);
    await expect(page.getByRole('heading', { name: 'Balance Sheet', level: 1 })).toBeVisible();
    const highlighted = page.getByRole('table', { name: 'Balance sheet' }).locator('tr[aria-current="true"]');
    await expect(highlighted).toHaveCount(1);
    await expect(highlighted).toContainText(coin);
    await expect(highlighted).toBeInViewport();
    await expect(highlighted.getByText(/^\d[\d,]*\.\d{8}$/).first()).toBeVisible();

    // Offline Pool: the failure record and the coin's open xChange transactions. The demo seed leaves
    // conversions open behind new failures; one the platform feed added later may have none, so the
    // journey takes the first failure whose pool has rows.
    let opened: { ref: string; xchange: string } | null = null;
    for (let i = 0; i < candidates.length && !opened; i++) {
      await page.goto('/admin/dashboard');
      const row = (await listedCoinFailures(page))[i] as Locator;
      const id = ((await row.getByRole('cell').first().textContent()) ?? '').trim();
      // The cell's first line is the failure; notes follow on a second line.
      const failureText = (
        (await row.getByRole('cell').nth(2).locator('p').first().textContent()) ?? ''
      ).trim();
      await row.getByRole('link', { name: 'Offline Pool' }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/xchange-offline-pool\\?coin=\\d+&id=${id}$`));
      const failure = page.getByRole('region', { name: `Failure ${id}` });
      await expect(failure).toBeVisible();
      await expect(failure).toContainText(failureText);
      const table = page.getByRole('table', { name: 'Open xChange transactions' });
      await expect(table).toBeVisible();
      if (await table.getByText('No open xChange transaction').isVisible()) continue;
      const poolRow = table.getByRole('row').nth(1);
      await expect(page.getByText(/^Showing 1 - \d+ of \d+$/)).toBeVisible();
      opened = {
        ref: ((await poolRow.getByRole('link').textContent()) ?? '').trim(),
        xchange: ((await poolRow.getByText(/^xc\d+$/).textContent()) ?? '').trim(),
      };
      await poolRow.getByRole('link', { name: opened.ref }).click();
    }
    if (!opened) throw new Error('no failure of the first page has open xChange transactions');

    // The row opens its transaction, which carries the same xChange id.
    await expect(page).toHaveURL(new RegExp(`/admin/transactions/${opened.ref}$`));
    await expect(page.getByRole('heading', { name: 'Transaction Detail' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Overview' }).getByText(opened.ref)).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Addresses & references' }).getByText(opened.xchange.slice(2), {
        exact: true,
      }),
    ).toBeVisible();
  });
});
