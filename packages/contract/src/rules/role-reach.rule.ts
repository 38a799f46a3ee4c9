// No zod: the Roles page's preview runs this, and it reads only zod-free tables (ADR 0012). The call tables
// come in as an argument, so the page passes the ones its own calls have already loaded (loadCallTables).
import type { PermissionSlug } from '../auth/permissions';
import type { CallAccess } from '../calls/call';
import { ADMIN_ROUTES, type AdminRouteName, adminPath } from '../routes/routes';
import { type ExternalLinkGroup, SIDEBAR } from '../routes/sidebar';

/** The contract's call tables as far as access goes: ADMIN_CALLS and MAIN_CALLS fit. */
export interface CallAccessTables {
  ADMIN_CALLS: Readonly<Record<string, { readonly access: CallAccess }>>;
  MAIN_CALLS: Readonly<Record<string, { readonly access: CallAccess }>>;
}

/** A sidebar entry a holder sees: a route (with its hash, e.g. KYC Users' #all) or a group of external links. */
export type SidebarReach =
  | { group: string; label: string; route: AdminRouteName; href: string }
  | { group: string; label: string; external: ExternalLinkGroup };

export interface RouteReach {
  name: AdminRouteName;
  /** The route's pattern under /admin, e.g. `/admin/kyc/:id?`. */
  path: string;
  title: string;
  permission: PermissionSlug | null;
}

export interface CallReach {
  service: 'admin' | 'main';
  name: string;
  access: CallAccess;
}

/** What a role's slugs let its holders see and do, as the contract's own tables say. */
export interface RoleReach {
  sidebar: SidebarReach[];
  routes: RouteReach[];
  calls: CallReach[];
}

/** A holder is a signed-in staff member: public and login-only access always pass (SPEC §6). */
const passes = (slugs: ReadonlySet<string>, access: CallAccess | PermissionSlug | null): boolean =>
  access === null || access === 'public' || access === 'login' || slugs.has(access);

/**
 * The sidebar entries, admin routes and calls that holders of `slugs` reach: routes by their permission
 * (SPEC §6), sidebar entries by their route's (none is mis-keyed), the external link groups with the
 * SidebarLinks call that lists their links, calls by their `access`. The web's sidebar further hides screens
 * not built yet; this is what the permissions grant.
 */
export function roleReach(slugs: readonly string[], tables: CallAccessTables): RoleReach {
  const held = new Set(slugs);
  const routes = ADMIN_ROUTES.filter((route) => passes(held, route.permission));
  const reachable = new Set<AdminRouteName>(routes.map((route) => route.name));
  const externalAccess = tables.ADMIN_CALLS.SidebarLinks?.access;
  const seesExternal = externalAccess !== undefined && passes(held, externalAccess);
  const sidebar = SIDEBAR.flatMap((group): SidebarReach[] => {
    if (group.externalLinks)
      return seesExternal ? [{ group: group.label, label: group.label, external: group.externalLinks }] : [];
    return group.entries
      .filter((entry) => reachable.has(entry.route))
      .map((entry) => ({
        group: group.label,
        label: entry.label,
        route: entry.route,
        href: `${adminPath(entry.route)}${entry.hash ? `#${entry.hash}` : ''}`,
      }));
  });
  const callsOf = (service: CallReach['service'], table: CallAccessTables['ADMIN_CALLS']) =>
    Object.entries(table)
      .filter(([, call]) => passes(held, call.access))
      .map(([name, call]): CallReach => ({ service, name, access: call.access }));
  return {
    sidebar,
    routes: routes.map((route) => ({
      name: route.name,
      path: `/admin/${route.path}`,
      title: route.title,
      permission: route.permission,
    })),
    calls: [...callsOf('admin', tables.ADMIN_CALLS), ...callsOf('main', tables.MAIN_CALLS)],
  };
}
