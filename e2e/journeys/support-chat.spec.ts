import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { signIn } from '../pages/login.page';
import { PlatformFeed } from '../pages/platform-feed';

/** A staff member in a browser of their own, signed in, on the dashboard. */
async function staffMember(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username);
  return page;
}

const chatButton = (page: Page) => page.getByRole('button', { name: /Support Chat/ });
const panelOf = (page: Page): Locator => page.getByRole('region', { name: 'Support Chat' });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The total unread the page shows, on the button or in the open panel's header (0 without a badge). */
async function unreadOf(page: Page): Promise<number> {
  const badge = page.getByLabel(/^Unread messages: \d+$/);
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.innerText());
}

test.describe('support chat', () => {
  test('two staff members answer a merchant: unread badge and dot, @name addressing, live both ways', async ({
    browser,
    request,
  }) => {
    const feed = new PlatformFeed(request);
    const support = await staffMember(browser, 'support');
    const admin = await staffMember(browser, 'admin');
    // The demo has unanswered merchant messages: both badges show once the contacts are loaded.
    for (const page of [support, admin])
      await expect(chatButton(page).getByLabel(/Unread messages/)).toBeVisible();

    // Merchant 1 writes: it becomes the newest waiting conversation, the one the chat opens on.
    const first = `Where is my payout? ${Date.now()}`;
    await feed.chatMessage(1, first);
    await chatButton(admin).click();
    const adminPanel = panelOf(admin);
    await expect(adminPanel.getByText(first)).toBeVisible();
    const adminContact = adminPanel.getByRole('combobox', { name: 'Contact' });
    const merchant = await adminContact.inputValue();
    expect(merchant).not.toBe('');

    // The admin turns to another conversation; merchant 1 writes again: the badge grows and its dot shows.
    await adminContact.click();
    await admin.getByRole('option').filter({ hasNotText: merchant }).first().click();
    await expect(adminContact).not.toHaveValue(merchant);
    await admin.waitForTimeout(500);
    const before = await unreadOf(admin);
    const second = `Any news? ${Date.now()}`;
    await feed.chatMessage(1, second);
    await expect.poll(() => unreadOf(admin)).toBe(before + 1);
    await adminContact.click();
    const merchantOption = admin.getByRole('option', { name: new RegExp(escapeRegExp(merchant)) });
    await expect(merchantOption.getByLabel('1 unread')).toBeVisible();
    await admin.keyboard.press('Escape');

    // Support opens the chat on merchant 1, looks elsewhere, then answers merchant 1 by @name.
    await chatButton(support).click();
    const supportPanel = panelOf(support);
    await expect(supportPanel.getByText(second)).toBeVisible();
    const supportContact = supportPanel.getByRole('combobox', { name: 'Contact' });
    await expect(supportContact).toHaveValue(merchant);
    await supportContact.click();
    await support.getByRole('option').filter({ hasNotText: merchant }).first().click();
    await expect(supportContact).not.toHaveValue(merchant);
    const box = supportPanel.getByRole('textbox', { name: 'Message' });
    const reply = `It left this morning ${Date.now()}`;
    await box.fill(`@${merchant} ${reply}`);
    await expect(supportContact).toHaveValue(merchant);
    await box.press('Enter');
    await expect(box).toHaveValue('');
    await expect(supportPanel.locator('[data-direction="OUT"]').filter({ hasText: reply })).toBeVisible();

    // The admin opens merchant 1: both messages and support's reply (arrived live); reading clears the dot.
    await adminContact.click();
    await merchantOption.click();
    await expect(adminPanel.getByText(second)).toBeVisible();
    await expect(adminPanel.getByText(reply)).toBeVisible();
    await expect.poll(() => unreadOf(admin)).toBe(before);

    // Ctrl+Enter is a new line and Enter sends; support sees the admin's answer arrive.
    const adminBox = adminPanel.getByRole('textbox', { name: 'Message' });
    await adminBox.fill('Checked the ledger.');
    await adminBox.press('Control+Enter');
    await adminBox.pressSequentially('All fine.');
    await adminBox.press('Enter');
    await expect(supportPanel.getByText(/Checked the ledger\.\s+All fine\./)).toBeVisible();

    // A blank message is refused with the SPEC's text and nothing is sent.
    await adminBox.fill('   ');
    await adminBox.press('Enter');
    await expect(adminPanel.getByText('Please provide a valid message')).toBeVisible();

    await support.context().close();
    await admin.context().close();
  });
});
