import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { LoginForm, signIn } from '../pages/login.page';

const outbox = path.join(process.env.E2E_DATA_DIR ?? '/tmp/backoffice-e2e-data', 'outbox');

function latestResetLink(): string {
  const files = readdirSync(outbox).sort();
  const mail = readFileSync(path.join(outbox, files.at(-1) ?? ''), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail)?.[0];
  if (!link) throw new Error('no reset link in the mail');
  return link;
}

test('a staff member resets a forgotten password by the mailed link and signs in with the new one', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: /forgot password/i }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Username or e-mail').fill('marketing');
  await new LoginForm(page).solveBotCheck();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText('If an account matches, a reset link has been sent to its e-mail address'),
  ).toBeVisible();

  const link = new URL(latestResetLink());
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New password').fill('marketing-new-password-1');
  await page.getByLabel('Confirm password').fill('marketing-new-password-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed; sign in with the new one')).toBeVisible();

  await signIn(page, 'marketing', { password: 'marketing-new-password-1' });
  await expect(page.getByRole('button', { name: 'marketing' })).toBeVisible();
});
