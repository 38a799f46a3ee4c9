import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../pages/login.page';

const outbox = path.join(process.env.E2E_DATA_DIR ?? '/tmp/backoffice-e2e-data', 'outbox');

/** The .eml files whose subject is this one, decoded from quoted-printable enough to read links and text. */
function mailsWithSubject(subject: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(outbox);
  } catch {
    return [];
  }
  return files
    .map((file) =>
      readFileSync(path.join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((mail) => mail.includes(`Subject: ${subject}`));
}

/** Opens a new campaign, writes it and saves it as a draft to the given segment. */
async function composeCampaign(page: Page, subject: string, segment: string, body: string) {
  await page.getByRole('button', { name: 'New campaign' }).click();
  const drawer = page.getByRole('dialog', { name: 'New campaign' });
  await drawer.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await drawer.getByRole('textbox', { name: 'Preheader' }).fill('Read before Friday');
  await drawer.getByRole('combobox', { name: 'Segment' }).click();
  await page.getByRole('option', { name: segment, exact: true }).click();
  const editor = drawer.locator('.ProseMirror');
  await editor.click();
  await editor.pressSequentially(body);
  return drawer;
}

async function saveDraft(page: Page) {
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Campaign saved').first()).toBeVisible();
  return page.getByRole('dialog', { name: 'Campaign' });
}

/** Sends the saved campaign in the drawer and waits for the send to finish. */
async function sendAndWait(page: Page, drawer: ReturnType<Page['getByRole']>) {
  await drawer.getByRole('button', { name: 'Send', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Send this campaign' })
    .getByRole('button', { name: 'Send' })
    .click();
  await expect(page.getByText(/^Sending to \d+ merchants$/).first()).toBeVisible();
  await expect(drawer.getByTestId('send-progress')).toContainText('100% done', { timeout: 45_000 });
  await expect(drawer.getByText('Sent', { exact: true })).toBeVisible();
}

test.describe('Email Marketing', () => {
  test.setTimeout(120_000);

  test('compose, pick a segment, test, send to the outbox with progress to done, and unsubscribe', async ({
    page,
    request,
  }) => {
    const stamp = Date.now();
    const subject = `Journey offer ${stamp}`;
    const segmentName = `Journey lifetime ${stamp}`;
    await signIn(page, 'admin');
    await page.goto('/admin/marketing');
    await expect(page.getByRole('heading', { name: 'Email Marketing', level: 1 })).toBeVisible();

    // A segment with its live count: lifetime members who can be mailed.
    await page.getByRole('button', { name: 'Segments' }).click();
    const segments = page.getByRole('dialog', { name: 'Segments' });
    await segments.getByRole('button', { name: 'New segment' }).click();
    await segments.getByRole('textbox', { name: 'Name' }).fill(segmentName);
    await segments.getByRole('combobox', { name: 'Lifetime member' }).click();
    await page.getByRole('option', { name: 'Yes' }).click();
    await expect(segments.getByTestId('audience-count')).toContainText(/\d+ recipients now/);
    await segments.getByRole('button', { name: 'Save segment' }).click();
    await expect(segments.getByRole('row', { name: new RegExp(segmentName) })).toBeVisible();
    await page.keyboard.press('Escape');

    const drawer0 = await composeCampaign(page, subject, segmentName, 'Hello from the journey');
    await expect(drawer0.getByTestId('segment-count')).toContainText(/\d+ merchants? will receive it now/);
    const drawer = await saveDraft(page);

    // The preview is the email as recipients get it, in a sandboxed frame.
    await drawer.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview' });
    await expect(preview.frameLocator('iframe').getByText('Hello from the journey')).toBeVisible();
    await expect(preview.frameLocator('iframe').getByRole('link', { name: 'Unsubscribe' })).toBeVisible();
    // Escape closes the preview only: the drawer under it, with the draft, stays open.
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();
    await expect(drawer.getByRole('textbox', { name: 'Subject' })).toHaveValue(subject);

    // A test to one address, marked [TEST].
    await drawer.getByRole('textbox', { name: 'Test address' }).fill('journey@ops.test');
    await drawer.getByRole('button', { name: 'Send test' }).click();
    await expect(page.getByText('Test sent to journey@ops.test').first()).toBeVisible();
    await expect.poll(() => mailsWithSubject(`[TEST] ${subject}`).length).toBe(1);

    await sendAndWait(page, drawer);
    const mails = mailsWithSubject(subject);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(mail).toContain('Hello from the journey');
      expect(mail).toMatch(/List-Unsubscribe:\s+<http[^>]+\/unsubscribe\/[\w-]{43}>/);
      expect(mail).toMatch(/List-Unsubscribe-Post:\s+List-Unsubscribe=One-Click/);
    }

    // The list shows it sent, with its counts.
    await page.keyboard.press('Escape');
    const row = page
      .getByRole('table', { name: 'Campaigns' })
      .getByRole('row', { name: new RegExp(subject) });
    await expect(row).toContainText('Sent');
    await expect(row).toContainText(`${mails.length} sent of ${mails.length}`);

    // A recipient follows the link in their email.
    const link = /https?:\/\/[^\s"<>]+\/unsubscribe\/[\w-]{43}/.exec(mails[0] ?? '')?.[0] ?? '';
    await page.goto(new URL(link).pathname);
    // The link only asks (mail scanners open links too); the button unsubscribes.
    await expect(page.getByRole('heading', { name: 'Unsubscribe from marketing emails?' })).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    await expect(page.getByText(/will receive no more marketing emails/)).toBeVisible();

    // Another recipient's mail provider unsubscribes in one click (RFC 8058): a POST with no session or CSRF header.
    const other = mails
      .map((mail) => /https?:\/\/[^\s"<>]+\/unsubscribe\/[\w-]{43}/.exec(mail)?.[0] ?? '')
      .find((url) => url !== '' && url !== link);
    if (other) {
      const oneClick = await request.post(new URL(other).pathname, {
        form: { 'List-Unsubscribe': 'One-Click' },
      });
      expect(oneClick.status()).toBe(200);
      expect(await oneClick.text()).toContain('will receive no more marketing emails');
    }
  });

  // Needs the Files area's POSBLOB (POST /api/main/MarketAPI?POSBLOB), built on another branch.
  test('an image uploaded into the email reaches the outbox', async ({ page }) => {
    const stamp = Date.now();
    const subject = `Journey image ${stamp}`;
    await signIn(page, 'admin');
    await page.goto('/admin/marketing');
    const drawer0 = await composeCampaign(page, subject, 'Lifetime members', 'Our new logo');
    const picker = drawer0.getByTestId('editor-image-input');

    // Not an image: refused before anything is sent, with SPEC §5's message.
    await picker.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('plain text'),
    });
    await expect(drawer0.getByText('Please provide a valid image file')).toBeVisible();

    // A real PNG (1×1): uploaded, and inserted where the cursor is.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await picker.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    const image = drawer0.locator('.ProseMirror img');
    await expect(image).toHaveAttribute('src', /^\/media\/editor\/[\w-]+\.png$/);
    const src = (await image.getAttribute('src')) ?? '';

    const drawer = await saveDraft(page);
    await sendAndWait(page, drawer);
    const mails = mailsWithSubject(subject);
    expect(mails.length).toBeGreaterThan(0);
    // The image is linked absolutely, so it loads in the recipient's mail client.
    expect(mails[0]).toMatch(new RegExp(`src="https?://[^"]+${src.replace(/[.]/g, '\\.')}"`));
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
  });
});
