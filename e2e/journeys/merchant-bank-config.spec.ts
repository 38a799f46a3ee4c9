import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from '../pages/login.page';

test.describe('Merchant Bank Config', () => {
  test('an administrator is refused a wrong IBAN, saves a good one with the step-up and sees the payout hold', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin');

    // Reached from the merchant's page.
    await page.goto('/admin/users/1');
    await page.getByRole('link', { name: 'Bank config' }).click();
    await expect(page).toHaveURL(/\/admin\/config-merchants-bank\/1$/);
    await expect(page.getByRole('heading', { name: 'Merchant Bank Config', level: 1 })).toBeVisible();
    const form = page.getByRole('form', { name: 'New bank details' });

    // A wrong checksum: the brief's message on the field, what was typed kept.
    await form.getByRole('textbox', { name: 'IBAN' }).fill('NL91ABNA0417164301');
    await form.getByRole('button', { name: 'Save bank details' }).click();
    await expect(form.getByText('IBAN checksum is wrong')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'IBAN' })).toHaveValue('NL91ABNA0417164301');
    await form.getByRole('textbox', { name: 'BIC' }).fill('ABNANL2');
    await form.getByRole('button', { name: 'Save bank details' }).click();
    await expect(form.getByText('BIC must have 8 or 11 characters')).toBeVisible();

    // A holder who is not the KYC name: the warning, which staff must confirm.
    await form.getByRole('textbox', { name: 'IBAN' }).fill('NL91 ABNA 0417 1643 00');
    await form.getByRole('textbox', { name: 'BIC' }).fill('ABNANL2A');
    await form.getByRole('textbox', { name: 'Account holder' }).fill('Somebody Else Ltd');
    await expect(form.getByTestId('name-warning')).toContainText(
      /Account holder 'Somebody Else Ltd' differs from KYC name '.+'\. Confirm ownership before payouts/,
    );
    await form
      .getByRole('checkbox', { name: 'I confirmed with the merchant that this account is theirs' })
      .check();
    await form.getByRole('button', { name: 'Save bank details' }).click();

    // admin has no authenticator: the step-up takes the password.
    const stepUp = page.getByRole('dialog', { name: 'Confirm new bank details' });
    await stepUp.getByLabel('Your password').fill(DEMO_PASSWORD);
    await stepUp.getByRole('button', { name: 'Save bank details' }).click();
    await expect(stepUp).toBeHidden();

    const hold = page.getByTestId('active-hold');
    await expect(hold).toContainText('Bank payouts on hold');
    await expect(hold).toContainText(/New bank details \(v\d+\)/);
    const current = page.getByTestId('current-account');
    await expect(current).toContainText('NL91ABNA0417164300');
    await expect(current).toContainText('unverified');
    const history = page.getByRole('table', { name: 'Bank account versions' });
    await expect(history.getByRole('row').filter({ hasText: '(current)' })).toContainText(
      'Somebody Else Ltd',
    );
    await expect(page.getByRole('table', { name: 'Payout holds' }).getByRole('row').nth(1)).toContainText(
      'holding',
    );

    // A merchant that does not exist.
    await page.goto('/admin/config-merchants-bank/999999');
    await expect(page.getByText('No merchant found with ID 999999')).toBeVisible();
  });
});
