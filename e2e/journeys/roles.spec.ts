import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../pages/login.page';

async function giveRole(page: Page, username: string, role: string) {
  await page.goto('/admin/staff');
  const select = page.getByRole('combobox', { name: `Role of ${username}` });
  const value = (await select.locator('option', { hasText: role }).first().getAttribute('value')) ?? '';
  await select.selectOption(value);
  await page.getByRole('button', { name: 'Change role' }).click();
  await expect(select).toHaveValue(value);
}

test.describe('roles editor', () => {
  test("an administrator creates a role, previews it, gives it to a viewer and the viewer's sidebar changes", async ({
    page,
    browser,
  }) => {
    const viewerContext = await browser.newContext();
    const viewer = await viewerContext.newPage();
    await signIn(viewer, 'viewer');
    const viewerNav = viewer.getByRole('navigation', { name: 'Main navigation' });
    await expect(viewerNav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(viewerNav.getByRole('link', { name: 'KYC Users' })).toHaveCount(0);

    await signIn(page, 'admin');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Roles' })
      .click();
    await page.getByRole('button', { name: 'New role' }).click();
    const dialog = page.getByRole('dialog', { name: 'New role' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('KYC Auditor');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Reads and decides KYC cases');
    const sidebar = dialog.getByRole('group', { name: 'Sidebar entries' });
    await expect(sidebar).toHaveCount(0);
    await dialog.getByRole('checkbox', { name: /kyc-commander/ }).check();
    // The preview follows the ticks before anything is saved.
    await expect(sidebar.getByText('KYC Users')).toBeVisible();
    await expect(sidebar.getByText('Roles')).toHaveCount(0);
    await dialog.getByRole('button', { name: /^Routes/ }).click();
    await expect(dialog.getByText('/admin/kyc/:id?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Create role' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('table', { name: 'Roles' }).getByRole('row', { name: /KYC Auditor/ });
    await expect(row).toContainText('kyc-commander');

    await giveRole(page, 'viewer', 'KYC Auditor');

    // The viewer's next page load follows the new role: KYC Users joins the sidebar and opens.
    await viewer.reload();
    await expect(viewerNav.getByRole('link', { name: 'KYC Users' })).toBeVisible();
    await viewerNav.getByRole('link', { name: 'KYC Users' }).click();
    await expect(viewer.getByRole('heading', { name: 'KYC Users', level: 1 })).toBeVisible();
    await expect(viewer.getByRole('table', { name: 'KYC cases' })).toBeVisible();

    // Put the viewer back, then the role, held by nobody now, can go.
    await giveRole(page, 'viewer', 'Viewer');
    await page.goto('/admin/roles');
    await page.getByRole('button', { name: 'Delete KYC Auditor' }).click();
    await page.getByRole('button', { name: 'Delete role' }).click();
    await expect(
      page.getByRole('table', { name: 'Roles' }).getByRole('row', { name: /KYC Auditor/ }),
    ).toHaveCount(0);
    await viewerContext.close();
  });
});
