import { expect, test } from '@playwright/test';
import { signIn } from '../pages/login.page';

test.describe('Merchant Autonomy', () => {
  test('an administrator moves a merchant to level 1 with limits and a reason, then filters by level', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin');
    await page.goto('/admin/merchant-autonomy?q=1');
    await expect(page.getByRole('heading', { name: 'Autonomy', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Merchant autonomy' });
    const row = table.getByRole('row').filter({ hasText: '#1' }).first();
    await row.getByRole('button', { name: 'Edit' }).click();
    const modal = page.getByRole('dialog', { name: /^Autonomy of / });
    await modal.getByRole('combobox', { name: 'Level' }).click();
    await page.getByRole('option', { name: '1 Assisted' }).click();
    await modal.getByRole('textbox', { name: 'dailyAutoPayoutEur' }).fill('500');
    await modal.getByRole('textbox', { name: 'perPayoutEur' }).fill('800');
    await modal.getByRole('button', { name: 'Save' }).click();
    // The brief's rules, on their fields; the typed values stay.
    await expect(modal.getByText('Per-payout limit cannot exceed the daily limit')).toBeVisible();
    await expect(modal.getByText('Give a reason; it is kept in the audit log')).toBeVisible();
    await modal.getByRole('textbox', { name: 'perPayoutEur' }).fill('100');
    await modal.getByRole('textbox', { name: 'Reason' }).fill('Journey check');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal).toBeHidden();
    await expect(row).toContainText('1 Assisted');
    await expect(row).toContainText('500.00 / 100.00');
    await expect(row).toContainText('admin');

    await page.goto('/admin/merchant-autonomy?q=1&level=2');
    await expect(page.getByText('No merchant at this level')).toBeVisible();
  });
});
