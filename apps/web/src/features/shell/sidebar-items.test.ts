import { describe, expect, it } from 'vitest';
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
    const labels = visibleSidebar([{ Slug: 'admin-commander' }, { Slug: 'view-users' }]).flatMap((s) =>
      s.links.map((l) => l.label),
    );
    expect(labels).not.toContain('Users');
    expect(labels).not.toContain('Charts');
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
