import { describe, expect, it } from 'vitest';
import { PERMISSION_SLUGS } from '../auth/permissions';
import { ADMIN_CALLS } from '../calls/admin.calls';
import { MAIN_CALLS } from '../calls/main.calls';
import { ADMIN_ROUTES } from '../routes/routes';
import { SIDEBAR } from '../routes/sidebar';
import { roleReach } from './role-reach.rule';

const tables = { ADMIN_CALLS, MAIN_CALLS };
const callNames = (slugs: string[]) => roleReach(slugs, tables).calls.map((c) => c.name);

describe('roleReach', () => {
  it('gives no slugs the dashboard and not-authorized, no sidebar entry, and only public and login calls', () => {
    const reach = roleReach([], tables);
    expect(reach.routes.map((r) => r.name)).toEqual(['dashboard', 'not-authorized']);
    expect(reach.sidebar).toEqual([]);
    expect(reach.calls.every((c) => c.access === 'public' || c.access === 'login')).toBe(true);
    expect(callNames([])).toEqual(expect.arrayContaining(['ListAltCoins', 'GenerateJWTToken', 'Login']));
  });

  it('shows view-users alone Users under Account, the users routes and the calls view-users grants', () => {
    const reach = roleReach(['view-users'], tables);
    expect(reach.sidebar).toEqual([
      { group: 'Account', label: 'Users', route: 'users', href: '/admin/users' },
    ]);
    expect(reach.routes.map((r) => r.name)).toEqual(['dashboard', 'user-detail', 'users', 'not-authorized']);
    expect(reach.routes.find((r) => r.name === 'user-detail')).toEqual({
      name: 'user-detail',
      path: '/admin/users/:id',
      title: 'User Detail',
      permission: 'view-users',
    });
    expect(reach.calls).toContainEqual({
      service: 'admin',
      name: 'RecentRegistrations',
      access: 'view-users',
    });
    expect(callNames(['view-users'])).not.toContain('ListTransactions');
    expect(callNames(['view-users'])).not.toContain('KycQueue');
  });

  it('links KYC Users with its #all hash and grants the KYC calls to kyc-commander', () => {
    const reach = roleReach(['kyc-commander'], tables);
    expect(reach.sidebar).toEqual([
      { group: 'Account', label: 'KYC Users', route: 'kyc', href: '/admin/kyc#all' },
    ]);
    expect(callNames(['kyc-commander'])).toEqual(
      expect.arrayContaining(['LatestKYC', 'KycQueue', 'KycCase', 'KycDocument', 'HoldKycCase', 'DecideKyc']),
    );
    expect(callNames(['kyc-commander'])).not.toContain('CreateRole');
  });

  it('shows the external link groups to whoever may list their links', () => {
    const external = (slugs: string[]) =>
      roleReach(slugs, tables).sidebar.flatMap((entry) => ('external' in entry ? [entry.external] : []));
    expect(external(['admin-commander'])).toEqual(['tools', 'tomcat-servers']);
    expect(external(['view-transactions', 'view-users', 'view-roles'])).toEqual([]);
  });

  it('gives every slug every route, every sidebar entry and every call', () => {
    const reach = roleReach([...PERMISSION_SLUGS], tables);
    expect(reach.routes).toHaveLength(ADMIN_ROUTES.length);
    expect(reach.sidebar).toHaveLength(
      SIDEBAR.reduce((n, group) => n + (group.externalLinks ? 1 : group.entries.length), 0),
    );
    expect(reach.calls).toHaveLength(Object.keys(ADMIN_CALLS).length + Object.keys(MAIN_CALLS).length);
  });

  it('reads access from the tables it is given, so a call added to the contract is counted', () => {
    const reach = roleReach(['view-roles'], {
      ADMIN_CALLS: { NewCall: { access: 'view-roles' }, Other: { access: 'admin-commander' } },
      MAIN_CALLS: { Open: { access: 'public' } },
    });
    expect(reach.calls).toEqual([
      { service: 'admin', name: 'NewCall', access: 'view-roles' },
      { service: 'main', name: 'Open', access: 'public' },
    ]);
    // Without a SidebarLinks call in the tables, no one is shown the external link groups.
    expect(reach.sidebar).toEqual([
      { group: 'Account', label: 'Roles', route: 'roles', href: '/admin/roles' },
    ]);
  });

  it('ignores slugs the contract does not know', () => {
    expect(roleReach(['no-such-slug'], tables)).toEqual(roleReach([], tables));
  });
});
