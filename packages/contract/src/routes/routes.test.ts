import { describe, expect, it } from 'vitest';
import { PERMISSION_SLUGS } from '../auth/permissions';
import { ADMIN_ROUTES, adminPath, adminRoute } from './routes';
import { SIDEBAR } from './sidebar';

describe('route map', () => {
  it('has every route of SPEC §2.1 once, each with a title and a known slug or login only', () => {
    const names = ADMIN_ROUTES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const route of ADMIN_ROUTES) {
      expect(route.title.length).toBeGreaterThan(0);
      if (route.permission !== null) expect(PERMISSION_SLUGS).toContain(route.permission);
    }
    expect(names).toEqual(
      expect.arrayContaining([
        'dashboard',
        'transaction-detail',
        'roles',
        'not-authorized',
        'coinpress-config',
      ]),
    );
  });

  it('needs only login for the dashboard and not-authorized', () => {
    expect(adminRoute('dashboard').permission).toBeNull();
    expect(adminRoute('not-authorized').permission).toBeNull();
  });

  it('keeps the slugs SPEC §2.1 names', () => {
    expect(adminRoute('charts').permission).toBe('admin-commander');
    expect(adminRoute('transaction-detail').permission).toBe('view-transactions');
    expect(adminRoute('kyc').permission).toBe('kyc-commander');
    expect(adminRoute('users').permission).toBe('view-users');
    expect(adminRoute('reports').permission).toBe('view-transactions');
    expect(adminRoute('news').permission).toBe('marketing-commander');
    expect(adminRoute('roles').permission).toBe('view-roles');
    expect(adminRoute('kucoin-config').permission).toBe('admin-commander');
  });

  it('titles the two payout routes as SPEC §2.1 does', () => {
    expect(adminRoute('payout-schemas').title).toBe('Payout Schemas');
    expect(adminRoute('pending-payouts').title).toBe('Pending Payouts');
    expect(adminRoute('reports').title).toBe('FIU XML Reports');
  });

  it('builds paths with params and drops optional ones left out', () => {
    expect(adminPath('transaction-detail', { id: 'T000001234' })).toBe('/admin/transactions/T000001234');
    expect(adminPath('transactions')).toBe('/admin/transactions/all');
    expect(adminPath('kyc', { id: 7 })).toBe('/admin/kyc/7');
    expect(() => adminPath('user-detail')).toThrow('needs param id');
  });
});

describe('sidebar', () => {
  it('has the groups of SPEC §2.4 in order', () => {
    expect(SIDEBAR.map((g) => g.label)).toEqual([
      'Account',
      'Core Functions',
      'Analytics',
      'Marketing',
      'Files',
      'Tools',
      'Tomcat Servers',
      'Servlet Configs',
      'Scheduled',
      'Pooling',
      'Audit',
      'Misc',
    ]);
  });

  it('points every entry at a route of the map, so each takes that route’s permission', () => {
    const names = new Set<string>(ADMIN_ROUTES.map((r) => r.name));
    for (const entry of SIDEBAR.flatMap((g) => g.entries)) expect(names.has(entry.route)).toBe(true);
  });

  it('uses the hashes SPEC §2.1 gives for KYC and pending payouts', () => {
    const entries = SIDEBAR.flatMap((g) => g.entries);
    expect(entries.find((e) => e.label === 'KYC Users')?.hash).toBe('all');
    expect(entries.find((e) => e.label === 'Pending Payouts')?.hash).toBe('pending');
  });
});
