import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from '../pages/login.page';

test.describe('Transaction Scheduling and the Tasks Audit', () => {
  test('an administrator schedules payouts for a merchant, runs it now and finds its task in the Tasks Audit', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin');
    await page.goto('/admin/transaction-scheduling');
    await expect(page.getByRole('heading', { name: 'Transaction Scheduling', level: 1 })).toBeVisible();
    await expect(
      page.getByText('No schedule yet. Payouts for this merchant happen only on request.'),
    ).toBeVisible();

    // A weekly Bitcoin payout schedule for merchant #1.
    await page.getByRole('button', { name: 'New schedule' }).click();
    const drawer = page.getByRole('dialog', { name: 'New schedule' });
    const merchant = drawer.getByRole('combobox', { name: 'Merchant' });
    await merchant.click();
    await merchant.fill('1');
    await page
      .getByRole('option', { name: /\(#1\)/ })
      .first()
      .click();
    // Under the coin's minimum payout first: the brief's message on the field, the typed value kept.
    await drawer.getByRole('textbox', { name: 'Threshold' }).fill('0.0001');
    await drawer.getByRole('textbox', { name: 'Destination' }).fill('bc1qjourneywallet');
    await drawer.getByRole('button', { name: 'Save schedule' }).click();
    await expect(
      drawer.getByText("Threshold must be at least the coin's minimum payout 0.00050000 BTC"),
    ).toBeVisible();
    await expect(drawer.getByRole('textbox', { name: 'Threshold' })).toHaveValue('0.0001');
    await drawer.getByRole('textbox', { name: 'Threshold' }).fill('1000');
    await drawer.getByRole('button', { name: 'Save schedule' }).click();
    await expect(drawer).toBeHidden();
    const schedules = page.getByRole('table', { name: 'Transaction schedules' });
    const row = schedules
      .getByRole('row')
      .filter({ hasText: 'When balance ≥ 1000.00000000 BTC, Mondays 09:00' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('bc1qjourneywallet');
    await expect(row).toContainText('Not run yet');

    // Run now, confirmed with the password (admin has no authenticator).
    await row.getByRole('button', { name: 'Run now' }).click();
    const stepUp = page.getByRole('dialog', { name: /Run schedule #\d+ now/ });
    await stepUp.getByLabel('Your password').fill(DEMO_PASSWORD);
    await stepUp.getByRole('button', { name: 'Run now' }).click();
    await expect(stepUp).toBeHidden();
    await expect(
      page.getByText(/Task #\d+: Skipped: balance [\d.-]+ BTC below threshold 1000\.00000000 BTC/),
    ).toBeVisible();
    await expect(row.getByText('Skipped')).toBeVisible();

    // The task in the Tasks Audit of that merchant, with its inputs and decision.
    await row.getByRole('link', { name: 'Skipped' }).click();
    await expect(page).toHaveURL(/\/admin\/transaction-scheduling-tasks\/1\?task=\d+/);
    await expect(page.getByRole('heading', { name: 'Tasks Audit', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'All merchants' })).toBeVisible();
    const detail = page.getByRole('dialog', { name: /Task #\d+/ });
    await expect(detail.getByTestId('task-decision')).toHaveText(
      /^Skipped: balance [\d.-]+ BTC below threshold 1000\.00000000 BTC$/,
    );
    await expect(detail.getByRole('table', { name: 'Task inputs' })).toContainText('RuleVersion');
    await page.keyboard.press('Escape');
    const tasks = page.getByRole('table', { name: 'Tasks' });
    const task = tasks.getByRole('row').filter({ hasText: 'manual' }).filter({ hasText: 'admin' });
    await expect(task).toHaveCount(1);
    await expect(task).toContainText('Skipped');

    // An unknown merchant is named; All merchants lists every merchant's tasks.
    await page.goto('/admin/transaction-scheduling-tasks/9999');
    await expect(page.getByRole('alert').filter({ hasText: 'No merchant found with ID 9999' })).toBeVisible();
    await page.getByRole('link', { name: 'All merchants' }).click();
    await expect(page).toHaveURL(/\/admin\/transaction-scheduling-tasks$/);
    await expect(
      page.getByRole('table', { name: 'Tasks' }).getByRole('row').filter({ hasText: 'manual' }),
    ).toHaveCount(1);
  });
});
