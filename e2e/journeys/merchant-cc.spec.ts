import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from '../pages/login.page';

test.describe('Merchant CC', () => {
  test('an administrator sets up card acceptance for a merchant, refused bad limits first, and sees it in the overview', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin');

    await page.goto('/admin/merchant-cc');
    await expect(page.getByRole('heading', { name: 'Merchant CC', level: 1 })).toBeVisible();
    await expect(page.getByText('No merchant accepts cards yet')).toBeVisible();

    await page.goto('/admin/config-merchants-cc/1');
    await expect(page.getByRole('heading', { name: 'Merchant CC Config', level: 1 })).toBeVisible();
    const form = page.getByRole('form', { name: 'Card settings' });
    await form.getByRole('textbox', { name: 'MCC' }).fill('581');
    await form.getByRole('textbox', { name: 'Descriptor' }).fill('AB');
    await form.getByRole('textbox', { name: 'Max per transaction EUR' }).fill('500');
    await form.getByRole('textbox', { name: 'Daily cap EUR' }).fill('400');
    await form.getByRole('textbox', { name: 'Monthly cap EUR' }).fill('100000');
    await form.getByRole('button', { name: 'Save card settings' }).click();
    await expect(form.getByText('MCC must be 4 digits')).toBeVisible();
    await expect(
      form.getByText('Descriptor must be 5–22 characters (letters, digits, spaces, . * -)'),
    ).toBeVisible();
    await expect(form.getByText('Caps must increase: per transaction ≤ daily ≤ monthly')).toBeVisible();

    await form.getByRole('textbox', { name: 'MCC' }).fill('5814');
    await form.getByRole('textbox', { name: 'Descriptor' }).fill('SHOP* ONLINE');
    await form.getByRole('textbox', { name: 'Daily cap EUR' }).fill('5000');
    await form.getByRole('combobox', { name: 'Provider' }).click();
    await page.getByRole('option', { name: 'Stripe' }).click();
    await form.getByLabel('Sub-merchant API key').fill('sk_test_journey_7c21');
    await form.getByRole('button', { name: 'Save card settings' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Confirm card settings' });
    await stepUp.getByLabel('Your password').fill(DEMO_PASSWORD);
    await stepUp.getByRole('button', { name: 'Save card settings' }).click();
    await expect(stepUp).toBeHidden();
    await expect(form.getByText(/•••• 7c21 · [0-9a-f]{8} · set .+ by admin/)).toBeVisible();
    await expect(form.getByLabel('Sub-merchant API key')).toHaveValue('');

    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    const apply = page.getByRole('dialog', { name: 'Apply' });
    await apply.getByLabel('Your password').fill(DEMO_PASSWORD);
    await apply.getByRole('button', { name: 'Apply' }).click();
    await expect(apply).toBeHidden();
    await expect(
      page.getByRole('table', { name: 'Card config versions' }).getByRole('row').nth(1),
    ).toContainText('status: apply');

    await page.getByRole('link', { name: '← Merchant CC' }).click();
    const row = page.getByRole('table', { name: 'Card accounts' }).getByRole('row').nth(1);
    await expect(row).toContainText('applying');
    await expect(row).toContainText('Stripe');
    await expect(row).toContainText('SHOP* ONLINE');
  });
});
