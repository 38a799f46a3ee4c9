import { expect, test } from '@playwright/test';
import { signIn } from '../pages/login.page';
import { PlatformFeed } from '../pages/platform-feed';

test.describe('dashboard, live', () => {
  test('a payment arriving while the page is open joins the table, and its notification opens it', async ({
    page,
    request,
  }) => {
    await signIn(page, 'support');
    const table = page.getByRole('table', { name: 'Transactions' });
    await expect(table.getByRole('row')).toHaveCount(16);
    await expect(page.getByText('● Live')).toBeVisible();

    const feed = new PlatformFeed(request);
    const { ref } = await feed.newPayment('E2E-LIVE-1');
    const newRow = table.getByRole('row').filter({ has: page.getByRole('link', { name: ref }) });
    await expect(newRow).toBeVisible();
    await expect(newRow).toHaveAttribute('data-live', 'true');
    await expect(table.getByRole('row').nth(1)).toContainText(ref);
    await expect(newRow.getByText('waiting')).toBeVisible();

    await feed.paid(ref);
    await expect(newRow.getByText('paid', { exact: true })).toBeVisible();
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await expect(bell).toBeVisible();
    await bell.click();
    await page.getByRole('button', { name: `Mark read: ${ref} paid successfully` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/transactions/${ref}$`));
    await expect(page.getByRole('region', { name: 'Overview' }).getByText(ref)).toBeVisible();
  });

  test('the header search finds a transaction on the dashboard', async ({ page, request }) => {
    // Unique per run, so a repeated journey against the same server still finds exactly one.
    const reference = `E2E-HEADER-${Date.now()}`;
    const { ref } = await new PlatformFeed(request).newPayment(reference);
    await signIn(page, 'support');
    await page.getByRole('textbox', { name: 'Search transactions' }).fill(reference);
    await page.getByRole('textbox', { name: 'Search transactions' }).press('Enter');
    await expect(page.getByText('Showing 1 - 1 of 1')).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Transactions' }).getByRole('link', { name: ref }),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Keyword' })).toHaveValue(reference);
    // The one-shot flag is cleared from the address.
    await expect(page).not.toHaveURL(/searching=/);
  });
});

test.describe('dashboard, staff changes', () => {
  test('an administrator marks a waiting payment paid, adds a log, and sees both in the audit trail', async ({
    page,
    request,
  }) => {
    const { ref } = await new PlatformFeed(request).newPayment('E2E-STATUS-1');
    await signIn(page, 'admin');
    await page.getByRole('textbox', { name: 'Keyword' }).fill(ref);
    await page.getByRole('textbox', { name: 'Keyword' }).press('Enter');
    const row = page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1);
    await expect(row).toContainText(ref);

    await row.getByRole('button', { name: 'Change status' }).click();
    const statusDialog = page.getByRole('dialog', { name: `Transaction status — ${ref}` });
    await expect(statusDialog.getByRole('radio', { name: 'Paid' })).toBeChecked();
    await statusDialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Transaction status update requested successfully').first()).toBeVisible();
    await expect(statusDialog).toBeHidden();
    await expect(row.getByText('paid', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: 'Logs', exact: true }).click();
    const logs = page.getByRole('dialog', { name: `Logs — ${ref}` });
    await logs.getByRole('button', { name: 'Save' }).click();
    await expect(logs.getByRole('textbox', { name: 'Log' })).toHaveAttribute('aria-invalid', 'true');
    await logs.getByRole('button', { name: 'Refund' }).click();
    await logs.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Logs updated successfully').first()).toBeVisible();
    await expect(row.getByRole('button', { name: 'Logs, has comments' })).toBeVisible();

    await row.getByRole('link', { name: ref }).click();
    const trail = page.getByRole('table', { name: 'Audit trail' });
    await expect(trail.getByText('Status changed')).toBeVisible();
    await expect(trail.getByText('Status: waiting → paid')).toBeVisible();
    await expect(trail.getByText(/Comments: \+ .* - admin: Refund/)).toBeVisible();
  });

  test('support edits the notes of a failure cause and makes it sticky', async ({ page }) => {
    await signIn(page, 'support');
    const box = page.getByRole('region', { name: 'Transaction Failure' });
    const failures = box.getByRole('table', { name: 'Transaction failures' });
    const first = failures.getByRole('row').nth(1);
    const id = (await first.getByRole('cell').first().textContent())?.trim() ?? '';
    expect(id).toMatch(/^\d+$/);

    await first.getByRole('button', { name: `Update notes of failure ${id}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Notes' });
    await dialog.getByRole('textbox', { name: 'Notes' }).fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Notes are required')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Notes' }).fill('Node restarted by the e2e journey');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(box.getByText('Notes: Node restarted by the e2e journey')).toBeVisible();

    const stick = box.getByRole('button', { name: `Make failure ${id} sticky` });
    if (await stick.isVisible()) await stick.click();
    await box.getByRole('checkbox', { name: 'Sticky Only' }).check();
    await expect(box.getByRole('button', { name: `Unstick failure ${id}` })).toBeVisible();
  });
});

test.describe('dashboard, filters and Local mode', () => {
  test('support narrows by merchant and by status, then filters the loaded rows locally', async ({
    page,
  }) => {
    await signIn(page, 'support');
    const table = page.getByRole('table', { name: 'Transactions' });
    await expect(table.getByRole('row')).toHaveCount(16);

    // Merchant: the one of the first row, chosen in the picker.
    await expect(page.getByText(/^Showing 1 - 15 of \d+$/)).toBeVisible();
    const merchant = (await table.getByRole('row').nth(1).locator('td').first().textContent())?.trim() ?? '';
    const picker = page.getByRole('combobox', { name: 'Merchant', exact: true });
    // The picker's list reloads while it opens; a click on an option that was just replaced selects nothing.
    await expect(async () => {
      await picker.click();
      await picker.fill(merchant);
      await page.getByRole('option', { name: merchant, exact: true }).click({ timeout: 2_000 });
      await expect(picker).toHaveValue(merchant, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/merchant=\d+/);
    const merchantCells = table.getByRole('row').locator('td:nth-child(1)');
    // The first row was already this merchant's: wait until every row is.
    await expect.poll(async () => [...new Set(await merchantCells.allTextContents())]).toEqual([merchant]);

    // Local mode over the merchant's rows.
    await page.getByRole('checkbox', { name: 'Local' }).check();
    await expect(page.getByRole('status').filter({ hasText: /rows loaded$/ })).toBeVisible({
      timeout: 30_000,
    });
    const local = page.getByRole('table', { name: 'Local transactions' });
    await expect(local.getByRole('row').nth(1)).toBeVisible();
    const ref =
      (
        await local
          .getByRole('link', { name: /^[TP]\d{9}$/ })
          .first()
          .textContent()
      )?.trim() ?? '';
    await page.getByRole('textbox', { name: 'Local keyword' }).fill(ref);
    await expect(local.getByRole('row')).toHaveCount(2);
    await expect(local.getByRole('link', { name: ref })).toBeVisible();
    await page.getByRole('textbox', { name: 'Local keyword' }).fill('no-such-row-anywhere');
    await expect(local.getByText('No transaction available')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Local' }).uncheck();
    await expect(table).toBeVisible();

    // Status: only expired, on top of the merchant.
    await page.getByRole('button', { name: 'Select All' }).click();
    const status = page.getByRole('combobox', { name: 'Status', exact: true });
    await status.click();
    await page.keyboard.press('Control+A');
    for (let i = 0; i < 20; i++) await page.keyboard.press('Backspace');
    await status.fill('Expired');
    await page.getByRole('option', { name: 'Expired', exact: true }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/statuses=expired(&|$)/);
    await expect(page).toHaveURL(/merchant=\d+/);
    const badges = table.getByRole('row').locator('td:nth-child(6)');
    await expect
      .poll(async () => {
        const texts = await badges.allTextContents();
        // A merchant without expired payments this week shows the empty row instead.
        return (
          texts.every((text) => text === 'expired') ||
          (await table.getByText('No transaction available').count()) === 1
        );
      })
      .toBe(true);
  });
});
