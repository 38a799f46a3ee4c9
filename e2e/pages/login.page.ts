import { expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-password-2026';
export const DEMO_TOTP_SECRET = process.env.DEMO_TOTP_SECRET ?? 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The sign-in form, on the login screen or inside the re-login dialog. */
export class LoginForm {
  private readonly scope: Locator;

  constructor(page: Page, scope?: Locator) {
    this.scope = scope ?? page.locator('body');
  }

  async fill(username: string, password = DEMO_PASSWORD, totp?: string) {
    const username_ = this.scope.getByLabel('Username');
    if (await username_.isEditable()) await username_.fill(username);
    await this.scope.getByLabel('Password').fill(password);
    if (totp !== undefined) await this.scope.getByLabel('2 factor authentication').fill(totp);
  }

  /** Ticks the bot check and waits for the proof of work to finish, as a person would. */
  async solveBotCheck() {
    await this.scope.getByRole('checkbox', { name: "I'm not a robot" }).click();
    await expect(this.scope.getByRole('checkbox', { name: 'Verified' })).toBeChecked({ timeout: 30_000 });
  }

  async submit(name = 'Login') {
    await this.scope.getByRole('button', { name }).click();
  }
}

export async function signIn(
  page: Page,
  username: string,
  options: { password?: string; totp?: string } = {},
) {
  await page.goto('/login');
  const form = new LoginForm(page);
  await form.fill(username, options.password, options.totp);
  await form.solveBotCheck();
  await form.submit();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

export async function signOut(page: Page, username: string) {
  await page.getByRole('button', { name: username, exact: true }).click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
}
