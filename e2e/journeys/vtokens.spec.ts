import { expect, test } from '@playwright/test';
import { signIn } from '../pages/login.page';

test.describe('XChange Search and VTokens', () => {
  test('an administrator finds a transaction by its xChange id and opens it', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/admin/xchange-search');
    await expect(page.getByRole('heading', { name: 'XChange Search', level: 1 })).toBeVisible();

    // A merchant-name search lists exchange transactions; take one of their xChange ids.
    const search = page.getByRole('textbox', { name: 'Search', exact: true });
    await search.fill('a');
    await search.press('Enter');
    const table = page.getByRole('table', { name: 'XChange transactions' });
    const firstId = table.getByRole('row').nth(1).getByRole('cell').first();
    await expect(firstId).toHaveText(/^xc\d+$/);
    const xc = ((await firstId.textContent()) ?? '').trim();

    // The xChange id alone finds exactly that transaction.
    await search.fill(xc);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]q=${xc}`));
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText(xc);
    const ref = table
      .getByRole('row')
      .nth(1)
      .getByRole('link', { name: /^[TP]\d{9}$/ });
    const refText = ((await ref.textContent()) ?? '').trim();
    await ref.click();
    await expect(page).toHaveURL(new RegExp(`/admin/transactions/${refText}$`));
    await expect(page.getByText(refText).first()).toBeVisible();
  });

  test('an administrator cancels an active vToken with a reason; a double click cancels it once', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/admin/vtokens?status=active');
    await expect(page.getByRole('heading', { name: 'VTokens', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'vTokens' });
    const row = table.getByRole('row').nth(1);
    await expect(row).toContainText('vtoken-active');
    const code = /VT-[0-9A-F]{4}(-[0-9A-F]{4}){3}/.exec((await row.textContent()) ?? '')?.[0] ?? '';
    expect(code).not.toBe('');
    // The status cell: the code's cell also holds the transaction's link.
    await row.getByRole('cell').nth(1).click();

    const drawer = page.getByRole('dialog', { name: `vToken ${code}` });
    await expect(drawer.getByRole('link', { name: /^T\d{9}$/ })).toBeVisible();
    await drawer.getByRole('button', { name: 'Cancel vToken…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this vToken' });
    // The reason is required: an empty one is refused on its field and nothing is sent.
    await dialog.getByRole('button', { name: 'Cancel vToken' }).click();
    await expect(dialog.getByText('A reason is required to cancel a vToken')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Merchant reported the voucher as lost');
    await dialog.getByRole('button', { name: 'Cancel vToken' }).dblclick();
    await expect(page.getByText(`vToken ${code} cancelled`).first()).toBeVisible();

    // Cancelled, with its reason, and exactly one change in its history.
    await expect(drawer.getByText('vtoken-cancelled')).toBeVisible();
    await expect(drawer.getByText('Merchant reported the voucher as lost').first()).toBeVisible();
    const history = drawer.getByRole('table', { name: 'vToken history' });
    await expect(history.getByRole('row')).toHaveCount(2);
    await expect(history).toContainText('Status: active → cancelled');
    await expect(drawer.getByRole('button', { name: 'Cancel vToken…' })).toHaveCount(0);

    // The list shows it cancelled too.
    await page.keyboard.press('Escape');
    await page.goto(`/admin/vtokens?keyword=${code}`);
    await expect(table.getByRole('row').nth(1)).toContainText('vtoken-cancelled');
  });

  test('support searches exchange transactions but is not let into VTokens', async ({ page }) => {
    await signIn(page, 'support');
    await page.goto('/admin/xchange-search');
    await expect(page.getByRole('heading', { name: 'XChange Search', level: 1 })).toBeVisible();
    await page.goto('/admin/vtokens');
    await expect(page).toHaveURL(/\/admin\/not-authorized$/);
  });
});
