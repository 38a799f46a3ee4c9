import { expect, test } from '@playwright/test';
import { signIn } from '../pages/login.page';

/** A real 1×1 PNG: the server sniffs the content, so the bytes must be an image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

test.describe('Market Files', () => {
  test('marketing uploads an image, sees it listed and previewed, deletes it and it is gone', async ({
    page,
    request,
  }) => {
    await signIn(page, 'marketing');
    await page.goto('/admin/market/files');
    await expect(page.getByRole('heading', { name: 'Market Files', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Market Files' });
    const name = `journey-${Date.now()}.png`;

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload file' }).click();
    await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText(`Uploaded ${name}`).first()).toBeVisible();

    // Listed, found by its name, with its sniffed type.
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Search', exact: true }).press('Enter');
    await expect(page).toHaveURL(/[?&]keyword=journey-/);
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('image/png');

    // Previewed: the image itself, served from its public address without a session.
    await row.getByRole('button', { name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name });
    const image = dialog.getByRole('img', { name });
    await expect(image).toBeVisible();
    const src = (await image.getAttribute('src')) ?? '';
    expect(src).toMatch(/^\/media\/market\/[0-9a-f]{32}\.png$/);
    const served = await request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    await page.keyboard.press('Escape');

    // Deleted after the confirm: gone from the list and from its address.
    await row.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete file' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`Deleted ${name}`).first()).toBeVisible();
    await expect(table.getByText('No file matches')).toBeVisible();
    expect((await request.get(src)).status()).toBe(404);
  });

  test('a web page renamed .png is refused by its content, with the server’s message', async ({ page }) => {
    await signIn(page, 'marketing');
    await page.goto('/admin/market/pos/files');
    await expect(page.getByRole('heading', { name: 'POS Files', level: 1 })).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload file' }).click();
    await (await chooser).setFiles({
      name: 'innocent.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<!doctype html><script>alert(1)</script>'),
    });
    await expect(page.getByRole('alert')).toContainText(
      'Only PNG, JPEG, GIF, WebP images and PDF files can be uploaded',
    );
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('innocent');
    await page.getByRole('textbox', { name: 'Search', exact: true }).press('Enter');
    await expect(page.getByRole('table', { name: 'POS Files' }).getByText('No file matches')).toBeVisible();
  });
});
