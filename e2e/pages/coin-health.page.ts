import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { INGEST_TOKEN } from '../playwright.config';

/** The Coin Health list, and a coin's row in it (by its name in the Coin column). */
export async function openCoinHealth(page: Page, query = ''): Promise<Locator> {
  await page.goto(`/admin/coin-health${query}`);
  const table = page.getByRole('table', { name: 'Coin health' });
  await expect(table).toBeVisible();
  return table;
}

export const coinRow = (table: Locator, name: string): Locator =>
  table.getByRole('row').filter({ has: table.page().getByText(name, { exact: true }) });

/** The sandbox nodes' controls (NODES_MODE=fake), played through the platform feed's token. */
export class SandboxNodes {
  constructor(private readonly request: APIRequestContext) {}

  private async post(path: string, data: object) {
    const response = await this.request.post(`/api/ingest/sandbox/nodes${path}`, {
      headers: { Authorization: `Bearer ${INGEST_TOKEN}` },
      data,
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  /** The coin's node stops following the chain, `behind` blocks back. */
  stall(coinId: number, behind: number) {
    return this.post(`/${coinId}/stall`, { behind });
  }

  resume(coinId: number) {
    return this.post(`/${coinId}/resume`, {});
  }
}
