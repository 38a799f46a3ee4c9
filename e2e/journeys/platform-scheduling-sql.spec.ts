import { expect, test } from '@playwright/test';
import { signIn } from '../pages/login.page';

test.describe('Platform Scheduling SQL', () => {
  test('a report that writes is refused with the parser’s message; a parameterised SELECT previews rows', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin');
    await page.goto('/admin/platform-scheduling-sql');
    await expect(page.getByRole('heading', { name: 'Platform Scheduling SQL', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'New report' }).click();
    const drawer = page.getByRole('dialog', { name: 'New report' });
    await drawer.getByRole('textbox', { name: 'Name' }).fill('Coin by id');
    const sqlBox = drawer.getByRole('textbox', { name: 'SQL' });
    // A SELECT with a DELETE after it: refused on save and on preview, the typed SQL kept.
    await sqlBox.fill('select id, short_name from alt_coins where id = {{coin}};\ndelete from alt_coins');
    await drawer.getByRole('button', { name: 'Save draft' }).click();
    await expect(drawer.getByRole('alert')).toContainText(
      'Only one SELECT statement is allowed (found DELETE)',
    );
    await drawer.getByRole('button', { name: 'Run preview' }).click();
    await expect(drawer.getByRole('alert')).toContainText(
      'Only one SELECT statement is allowed (found DELETE)',
    );
    await expect(sqlBox).toHaveValue(/delete from alt_coins/);

    // The SELECT alone, its {{coin}} found in the sidebar, typed as a coin id and given 1.
    await sqlBox.fill('select id, short_name from alt_coins where id = {{coin}} order by id');
    await expect(drawer.getByText('{{coin}}', { exact: true })).toBeVisible();
    await drawer.getByRole('combobox', { name: 'Type of coin' }).click();
    await page.getByRole('option', { name: 'Coin id' }).click();
    await drawer.getByRole('textbox', { name: 'Value of coin' }).fill('1');
    await drawer.getByRole('button', { name: 'Run preview' }).click();
    const rows = drawer.getByRole('table', { name: 'Preview rows' });
    await expect(rows.getByRole('row', { name: /1\s+BTC/ })).toBeVisible();
    await expect(drawer.getByText(/Preview: 1 rows · \d+ ms/)).toBeVisible();
    await expect(drawer.getByRole('alert')).toHaveCount(0);

    // A value that is no coin id is refused before it reaches the database.
    await drawer.getByRole('textbox', { name: 'Value of coin' }).fill('1 or 1=1');
    await drawer.getByRole('button', { name: 'Run preview' }).click();
    await expect(drawer.getByRole('alert')).toContainText(
      '{{coin}} must be a coin id (a positive whole number)',
    );
    await drawer.getByRole('textbox', { name: 'Value of coin' }).fill('1');

    // Saved as a draft: listed with its owner, waiting for approval before it can be scheduled.
    await drawer.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Coin by id: v1 saved as a draft')).toBeVisible();
    // The editor now shows the saved report, the preview and the typed value kept.
    const editor = page.getByRole('dialog', { name: 'Coin by id' });
    await expect(editor.getByText(/not approved yet/)).toBeVisible();
    await expect(editor.getByRole('table', { name: 'Preview rows' })).toBeVisible();
    await expect(editor.getByRole('textbox', { name: 'Value of coin' })).toHaveValue('1');
    await editor.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(editor.getByRole('button', { name: 'Approve v1' })).toBeVisible();
    await editor.getByRole('button', { name: 'Approve v1' }).click();
    await expect(
      page.getByText('You wrote this version: another administrator must approve it (four-eyes).', {
        exact: false,
      }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    const list = page.getByRole('table', { name: 'Saved reports' });
    const row = list.getByRole('row').filter({ hasText: 'Coin by id' });
    await expect(row).toContainText('admin');
    await expect(row).toContainText('Pending approval');
    await expect(row).toContainText('On demand');
  });
});
