import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn } from '../pages/login.page';

test.describe('FIU XML Reports', () => {
  test('support builds a goAML STR from two transactions of a merchant, fixes an XSD error, generates and downloads it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, 'support');
    await page.goto('/admin/reports');
    await expect(page.getByRole('heading', { name: 'FIU XML Reports', level: 1 })).toBeVisible();
    // The demo's filed reports: the merchant of the first is the one with the most paid payments.
    const list = page.getByRole('table', { name: 'goAML reports' });
    await expect(list.getByRole('row').nth(1)).toBeVisible();
    const shop = ((await list.getByRole('row').last().getByRole('link').first().textContent()) ?? '').trim();
    expect(shop).not.toBe('');

    await page.getByRole('button', { name: 'New report' }).click();
    await expect(page).toHaveURL(/[?&]report=new/);
    await expect(page.getByRole('heading', { name: 'New goAML report', level: 1 })).toBeVisible();
    await expect(page.getByText('Validated against a structural subset of goAML')).toBeVisible();

    // The merchant, then two of its transactions.
    const merchant = page.getByRole('combobox', { name: 'Merchant' });
    await merchant.click();
    await merchant.fill(shop);
    await page
      .getByRole('option', {
        name: new RegExp(`^${shop.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(#\\d+\\)$`),
      })
      .click();
    const transactions = page.getByRole('table', { name: 'Transactions of the merchant' });
    await expect(transactions.getByRole('row')).not.toHaveCount(1);
    await expect(transactions.getByRole('row').nth(2)).toBeVisible();
    const refOf = async (n: number) =>
      ((await transactions.getByRole('row').nth(n).getByRole('cell').nth(1).textContent()) ?? '').trim();
    const chosen = [await refOf(1), await refOf(2)];
    await transactions.getByRole('row').nth(1).getByRole('checkbox', { name: 'Select row' }).check();
    await transactions.getByRole('row').nth(2).getByRole('checkbox', { name: 'Select row' }).check();
    await expect(page.getByText('2 selected')).toBeVisible();

    // The entity comes from the last filed report; the ID is typed wrong on purpose.
    const rentity = page.getByRole('textbox', { name: 'Reporting entity ID' });
    await expect(rentity).toHaveValue('1042');
    await rentity.fill('ABC');
    await page
      .getByRole('textbox', { name: 'Reason' })
      .fill('Two payments within minutes from addresses traced to a mixer.');
    await page.getByRole('textbox', { name: 'Action taken' }).fill('Merchant payouts held pending review.');
    await page.getByRole('combobox', { name: 'Report indicators' }).click();
    await page.getByRole('option', { name: /^VA-MIXER/ }).click();
    await page.keyboard.press('Escape');

    // Generate: refused, the XSD's error under its field, everything typed still there.
    await page.getByRole('button', { name: 'Generate report' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'does not validate against the goAML schema' });
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText(
      "Reporting entity ID: 'ABC' is not a valid value of the atomic type 'xs:int'.",
    );
    await expect(
      page.getByText("'ABC' is not a valid value of the atomic type 'xs:int'.").first(),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Reason' })).toHaveValue(/traced to a mixer/);
    await expect(page.getByText('2 selected')).toBeVisible();

    // Fixed: it validates, then generates.
    await rentity.fill('1042');
    await page.getByRole('button', { name: 'Validate and preview' }).click();
    await expect(page.getByText('The report validates')).toBeVisible();
    await expect(page.getByRole('region', { name: 'XML preview' })).toContainText(
      '<report_code>STR</report_code>',
    );
    await page.getByRole('button', { name: 'Generate report' }).click();
    const drawer = page.getByRole('dialog', { name: /^goAML report \d+$/ });
    await expect(drawer).toBeVisible();
    const id = /(\d+)$/.exec(
      (await drawer.getAttribute('aria-label')) ?? (await drawer.locator('h2').first().textContent()) ?? '',
    )?.[1];
    await expect(drawer.getByText('Generated', { exact: true })).toBeVisible();

    // The download is the stored XML, as an attachment named for its type and id.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      drawer.getByRole('button', { name: 'Download XML' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^goaml-str-\d+\.xml$/);
    if (id) expect(download.suggestedFilename()).toBe(`goaml-str-${id}.xml`);
    const xml = await readFile((await download.path()) ?? '', 'utf8');
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\s*<report>/);
    expect(xml).toContain('<report_code>STR</report_code>');
    expect(xml).toContain('<rentity_id>1042</rentity_id>');
    expect(xml.match(/<transaction>/g)).toHaveLength(2);
    for (const ref of chosen) expect(xml).toContain(`<transactionnumber>${ref}</transactionnumber>`);

    // The list keeps it, generated by support.
    await page.keyboard.press('Escape');
    await page.goto('/admin/reports?status=final&sort=ID');
    await expect(list.getByRole('row').nth(1)).toContainText('support');
  });

  test('an account without view-transactions is not let in', async ({ page }) => {
    await signIn(page, 'kyc');
    await page.goto('/admin/reports');
    await expect(page).toHaveURL(/\/admin\/not-authorized$/);
  });
});
