import { expect, test } from '@playwright/test';
import { signIn } from '../pages/login.page';

test.describe('Platform Scheduling', () => {
  test('admin runs a job now and sees its one run in the history, with its log', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/admin/platform-scheduling');
    await expect(page.getByRole('heading', { name: 'Platform Scheduling', level: 1 })).toBeVisible();
    const jobs = page.getByRole('table', { name: 'Jobs' });
    const row = jobs.getByRole('row').filter({ hasText: 'live-events.prune' });
    await expect(row).toContainText('Hourly at :30 · Europe/Amsterdam');

    await row.getByRole('button', { name: 'Run now' }).click();
    await expect(page.getByText(/Run #\d+ of live-events.prune is queued/)).toBeVisible();
    // The server's runner claims it within a second; the list polls.
    await expect(row.getByText('Succeeded')).toBeVisible({ timeout: 15_000 });
    await expect(row).toContainText('1/1');

    await row.getByRole('button', { name: 'Runs' }).click();
    const runs = page.getByRole('table', { name: 'Runs of Prune the live events journal' });
    await expect(runs.getByRole('row')).toHaveCount(2); // the heading row and the one run
    const run = runs.getByRole('row').nth(1);
    await expect(run).toContainText('Succeeded');
    await expect(run).toContainText('Manual by admin');
    await run.click();
    await expect(page.getByLabel(/^Log of run \d+$/)).toContainText('live events older than a day removed');
  });

  test('an invalid schedule is refused with the brief’s text, under its field', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/admin/platform-scheduling?keyword=purge');
    const row = page.getByRole('table', { name: 'Jobs' }).getByRole('row').filter({ hasText: 'files.purge' });
    await row.getByRole('button', { name: 'Edit' }).click();
    const cron = page.getByRole('textbox', { name: 'Schedule (cron)' });
    await cron.fill('*/20 * * * * *');
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await expect(page.getByText('Runs more often than once a minute are not allowed')).toBeVisible();
    await cron.fill('0 */2 * * *');
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await expect(row).toContainText('Every 2 hours at :00 · Europe/Amsterdam');
  });
});
