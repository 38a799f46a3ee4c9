import {
  type AdminRouteName,
  adminPath,
  adminRoute,
  hasPermission,
  type Permission,
  SIDEBAR,
  type SidebarLinks,
} from '@bo/contract';
import { BUILT_ROUTES } from '../../lib/routes/built-routes';

export type SidebarLink =
  | { label: string; route: AdminRouteName; href: string }
  /** A link out to a configured tool or server-manager page; opens in a new tab. */
  | { label: string; href: string; external: true };

export interface SidebarSection {
  label: string;
  links: SidebarLink[];
}

/**
 * The sidebar of SPEC §2.4 as this user may see it: entries whose route permission the user holds
 * (SPEC §6) and whose screen exists in this app; groups left empty are dropped.
 */
export const visibleSidebar = (
  permissions: ReadonlyArray<Pick<Permission, 'Slug'>>,
  built: ReadonlySet<AdminRouteName> = BUILT_ROUTES,
  externalLinks?: SidebarLinks,
): SidebarSection[] =>
  SIDEBAR.map((group) => ({
    label: group.label,
    links: group.externalLinks
      ? (externalLinks?.[group.externalLinks] ?? []).map(
          (l): SidebarLink => ({ label: l.label, href: l.url, external: true }),
        )
      : group.entries
          .filter(
            (entry) =>
              built.has(entry.route) && hasPermission(permissions, adminRoute(entry.route).permission),
          )
          .map(
            (entry): SidebarLink => ({
              label: entry.label,
              route: entry.route,
              href: `${adminPath(entry.route)}${entry.hash ? `#${entry.hash}` : ''}`,
            }),
          ),
  })).filter((section) => section.links.length > 0);
