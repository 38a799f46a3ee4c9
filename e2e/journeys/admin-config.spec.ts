import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, signIn } from '../pages/login.page';

const TOTP_STEP_MS = 30_000;
/** The last TOTP time step this file made `secure` use; the server refuses it and every step before it. */
let lastStepUsed = 0;
const currentStep = () => Math.floor(Date.now() / TOTP_STEP_MS);

/**
 * A code of a step `secure` has not used yet. The server takes the next step's code too (one step of
 * tolerance), so after the first one each further code waits until the clock reaches the step before it.
 */
async function freshCode(): Promise<string> {
  const step = Math.max(currentStep() + 1, lastStepUsed + 1);
  const waitMs = (step - 1) * TOTP_STEP_MS - Date.now();
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs + 500));
  lastStepUsed = step;
  return generate({ secret: DEMO_TOTP_SECRET, epoch: step * (TOTP_STEP_MS / 1000) });
}

const openConfig = async (page: Page) => {
  await page.goto('/admin/admin-config');
  await expect(page.getByRole('heading', { name: 'Admin Config', level: 1 })).toBeVisible();
};

/** Sets Invoice expiry, saves a draft with a comment (password step-up) and submits it. */
async function proposeExpiry(admin: Page, minutes: string, comment: string, version: number) {
  const expiry = admin.getByLabel('Invoice expiry (minutes)');
  await expiry.fill(minutes);
  await admin.getByRole('button', { name: 'Save draft' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Save draft' });
  await dialog.getByLabel('Comment').fill(comment);
  await dialog.getByLabel('Your password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Save draft' }).click();
  await expect(admin.getByText(`v${version} is saved as a draft`)).toBeVisible();
  await admin.getByRole('button', { name: 'Submit for approval' }).click();
  await expect(admin.getByText(`v${version} by admin awaits approval`)).toBeVisible();
}

/** `secure` approves the pending version with its authenticator. */
async function approveWithCode(secure: Page, version: number, author: string) {
  await secure.reload();
  await expect(secure.getByText(`v${version} by ${author} awaits approval`)).toBeVisible();
  await secure.getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = secure.getByRole('dialog', { name: `Approve v${version}` });
  await dialog.getByRole('textbox').first().click();
  await secure.keyboard.type(await freshCode());
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(secure.getByText(`v${version} is active`)).toBeVisible();
}

test.describe('Admin Config: versions with four-eyes approval', () => {
  test.afterEach(async ({ browserName: _browser }, testInfo) => {
    // The next journey signing `secure` in types the code of the moment: wait out the steps used here.
    const waitMs = (lastStepUsed + 1) * TOTP_STEP_MS - Date.now();
    if (waitMs <= 0) return;
    testInfo.setTimeout(testInfo.timeout + waitMs + 5_000);
    await new Promise((resolve) => setTimeout(resolve, waitMs + 500));
  });

  test('an admin changes a setting, a second admin approves it, the history shows it and it rolls back', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const admin = await (await browser.newContext()).newPage();
    const secure = await (await browser.newContext()).newPage();
    await signIn(admin, 'admin');
    lastStepUsed = currentStep();
    await signIn(secure, 'secure', { totp: await generate({ secret: DEMO_TOTP_SECRET }) });

    await openConfig(admin);
    await expect(admin.getByTestId('config-status')).toHaveText(
      'No version active yet: the platform runs on the built-in defaults',
    );
    await expect(admin.getByLabel('Invoice expiry (minutes)')).toHaveValue('60');

    // The form checks with the contract's schema before anything is sent.
    await admin.getByLabel('Platform name').fill('A');
    await admin.getByRole('button', { name: 'Save draft' }).click();
    await expect(admin.getByText('Name must be 2–40 characters')).toBeVisible();
    await admin.getByLabel('Platform name').fill('Backoffice');

    await proposeExpiry(admin, '90', 'Slow chains need longer', 1);
    // The author cannot approve their own change.
    await admin.getByRole('button', { name: 'Approve', exact: true }).click();
    const own = admin.getByRole('dialog', { name: 'Approve v1' });
    await own.getByLabel('Your password').fill(DEMO_PASSWORD);
    await own.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(own.getByRole('alert')).toContainText('another administrator must approve it');
    await own.getByRole('button', { name: 'Not now' }).click();

    await openConfig(secure);
    await approveWithCode(secure, 1, 'admin');
    await expect(secure.getByTestId('config-status')).toContainText('v1 · active since');
    await expect(secure.getByTestId('config-status')).toContainText('by admin, approved by secure');

    await admin.reload();
    await proposeExpiry(admin, '120', 'Even longer', 2);
    await approveWithCode(secure, 2, 'admin');
    await expect(secure.getByLabel('Invoice expiry (minutes)')).toHaveValue('120');

    // History: each version with what changed; restoring v1 makes v3, which admin approves.
    await secure.getByRole('button', { name: 'History' }).click();
    const v1 = secure.getByRole('article', { name: 'Version 1' });
    await expect(secure.getByRole('article', { name: 'Version 2' })).toContainText('Active');
    await expect(v1).toContainText('Superseded');
    await expect(v1).toContainText('Slow chains need longer');
    const change = v1.getByRole('table', { name: 'Changes in v1' }).getByRole('row').nth(1);
    await expect(change).toHaveText(/Invoice expiry \(minutes\)\s*60\s*90/);
    await v1.getByRole('button', { name: 'Restore v1' }).click();
    const restore = secure.getByRole('dialog', { name: 'Restore v1' });
    await restore.getByRole('textbox').first().click();
    await secure.keyboard.type(await freshCode());
    await restore.getByRole('button', { name: 'Restore', exact: true }).click();
    await expect(secure.getByText('v3 restores an earlier version and awaits approval')).toBeVisible();

    await admin.reload();
    await expect(admin.getByText('v3 by secure awaits approval')).toBeVisible();
    await admin.getByRole('button', { name: 'Approve', exact: true }).click();
    const approval = admin.getByRole('dialog', { name: 'Approve v3' });
    await approval.getByLabel('Your password').fill(DEMO_PASSWORD);
    await approval.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(admin.getByText('v3 is active')).toBeVisible();
    await expect(admin.getByTestId('config-status')).toContainText('v3 · active since');
    await expect(admin.getByLabel('Invoice expiry (minutes)')).toHaveValue('90');
  });
});
