import { type AdminRouteName, adminRoute, PUBLIC_ROUTES } from '@bo/contract';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ForgotPasswordPage } from '../features/auth/components/forgot-password-page';
import { LoginPage } from '../features/auth/components/login-page';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { BalanceSheetPage } from '../features/balance-sheet/components/balance-sheet-page';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { FailureBox } from '../features/failures/components/failure-box';
import { NotAuthorizedPage } from '../features/not-authorized/components/not-authorized-page';
import { OfflinePoolPage } from '../features/offline-pool/components/offline-pool-page';
import { RolesPage } from '../features/roles/components/roles-page';
import { StaffPage } from '../features/staff/components/staff-page';
import { TransactionDetailPage } from '../features/transactions/components/transaction-detail-page';
import { TransactionsSection } from '../features/transactions/components/transactions-section';
import { BUILT_ROUTES } from '../lib/routes/built-routes';
import type { RouteHandle } from './document-title';
import { PublicOnly, RequireAuth, RequirePermission } from './guards/route-guards';
import { SessionGate } from './guards/session-gate';
import { AdminLayout } from './layouts/admin-layout';
import { AuthLayout } from './layouts/auth-layout';

/** The dashboard composed with the sections of other features; features never import each other. */
function DashboardScreen() {
  return <DashboardPage transactions={<TransactionsSection />} failures={<FailureBox />} />;
}

/** The screen of every built admin route; paths, titles and permissions come from the contract. */
const SCREENS: Partial<Record<AdminRouteName, ComponentType>> = {
  dashboard: DashboardScreen,
  'transaction-detail': TransactionDetailPage,
  roles: RolesPage,
  'not-authorized': NotAuthorizedPage,
  'balance-sheet': BalanceSheetPage,
  'xchange-offline-pool': OfflinePoolPage,
  staff: StaffPage,
};

const PUBLIC_SCREENS: Record<(typeof PUBLIC_ROUTES)[number]['name'], ComponentType> = {
  login: LoginPage,
  'forgot-password': ForgotPasswordPage,
  'reset-password': ResetPasswordPage,
};

const adminChildren = (): RouteObject[] =>
  [...BUILT_ROUTES].map((name) => {
    const route = adminRoute(name);
    const Screen = SCREENS[name];
    if (!Screen) throw new Error(`Route ${name} is listed as built but has no screen`);
    const handle: RouteHandle = { title: route.title };
    return {
      path: route.path,
      handle,
      element: (
        <RequirePermission slug={route.permission}>
          <Screen />
        </RequirePermission>
      ),
    };
  });

/** The route tree (SPEC §2.1–§2.2); only built screens are routed, anything else goes to /. */
export const createRoutes = (): RouteObject[] => [
  {
    element: <SessionGate />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      {
        element: (
          <PublicOnly>
            <AuthLayout />
          </PublicOnly>
        ),
        children: PUBLIC_ROUTES.map((r) => {
          const Screen = PUBLIC_SCREENS[r.name];
          const handle: RouteHandle = { title: r.title };
          return { path: r.path, handle, element: <Screen /> };
        }),
      },
      {
        path: '/admin',
        element: (
          <RequireAuth>
            <AdminLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <Navigate to="dashboard" replace /> },
          ...adminChildren(),
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(createRoutes());
