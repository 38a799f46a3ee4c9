import { expect, test } from '@playwright/test';
import { signIn } from '../pages/login.page';

test.describe('Users', () => {
  test('an administrator searches a merchant, changes its shop title and sees the change in History', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Merchants' });
    const firstLink = table.getByRole('row').nth(1).getByRole('link').first();
    const shop = ((await firstLink.textContent()) ?? '').trim();
    expect(shop).not.toBe('');

    // Search: the list follows the box once typing pauses, and the address keeps it.
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(shop);
    await expect(page).toHaveURL(/[?&]q=/);
    const match = table.getByRole('link', { name: shop, exact: true }).first();
    await expect(match).toBeVisible();
    await match.click();
    await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: shop })).toBeVisible();

    // Change the shop title and save: one audited change.
    const renamed = `${shop.slice(0, 90)} (e2e ${Date.now() % 100_000})`;
    await page.getByLabel('Shop title').fill(renamed);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User saved').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

    // History shows the field as before → after.
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByRole('table', { name: 'Record history' })).toContainText(
      `Shop title: ${shop} → ${renamed}`,
    );
  });
});
