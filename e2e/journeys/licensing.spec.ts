import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from '../pages/login.page';

test.describe('Licensing', () => {
  test('an administrator issues a licence, sees its key once, validates it, suspends it and sees the device refused', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin');
    await page.goto('/admin/platform-licensing');
    await expect(page.getByRole('heading', { name: 'Licensing', level: 1 })).toBeVisible();

    // Issue a POS app licence to merchant #1, confirmed with the password (admin has no authenticator).
    await page.getByRole('button', { name: 'Issue licence' }).click();
    const drawer = page.getByRole('dialog', { name: 'Issue licence' });
    const licensee = drawer.getByRole('combobox', { name: 'Licensee' });
    await licensee.click();
    await licensee.fill('1');
    await page
      .getByRole('option', { name: /\(#1\)/ })
      .first()
      .click();
    await drawer.getByRole('combobox', { name: 'Product' }).click();
    await page.getByRole('option', { name: 'POS app' }).click();
    // A day in the past first: the brief's message on the field, no step-up asked.
    await drawer.getByRole('textbox', { name: 'Expires on' }).fill('2020-01-01');
    await drawer.getByRole('button', { name: 'Issue licence' }).click();
    await expect(drawer.getByText('Expiry must be after today')).toBeVisible();
    await drawer.getByRole('textbox', { name: 'Expires on' }).fill('2099-12-31');
    await drawer.getByRole('button', { name: 'Issue licence' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm the new licence' });
    await confirm.getByLabel('Your password').fill(DEMO_PASSWORD);
    await confirm.getByRole('button', { name: 'Issue licence' }).click();

    // The key, this once.
    const once = page.getByRole('dialog', { name: 'Licence issued' });
    await expect(
      once.getByText('This is the only time the whole key is shown', { exact: false }),
    ).toBeVisible();
    const key = (await once.getByLabel('Licence key').innerText()).trim();
    expect(key).toMatch(/^LL-([A-Z2-9]{4}-){5}[A-Z2-9]{4}$/);
    await expect(once.getByRole('button', { name: 'Copy' })).toBeVisible();
    await once.getByRole('button', { name: 'I have copied the key' }).click();
    await expect(once).toBeHidden();
    const groups = key.split('-');
    const shown = `LL-${groups[1]}-…-${groups[6]}`;
    const row = page.getByRole('table', { name: 'Licences' }).getByRole('row').filter({ hasText: shown });
    await expect(row).toContainText('POS app');
    await expect(row).toContainText('0 / 10');
    await expect(page.getByText(key)).toHaveCount(0);

    // A device validates it: valid, one seat taken.
    const simulate = async () => {
      await page.getByRole('button', { name: 'Simulate client' }).click();
      const tool = page.getByRole('dialog', { name: 'Simulate client' });
      await tool.getByRole('textbox', { name: 'Licence key' }).fill(key);
      await tool.getByRole('button', { name: 'Validate' }).click();
      const answer = tool.getByRole('alert');
      await expect(answer).toBeVisible();
      const text = await answer.innerText();
      await page.keyboard.press('Escape');
      await expect(tool).toBeHidden();
      return text;
    };
    expect(await simulate()).toContain('The licence is valid');
    await expect(row).toContainText('1 / 10');

    // Suspend it with a reason and the password.
    await row.click();
    const detail = page.getByRole('dialog', { name: 'Licence' });
    await expect(detail.getByRole('table', { name: 'Activations' })).toContainText('backoffice-simulator');
    await detail.getByRole('button', { name: 'Suspend' }).click();
    const suspend = page.getByRole('dialog', { name: 'Suspend licence' });
    await suspend.getByRole('textbox', { name: 'Reason' }).fill('Unpaid invoice');
    await suspend.getByLabel('Your password').fill(DEMO_PASSWORD);
    await suspend.getByRole('button', { name: 'Suspend' }).click();
    await expect(suspend).toBeHidden();
    await expect(detail.getByText('suspended', { exact: true })).toBeVisible();
    await expect(detail.getByText('Unpaid invoice').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    // The same device is now told the licence is suspended.
    expect(await simulate()).toContain('The licence is suspended');
    await expect(row).toContainText('suspended');
  });
});
