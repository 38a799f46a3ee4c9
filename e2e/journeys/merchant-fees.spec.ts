import { expect, test } from '@playwright/test';
import { signIn } from '../pages/login.page';

test.describe('Merchant Fees Custom', () => {
  test('an administrator sets a custom fee for a merchant and coin and sees the calculator pick it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin');
    await page.goto('/admin/merchant-fees-custom');
    await expect(page.getByRole('heading', { name: 'Merchant Fees Custom', level: 1 })).toBeVisible();
    await expect(page.getByText(/Precedence: merchant \+ coin \+ provider > merchant \+ coin/)).toBeVisible();

    // A rule for merchant #1 and Bitcoin: 0.5 % from today.
    await page.getByRole('button', { name: 'New rule' }).click();
    const drawer = page.getByRole('dialog', { name: 'New fee rule' });
    const merchant = drawer.getByRole('combobox', { name: 'Merchant' });
    await merchant.click();
    await merchant.fill('1');
    await page
      .getByRole('option', { name: /\(#1\)/ })
      .first()
      .click();
    await drawer.getByRole('combobox', { name: 'Coin' }).click();
    await page.getByRole('option', { name: 'Bitcoin (BTC)' }).click();
    // A bad percentage first: the brief's message on the field.
    await drawer.getByRole('textbox', { name: 'Fee %' }).fill('0.12345');
    await drawer.getByRole('button', { name: 'Save rule' }).click();
    await expect(
      drawer.getByText('Fee must be between 0 and 100 percent with at most 4 decimals'),
    ).toBeVisible();
    await drawer.getByRole('textbox', { name: 'Fee %' }).fill('0.5');
    await drawer.getByRole('button', { name: 'Save rule' }).click();
    await expect(drawer).toBeHidden();
    const rules = page.getByRole('table', { name: 'Fee rules' });
    const row = rules.getByRole('row').filter({ hasText: '0.5000 %' }).filter({ hasText: 'Bitcoin' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('active');

    // The calculator: merchant #1, Bitcoin, 2 BTC → the rule wins, 0.01 BTC.
    const calculator = page.getByLabel('Effective-fee calculator');
    const calcMerchant = calculator.getByRole('combobox', { name: 'Merchant' });
    await calcMerchant.click();
    await calcMerchant.fill('1');
    await page
      .getByRole('option', { name: /\(#1\)/ })
      .first()
      .click();
    await calculator.getByRole('textbox', { name: 'Amount' }).fill('2');
    await calculator.getByRole('button', { name: 'Calculate' }).click();
    await expect(
      calculator.getByText(/Winning rule: #\d+ merchant \+ coin \(Bitcoin · any provider\)/),
    ).toBeVisible();
    await expect(calculator.getByTestId('fee-fee')).toHaveText('0.01000000 BTC');
    await expect(calculator.getByTestId('fee-merchant-pays')).toHaveText('0.01000000');

    // Ended with a reason, the rule no longer applies: the platform default answers again.
    await row.getByRole('button', { name: 'End' }).click();
    const end = page.getByRole('dialog', { name: 'End fee rule' });
    await end.getByRole('textbox', { name: 'Reason' }).fill('Journey check');
    await end.getByRole('button', { name: 'End rule' }).click();
    await expect(end).toBeHidden();
    await calculator.getByRole('button', { name: 'Calculate' }).click();
    await expect(calculator.getByText(/Winning rule: platform default/)).toBeVisible();
  });
});
