import { describe, expect, it } from 'vitest';
import { BUILT_ROUTES } from '../../lib/routes/built-routes';
import { visibleSidebar } from './sidebar-items';

describe('visibleSidebar', () => {
  it('shows no group to a user without permissions', () => {
    expect(visibleSidebar([])).toEqual([]);
  });

  it('shows Roles under Account to a view-roles user', () => {
    expect(visibleSidebar([{ Slug: 'view-roles' }])).toEqual([
      { label: 'Account', links: [{ label: 'Roles', route: 'roles', href: '/admin/roles' }] },
    ]);
  });

  it('leaves out entries whose screen is not built, even with the permission', () => {
    // The built set is passed in, so the test does not change meaning each time a screen lands.
    const labels = visibleSidebar(
      [{ Slug: 'admin-commander' }, { Slug: 'view-users' }],
      new Set(['users', 'balance-sheet'] as const),
    ).flatMap((s) => s.links.map((l) => l.label));
    expect(labels).toEqual(['Users', 'Balance Sheet']);
  });

  it('links only to screens this app has built', () => {
    const links = visibleSidebar([{ Slug: 'admin-commander' }, { Slug: 'view-users' }]).flatMap(
      (s) => s.links,
    );
    for (const link of links) if ('route' in link) expect(BUILT_ROUTES.has(link.route)).toBe(true);
  });

  it('adds the configured external links as their own groups, and hides empty ones', () => {
    const sections = visibleSidebar([], undefined, {
      tools: [{ label: 'Grafana', url: 'https://grafana.internal' }],
      'tomcat-servers': [],
    });
    expect(sections).toEqual([
      { label: 'Tools', links: [{ label: 'Grafana', href: 'https://grafana.internal', external: true }] },
    ]);
  });
});
