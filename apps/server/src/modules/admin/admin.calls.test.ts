import { ADMIN_CALLS } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/seed/demo-data.seed';
import { adminGet, createTestApp, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp({
    sidebarLinks: {
      tools: [{ label: 'Grafana', url: 'https://grafana.internal/d/ops' }],
      'tomcat-servers': [],
    },
  });
  await seedDemoData(t.database.db, { seed: 7, days: 10, txPerDay: 40, now: t.clock.now() });
  for (const user of ['admin', 'support', 'kyc', 'marketing', 'viewer'])
    tokens[user] = (await signIn(t.app, user)).token;
});
afterAll(() => t.close());

const get = (user: string, call: string) => adminGet(t.app, tokens[user] ?? '', call);

describe('admin service calls', () => {
  it('lists alt coins sorted by Name for any signed-in staff member, Bitcoin as ID 1', async () => {
    const response = await get('viewer', 'ListAltCoins');
    const coins = ADMIN_CALLS.ListAltCoins.data.parse(response.json().data);
    const names = coins.map((c) => c.Name);
    const lower = names.map((n) => n.toLowerCase());
    expect(lower).toEqual([...lower].sort());
    expect(coins.find((c) => c.ID === 1)?.Name).toBe('Bitcoin');
    expect(coins.find((c) => c.ID === 625)?.ShortName).toBe('EUR');
  });

  it('answers the 24H overview in the contract shape, with money as 2-decimal strings', async () => {
    const response = await get('admin', 'Last24HData');
    const data = ADMIN_CALLS.Last24HData.data.parse(response.json().data);
    expect(data.transactionsStats.totalTransactions).toBeGreaterThan(0);
    expect(data.transactionsStats.totalPaidTransactions).toBeLessThanOrEqual(
      data.transactionsStats.totalTransactions,
    );
    expect(data.transactionsStats.totalVolume).toMatch(/^\d+\.\d{2}$/);
  });

  it('lists pending KYC for kyc-commander and recent registrations for view-users', async () => {
    const kyc = ADMIN_CALLS.LatestKYC.data.parse((await get('kyc', 'LatestKYC')).json().data);
    expect(kyc.length).toBeGreaterThan(0);
    const regs = ADMIN_CALLS.RecentRegistrations.data.parse(
      (await get('support', 'RecentRegistrations')).json().data,
    );
    const dates = regs.map((r) => r.RegisteredOn);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it.each([
    ['viewer', 'Last24HData'],
    ['support', 'Last24HData'],
    ['support', 'LatestKYC'],
    ['marketing', 'RecentRegistrations'],
    ['kyc', 'ListRoles'],
    ['viewer', 'TotalRegistrations24H'],
    ['support', 'SidebarLinks'],
  ])('refuses %s the call %s without its slug, leaking nothing', async (user, call) => {
    const response = await get(user, call);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status_code: 403, message: 'Forbidden', data: null });
  });

  it('lists roles with their permissions and staff counts, and the permissions with descriptions', async () => {
    const roles = ADMIN_CALLS.ListRoles.data.parse((await get('admin', 'ListRoles')).json().data);
    const admin = roles.data.find((r) => r.Name === 'Administrator');
    expect(admin?.Permissions).toHaveLength(7);
    expect(admin?.StaffCount).toBe(2);
    const permissions = ADMIN_CALLS.ListPermissions.data.parse(
      (await get('admin', 'ListPermissions')).json().data,
    );
    expect(permissions.data.map((p) => p.Slug)).toContain('chatter-role');
  });
});

describe('sidebar links', () => {
  it('gives administrators the configured external links', async () => {
    const links = ADMIN_CALLS.SidebarLinks.data.parse((await get('admin', 'SidebarLinks')).json().data);
    expect(links.tools).toEqual([{ label: 'Grafana', url: 'https://grafana.internal/d/ops' }]);
    expect(links['tomcat-servers']).toEqual([]);
  });
});
