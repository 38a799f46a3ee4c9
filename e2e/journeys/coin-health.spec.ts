import { expect, test } from '@playwright/test';
import { coinRow, openCoinHealth, SandboxNodes } from '../pages/coin-health.page';
import { signIn } from '../pages/login.page';

const BITCOIN = 1;

test.describe('Coin Health', () => {
  test.afterEach(async ({ request }) => {
    // The next journey finds Bitcoin's node in step again.
    await new SandboxNodes(request).resume(BITCOIN);
  });

  test('a coin turns red when its node falls behind in the sandbox', async ({ page, request }) => {
    await signIn(page, 'admin');
    const table = await openCoinHealth(page, '?q=bitcoin');
    const bitcoin = coinRow(table, 'Bitcoin');
    await expect(bitcoin.getByText('Green', { exact: true })).toBeVisible();
    await expect(bitcoin).toContainText(/In sync at block [\d,]+; hot wallet within limits/);

    // Bitcoin's sandbox node stalls 20 blocks back; the list follows on its own (no reload).
    await new SandboxNodes(request).stall(BITCOIN, 20);
    await expect(bitcoin.getByText('Red', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(bitcoin).toContainText('Node 20 blocks behind the reference (limit 3)');

    // Worst first: with the status filter on red, Bitcoin is among them.
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('');
    await page.getByRole('combobox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'Red' }).click();
    await expect(coinRow(table, 'Bitcoin')).toBeVisible();

    // Its page says why, now and in its newest samples.
    await coinRow(table, 'Bitcoin').getByText('Bitcoin', { exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/coin-health\/1$/);
    await expect(page.getByRole('heading', { name: 'Coin Health: Bitcoin (BTC)' })).toBeVisible();
    const now = page.getByRole('region', { name: 'Now' });
    await expect(now.getByText('Red', { exact: true })).toBeVisible();
    await expect(now).toContainText('Node 20 blocks behind the reference (limit 3)');
    await expect(
      page
        .getByRole('table', { name: 'Samples' })
        .getByText('Node 20 blocks behind the reference (limit 3)')
        .first(),
    ).toBeVisible();
  });
});
