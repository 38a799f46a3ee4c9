import { expect, test } from '@playwright/test';
import { signIn } from '../pages/login.page';

test('a news post with a bad then a good YouTube link is saved and published', async ({ page }) => {
  const title = `Journey news ${Date.now()}`;
  await signIn(page, 'admin');
  await page.goto('/admin/news');
  await expect(page.getByRole('heading', { name: 'News', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'New post' }).click();
  const drawer = page.getByRole('dialog', { name: 'New post' });
  await drawer.getByRole('textbox', { name: 'Title' }).fill(title);
  const video = drawer.getByRole('textbox', { name: 'YouTube URL' });
  await video.fill('https://vimeo.com/76979871');
  const editor = drawer.locator('.ProseMirror');
  await editor.click();
  await editor.pressSequentially('Lightning checkout is live for every merchant.');
  await drawer.getByRole('button', { name: 'Save' }).click();

  // SPEC §5's message on the field; what was typed stays.
  await expect(drawer.getByText('Provide a valid youtube url')).toBeVisible();
  await expect(drawer.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  await expect(video).toHaveValue('https://vimeo.com/76979871');

  await video.fill('https://youtu.be/dQw4w9WgXcQ');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('News post saved').first()).toBeVisible();
  const saved = page.getByRole('dialog', { name: 'News post' });
  await saved.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(`“${title}” is published`).first()).toBeVisible();
  await expect(saved.getByText(/since .* by admin/)).toBeVisible();
  await page.keyboard.press('Escape');

  // The filter lives in the address; the post is listed as published, its video linked.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Published' }).click();
  await expect(page).toHaveURL(/[?&]status=published/);
  const row = page.getByRole('table', { name: 'News' }).getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('Published');
  await expect(row.getByRole('link', { name: 'YouTube' })).toHaveAttribute(
    'href',
    'https://youtu.be/dQw4w9WgXcQ',
  );

  // Deleting asks first, says the post leaves the merchants' news, and takes it off the list.
  await row.getByText(title).click();
  const opened = page.getByRole('dialog', { name: 'News post' });
  await opened.getByRole('button', { name: 'Delete post' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this post' });
  await expect(confirm).toContainText("takes it off the merchants' news");
  await confirm.getByRole('button', { name: 'Delete post' }).click();
  await expect(page.getByText(`“${title}” is deleted`).first()).toBeVisible();
  await expect(row).toBeHidden();
});
