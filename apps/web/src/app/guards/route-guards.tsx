import { adminPath, hasPermission, type PermissionSlug } from '@bo/contract';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { selectIsAuthenticated, useAppStore } from '../../lib/session/session.store';

/** A route needing login sends a logged-out user to login (SPEC §2.2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const isAuthenticated = useAppStore(selectIsAuthenticated);
  const location = useLocation();
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}

/** A public route sends an already logged-in user to the dashboard (SPEC §2.2). */
export function PublicOnly({ children }: { children: ReactNode }) {
  const isAuthenticated = useAppStore(selectIsAuthenticated);
  if (isAuthenticated) return <Navigate to={adminPath('dashboard')} replace />;
  return children;
}

/** A route with a permission slug sends a user lacking it to not-authorized (SPEC §2.2). */
export function RequirePermission({ slug, children }: { slug: PermissionSlug | null; children: ReactNode }) {
  const isAllowed = useAppStore((s) => hasPermission(s.permissions, slug));
  if (!isAllowed) return <Navigate to={adminPath('not-authorized')} replace />;
  return children;
}
