import { expect, test } from '@playwright/test';
import { signIn } from '../pages/login.page';
import { amountIn, openEtherPool, poolCard } from '../pages/pools.page';

test.describe('Pools', () => {
  test('a USDT sweep runs once when it is asked for twice: the second finds it done, the hot wallet gets it once', async ({
    page,
    context,
  }) => {
    await signIn(page, 'admin');
    const table = await openEtherPool(page, '?token=USDT');
    const hotBefore = amountIn((await poolCard(page, 'Hot wallet').textContent()) ?? '', 'USDT');

    // The first address with enough to sweep that did not fail before (those offer Retry).
    const sweepButton = table
      .getByRole('button', { name: /^Sweep 0x[0-9a-f]{40} now$/ })
      .filter({ hasText: /^Sweep$/ })
      .and(page.locator(':enabled'))
      .first();
    const label = (await sweepButton.getAttribute('aria-label')) ?? '';
    const address = /0x[0-9a-f]{40}/.exec(label)?.[0] ?? '';
    expect(address).not.toBe('');
    const row = table.getByRole('row').filter({ has: page.getByRole('button', { name: label }) });
    const balance = amountIn(
      (await row.getByRole('cell').filter({ hasText: 'USDT' }).first().textContent()) ?? '',
      'USDT',
    );
    expect(balance).toBeGreaterThanOrEqual(10);

    // A second tab has the same list open and is about to sweep the same address.
    const second = await context.newPage();
    const secondTable = await openEtherPool(second, '?token=USDT');
    await secondTable.getByRole('button', { name: label }).click();
    await expect(second.getByRole('dialog', { name: 'Sweep now' })).toBeVisible();

    // The first tab sweeps: gas top-up, then the transfer.
    await sweepButton.click();
    const dialog = page.getByRole('dialog', { name: 'Sweep now' });
    await expect(dialog).toContainText(address);
    await dialog.getByRole('button', { name: 'Sweep', exact: true }).click();
    await expect(
      page.getByText(/^Swept [\d.,]+ USDT from 0x[0-9a-f]{4}…[0-9a-f]{4} to the hot wallet$/).first(),
    ).toBeVisible();
    await expect(table.getByRole('button', { name: label })).toHaveCount(0);

    // The second click finds it done, and nothing more is sent.
    await second
      .getByRole('dialog', { name: 'Sweep now' })
      .getByRole('button', { name: 'Sweep', exact: true })
      .click();
    await expect(
      second
        .getByText(
          /was already swept in 0x[0-9a-f]{4}…[0-9a-f]{4} by admin at .* UTC; nothing is left to sweep/,
        )
        .first(),
    ).toBeVisible();

    await openEtherPool(page, '?token=USDT');
    const hotAfter = amountIn((await poolCard(page, 'Hot wallet').textContent()) ?? '', 'USDT');
    expect(Math.abs(hotAfter - hotBefore - balance)).toBeLessThan(0.011);

    // The address is listed as swept, once.
    const swept = await openEtherPool(page, '?view=accumulated&token=USDT');
    await expect(
      swept.getByRole('row').filter({ hasText: `${address.slice(0, 6)}…${address.slice(-4)}` }),
    ).toHaveCount(1);
    await expect(
      swept.getByRole('row').filter({ hasText: `${address.slice(0, 6)}…${address.slice(-4)}` }),
    ).toContainText('Swept');
  });

  test('an unmatched XRP payment is assigned only to an XRP transaction that still waits', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/admin/transaction-xrp-pool');
    await expect(page.getByRole('heading', { name: 'XRP Pool', level: 1 })).toBeVisible();
    await expect(poolCard(page, 'Unmatched payments')).toBeVisible();
    const table = page.getByRole('table', { name: 'Inbound payments' });
    await table
      .getByRole('button', { name: /^Assign payment \d+ to a transaction$/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Assign to transaction' });
    await dialog.getByLabel('Transaction').fill('P12');
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expect(dialog).toContainText('Use T followed by the transaction id');
    await dialog.getByLabel('Transaction').fill('T999999999');
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expect(dialog).toContainText('No transaction T999999999');
  });
});
