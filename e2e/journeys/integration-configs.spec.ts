import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, signIn } from '../pages/login.page';

/** The fake OpenNode's dev invoice key (apps/server/src/modules/integrations/opennode/opennode.fake.ts). */
const DEV_INVOICE_KEY = 'dev-invoice-demo-8c1f';

const TOTP_STEP_MS = 30_000;
let lastStepUsed = 0;
const currentStep = () => Math.floor(Date.now() / TOTP_STEP_MS);

/** A code of a step `secure` has not used yet (as admin-config.spec.ts: the server refuses a reused step). */
async function freshCode(): Promise<string> {
  const step = Math.max(currentStep() + 1, lastStepUsed + 1);
  const waitMs = (step - 1) * TOTP_STEP_MS - Date.now();
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs + 500));
  lastStepUsed = step;
  return generate({ secret: DEMO_TOTP_SECRET, epoch: step * (TOTP_STEP_MS / 1000) });
}

test.describe('Integration configs: mode badge, write-only secret, Test connection before activation', () => {
  test.afterEach(async ({ browserName: _browser }, testInfo) => {
    // The next journey signing `secure` in types the code of the moment: wait out the steps used here.
    const waitMs = (lastStepUsed + 1) * TOTP_STEP_MS - Date.now();
    if (waitMs <= 0) return;
    testInfo.setTimeout(testInfo.timeout + waitMs + 5_000);
    await new Promise((resolve) => setTimeout(resolve, waitMs + 500));
  });

  test('an admin sets the OpenNode key, tests it green and submits; a second admin activates it', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const admin = await (await browser.newContext()).newPage();
    await admin.setViewportSize({ width: 1440, height: 900 });
    await signIn(admin, 'admin');
    await admin.goto('/admin/open-node-config');
    await expect(admin.getByRole('heading', { name: 'OpenNode Config', level: 1 })).toBeVisible();
    await expect(admin.getByTestId('config-mode')).toHaveText('FAKE');
    await expect(admin.getByTestId('opennode-callback-url')).toContainText('/api/hooks/opennode');
    // Nothing saved yet: there is no version to test.
    await expect(admin.getByRole('button', { name: 'Test connection' })).toBeDisabled();

    // The schema asks for the key before anything is sent.
    await admin.getByLabel('Charge expiry (minutes)').fill('30');
    await admin.getByRole('button', { name: 'Save draft' }).click();
    await expect(
      admin.getByText('Set the invoice API key: charges cannot be created without it'),
    ).toBeVisible();

    await admin.getByRole('button', { name: 'Set Invoice API key' }).click();
    await admin.getByLabel('New Invoice API key').fill(DEV_INVOICE_KEY);
    await admin.getByRole('button', { name: 'Save draft' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Save draft' });
    await dialog.getByLabel('Comment').fill('Connect OpenNode dev');
    await dialog.getByLabel('Your password').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Save draft' }).click();
    await expect(admin.getByText('v1 is saved as a draft')).toBeVisible();
    // Write-only: the last four characters and a fingerprint, never the key.
    await expect(admin.getByText(/•••• 8c1f · [0-9a-f]{8} · set .* by admin/)).toBeVisible();
    await expect(admin.getByText(DEV_INVOICE_KEY)).toHaveCount(0);

    await admin.getByRole('button', { name: 'Test connection' }).click();
    const result = admin.getByTestId('config-test-result');
    await expect(result).toContainText('✓ v1: Key valid · env dev · permission Invoice');
    await expect(result).toContainText(/ · \d+ ms · /);

    await admin.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(admin.getByText('v1 by admin awaits approval')).toBeVisible();

    // A second admin approves with their authenticator; the green test of v1 is fresh, so it activates.
    const secure = await (await browser.newContext()).newPage();
    await secure.setViewportSize({ width: 1440, height: 900 });
    lastStepUsed = currentStep();
    await signIn(secure, 'secure', { totp: await generate({ secret: DEMO_TOTP_SECRET }) });
    await secure.goto('/admin/open-node-config');
    await expect(secure.getByText('v1 by admin awaits approval')).toBeVisible();
    await secure.getByRole('button', { name: 'Approve', exact: true }).click();
    const approve = secure.getByRole('dialog', { name: 'Approve v1' });
    await approve.getByRole('textbox').first().click();
    await secure.keyboard.type(await freshCode());
    await approve.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(secure.getByText('v1 is active')).toBeVisible();
    await expect(secure.getByTestId('config-status')).toContainText('by admin, approved by secure');
  });
});
