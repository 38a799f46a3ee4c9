import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_TOTP_SECRET, signIn } from '../pages/login.page';

const TOTP_STEP_MS = 30_000;
/** The last TOTP time step this file made `secure` use; the server refuses it and every step before it. */
let lastStepUsed = 0;

/** The code `secure`'s authenticator shows one time step from now: its sign-in took the current one. */
const nextStepCode = () => {
  lastStepUsed = Math.floor(Date.now() / TOTP_STEP_MS) + 1;
  return generate({ secret: DEMO_TOTP_SECRET, epoch: lastStepUsed * (TOTP_STEP_MS / 1000) });
};

/** A merchant whose payouts are enabled, from Payout Schemas' first row. */
async function payableMerchant(page: Page): Promise<string> {
  await page.goto('/admin/payouts?disabledPayout=0');
  await expect(page.getByRole('heading', { name: 'Payout Schemas', level: 1 })).toBeVisible();
  const first = page
    .getByRole('table', { name: 'Payout schemas' })
    .getByRole('row')
    .nth(1)
    .getByRole('cell')
    .first();
  await expect(first).toHaveText(/^\d+$/);
  return ((await first.textContent()) ?? '').trim();
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const payoutRow = (page: Page, id: string) =>
  page
    .getByRole('table', { name: 'Payouts' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: id, exact: true }) });

test.describe('Pending Payouts: four-eyes approval', () => {
  // The next journey signing `secure` in (or a retry of this one) types the code of the moment, which the
  // server takes only once the steps used here are past: wait them out (at most a minute).
  test.afterEach(async ({ browserName: _browser }, testInfo) => {
    const waitMs = (lastStepUsed + 1) * TOTP_STEP_MS - Date.now();
    if (waitMs <= 0) return;
    testInfo.setTimeout(testInfo.timeout + waitMs + 5_000);
    await new Promise((resolve) => setTimeout(resolve, waitMs + 500));
  });

  test('one admin requests a large payout, another approves it with TOTP, and it moves tabs live', async ({
    browser,
  }) => {
    const requesterContext = await browser.newContext();
    const approverContext = await browser.newContext();
    const admin = await requesterContext.newPage();
    const secure = await approverContext.newPage();

    await signIn(admin, 'admin');
    const merchantId = await payableMerchant(admin);

    // The sidebar's Pending Payouts is the same view at #pending.
    await admin.getByRole('link', { name: 'Pending Payouts' }).first().click();
    await expect(admin).toHaveURL(/\/admin\/payouts#pending$/);
    await expect(admin.getByRole('heading', { name: 'Pending Payouts', level: 1 })).toBeVisible();
    await expect(admin).toHaveTitle(/^Pending Payouts/);
    await expect(tab(admin, 'Awaiting approval')).toHaveAttribute('aria-selected', 'true');
    await expect(admin.getByText('Live', { exact: true })).toBeVisible();

    // A payout of 1.23456789 BTC is far above the four-eyes amount.
    await admin.getByRole('button', { name: 'Request payout' }).click();
    const form = admin.getByRole('dialog', { name: 'Request payout' });
    await form.getByRole('textbox', { name: 'Merchant ID' }).fill(merchantId);
    await form.getByRole('combobox', { name: 'Coin' }).fill('BTC');
    await admin.getByRole('option', { name: /\(BTC\)$/ }).click();
    await form.getByRole('textbox', { name: 'Amount' }).fill('1.23456789');
    await form.getByRole('textbox', { name: 'Destination' }).fill('bc1qe2efoureyespayoutdestination');
    await form.getByRole('button', { name: 'Request payout' }).click();
    const toast = admin.getByText(/^Payout \d+ requested: it awaits a second approval$/);
    await expect(toast).toBeVisible();
    const id = /Payout (\d+)/.exec((await toast.textContent()) ?? '')?.[1] ?? '';
    expect(id).not.toBe('');
    await expect(payoutRow(admin, id)).toContainText('1.23456789');

    // The requester cannot approve his own request.
    await payoutRow(admin, id).getByRole('cell').nth(1).click();
    const drawer = admin.getByRole('dialog', { name: `Payout ${id}` });
    await drawer.getByRole('button', { name: 'Approve…' }).click();
    const ownApproval = admin.getByRole('dialog', { name: 'Approve with your authenticator' });
    await ownApproval.getByRole('textbox').first().click();
    await admin.keyboard.type('123456');
    await ownApproval.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(ownApproval.getByRole('alert')).toContainText(
      'You requested this payout: another staff member must approve it (four-eyes)',
    );
    await ownApproval.getByRole('button', { name: 'Not now' }).click();
    await admin.keyboard.press('Escape');
    await expect(payoutRow(admin, id)).toBeVisible();

    // A second administrator, with an authenticator, approves it with a fresh code.
    await signIn(secure, 'secure', { totp: await generate({ secret: DEMO_TOTP_SECRET }) });
    await secure.goto('/admin/payouts#pending');
    await payoutRow(secure, id).getByRole('cell').nth(1).click();
    const approverDrawer = secure.getByRole('dialog', { name: `Payout ${id}` });
    await expect(approverDrawer.getByRole('table', { name: 'Payout history' })).toContainText('admin');
    await approverDrawer.getByRole('button', { name: 'Approve…' }).click();
    const approval = secure.getByRole('dialog', { name: 'Approve with your authenticator' });
    await approval.getByRole('textbox').first().click();
    await secure.keyboard.type(await nextStepCode());
    await approval.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(secure.getByText(`Payout ${id} approved`)).toBeVisible();
    await expect(approverDrawer.getByText('Approved', { exact: true }).first()).toBeVisible();

    // The requester's page, never reloaded, loses the row from Awaiting approval…
    await expect(payoutRow(admin, id)).toHaveCount(0, { timeout: 15_000 });
    // …and finds it approved, then sent by the payout rail, as the feed tells it.
    await tab(admin, 'Sent').click();
    await expect(payoutRow(admin, id)).toBeVisible({ timeout: 20_000 });
    await expect(payoutRow(admin, id)).toContainText('admin → secure');

    await requesterContext.close();
    await approverContext.close();
  });

  test('the payout schema of a merchant is changed with an audited, version-checked save', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    const merchantId = await payableMerchant(page);
    await page
      .getByRole('table', { name: 'Payout schemas' })
      .getByRole('row')
      .nth(1)
      .getByRole('cell')
      .nth(3)
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/payouts/${merchantId}$`));
    await expect(page).toHaveTitle(/^Payout Schemas/);
    const change = page.getByRole('region', { name: 'Change the payout schema' });
    await change.getByRole('combobox', { name: 'Payout', exact: true }).click();
    await page.getByRole('option', { name: 'Disabled', exact: true }).click();
    await change.getByRole('button', { name: 'Save payout schema' }).click();
    await expect(page.getByText('Payout schema saved')).toBeVisible();
    const history = page.getByRole('table', { name: 'Payout schema history' });
    await expect(history).toContainText('Payout schema changed');
    await expect(history).toContainText('DisablePayout');
  });

  test('support is not let into the payout screens', async ({ page }) => {
    await signIn(page, 'support');
    await page.goto('/admin/payouts#pending');
    await expect(page).toHaveURL(/\/admin\/not-authorized$/);
  });
});
