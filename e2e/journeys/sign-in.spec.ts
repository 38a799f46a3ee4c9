import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_TOTP_SECRET, LoginForm, signIn, signOut } from '../pages/login.page';

test.describe('sign-in', () => {
  test('an administrator signs in, is welcomed and lands on the dashboard with the 24H boxes', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await expect(page.getByText('Welcome to Ledgerline')).toBeVisible();
    await expect(page).toHaveTitle('Dashboard | Ledgerline Admin');
    await expect(page.getByText('Transactions / 24H')).toBeVisible();
    await expect(page.getByText('Volume (EUR) / 24H')).toBeVisible();
    await expect(page.getByText('Pending KYC For Review')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Roles' })).toBeVisible();
    await expect(page.getByText('1.0.1')).toBeVisible();
  });

  test('a wrong password shows the server message and keeps the typed username', async ({ page }) => {
    await page.goto('/login');
    const form = new LoginForm(page);
    await form.fill('support', 'not-the-password');
    await form.solveBotCheck();
    await form.submit();
    await expect(page.getByText('Invalid username, password or 2 factor authentication code')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Username')).toHaveValue('support');
  });

  test('the form asks for the bot check before sending anything', async ({ page }) => {
    await page.goto('/login');
    await new LoginForm(page).fill('support');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Verify you are not a robot')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an account with TOTP needs its current code, not the default', async ({ page }) => {
    await page.goto('/login');
    const form = new LoginForm(page);
    await form.fill('secure', undefined, '000000');
    await form.solveBotCheck();
    await form.submit();
    await expect(page.getByText('Invalid username, password or 2 factor authentication code')).toBeVisible();

    await page.goto('/login');
    await form.fill('secure', undefined, await generate({ secret: DEMO_TOTP_SECRET }));
    await form.solveBotCheck();
    await form.submit();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('the signed-in state survives a reload, and sign-out ends it', async ({ page }) => {
    await signIn(page, 'support');
    await page.reload();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('button', { name: 'support', exact: true })).toBeVisible();
    await signOut(page, 'support');
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('guards', () => {
  test('a logged-out visitor is sent to login, and an unknown path to /', async ({ page }) => {
    await page.goto('/admin/roles');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a signed-in user on a public route goes to the dashboard', async ({ page }) => {
    await signIn(page, 'kyc');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('a viewer without the slug is sent to not-authorized and sees no Roles entry', async ({ page }) => {
    await signIn(page, 'viewer');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Roles' })).toHaveCount(0);
    await expect(page.getByText('Transactions / 24H')).toHaveCount(0);
    await page.goto('/admin/roles');
    await expect(page).toHaveURL(/\/admin\/not-authorized$/);
    await expect(page).toHaveTitle('Not Authorized | Ledgerline Admin');
  });
});

test.describe('session expiry', () => {
  test('when the session ends, the re-login dialog signs in again and the page stays', async ({ page }) => {
    // A controllable clock, so the 5-minute keep-alive can be reached without waiting for it.
    await page.clock.install();
    await signIn(page, 'admin');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Roles' }).click();
    await expect(page).toHaveURL(/\/admin\/roles$/);
    // The Roles screen itself, not only its address: until its code has loaded the dashboard stays on
    // screen, and the dashboard reloads the page when its clock jumps (SPEC §4 page wake), as it does below.
    await expect(page.getByRole('cell', { name: 'Administrator', exact: true })).toBeVisible();
    // End the session on the server, as an expiry would, while the page still holds its token.
    const out = await page.request.post('/api/main/Login', {
      headers: { 'X-Requested-With': 'backoffice' },
      data: { logout: 'true', output: 'json' },
    });
    expect((await out.json()).message).toBe('success');
    // Whichever call notices first (a refetch or the 5-minute keep-alive) opens the dialog.
    await page.clock.fastForward('05:05');
    const dialog = page.getByRole('dialog', { name: 'Session expired' });
    await expect(dialog).toBeVisible();
    const form = new LoginForm(page, dialog);
    await form.fill('admin');
    await form.solveBotCheck();
    await form.submit();
    await expect(page.getByText('Session refresh successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/roles$/);
    await expect(page.getByRole('cell', { name: 'Administrator', exact: true })).toBeVisible();
  });
});
