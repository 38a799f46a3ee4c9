import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../pages/login.page';

const queueTable = (page: Page) => page.getByRole('table', { name: 'KYC cases' });

/** Opens the queue's oldest pending case and answers its shop title and address. */
async function openOldestCase(page: Page): Promise<{ shop: string; url: string }> {
  await page.goto('/admin/kyc');
  await expect(page.getByRole('heading', { name: 'KYC Users', level: 1 })).toBeVisible();
  const first = queueTable(page).getByRole('row').nth(1);
  const link = first.getByRole('link').first();
  const shop = ((await link.textContent()) ?? '').trim();
  await link.click();
  await expect(page).toHaveURL(/\/admin\/kyc\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(shop);
  return { shop, url: page.url() };
}

test.describe('KYC review', () => {
  test('an officer approves one case and rejects another with a reason; the dashboard box follows live', async ({
    page,
    browser,
  }) => {
    // An administrator watches the dashboard's Pending KYC box in a second window.
    const watcherContext = await browser.newContext();
    const watcher = await watcherContext.newPage();
    await signIn(watcher, 'admin');
    const box = watcher.getByRole('region', { name: 'Pending KYC For Review' });
    await expect(box.getByRole('link').nth(1)).toBeVisible();

    await signIn(page, 'kyc');
    const approved = await openOldestCase(page);
    await expect(page.getByRole('region', { name: 'Submitted identity' })).toContainText('First name');
    const documents = page.getByRole('region', { name: 'Documents' });
    await expect(documents.getByRole('img').first()).toBeVisible();
    await expect(page.getByText(/You hold this case until/)).toBeVisible();

    // Approve: the case and the merchant record say so, the audit trail names the officer.
    await page.getByRole('button', { name: 'Approve' }).click();
    const approveDialog = page.getByRole('dialog', { name: 'Approve this KYC case' });
    await approveDialog.getByRole('button', { name: 'Approve' }).click();
    await expect(approveDialog).toBeHidden();
    await expect(page.getByText(`KYC case approved: ${approved.shop}`).first()).toBeVisible();
    const merchant = page.getByRole('region', { name: 'Merchant' });
    await expect(merchant.getByText('approved', { exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Audit trail' })).toContainText('Approved');
    // The watcher's box drops the approved case without a reload.
    await expect(box.getByRole('link', { name: approved.shop, exact: true })).toHaveCount(0);

    // Reject: a reason is required; the typed reason stays on a refusal and is kept with the decision.
    const rejected = await openOldestCase(page);
    expect(rejected.shop).not.toBe(approved.shop);
    await page.getByRole('button', { name: 'Reject' }).click();
    const rejectDialog = page.getByRole('dialog', { name: 'Reject this KYC case' });
    await rejectDialog.getByRole('button', { name: 'Reject' }).click();
    await expect(rejectDialog.getByText('A reason is required to reject')).toBeVisible();
    await rejectDialog.getByLabel('Reason').fill('The passport photo does not match the selfie');
    await rejectDialog.getByRole('button', { name: 'Reject' }).click();
    await expect(rejectDialog).toBeHidden();
    // The decision, its officer and its reason head the case; the audit trail keeps the reason too.
    const decision = page.getByRole('alert').filter({ hasText: 'Rejected by kyc' });
    await expect(decision).toContainText('The passport photo does not match the selfie');
    await expect(page.getByRole('table', { name: 'Audit trail' })).toContainText('Rejected');
    await expect(merchant.getByText('rejected', { exact: true })).toBeVisible();

    // The full list (#all) shows both decisions.
    await page.goto('/admin/kyc#all');
    await expect(page.getByRole('heading', { name: 'KYC Users', level: 1 })).toBeVisible();
    await expect(queueTable(page)).toBeVisible();
    await watcherContext.close();
  });

  test('a second officer opening a held case sees who holds it and cannot decide', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'kyc');
    const held = await openOldestCase(page);

    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signIn(other, 'admin');
    await other.goto(held.url);
    await expect(other.getByText('kyc has this case open')).toBeVisible();
    await expect(other.getByRole('button', { name: 'Approve' })).toBeDisabled();
    await otherContext.close();
  });
});
