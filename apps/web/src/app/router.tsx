import { type AdminRouteName, adminRoute, PUBLIC_ROUTES } from '@bo/contract';
import { Center, Loader } from '@mantine/core';
import { type ComponentType, createElement, lazy, Suspense } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { CenteredLoader } from '../components/ui/centered-loader';
import { LoginPage } from '../features/auth/components/login-page';
import { loadCallTables } from '../lib/api/main-client';
import { BUILT_ROUTES } from '../lib/routes/built-routes';
import { RouteTitle } from './document-title';
import { PublicOnly, RequireAuth, RequirePermission } from './guards/route-guards';
import { SessionGate } from './guards/session-gate';
import { AuthLayout } from './layouts/auth-layout';

/**
 * A screen whose code is loaded on demand: only the login screen is in the entry chunk (ADR 0012), so the
 * first page a person sees carries neither the dashboard's nor any other screen's code. Once the code is in
 * (preloaded, or loaded by an earlier visit) the screen renders at once instead of suspending again: React
 * holds a revealed Suspense boundary back for up to 300 ms, which a preloaded screen should not pay.
 */
const everyLazyScreen: Array<{ preload: () => Promise<ComponentType> }> = [];

function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  let loaded: ComponentType | null = null;
  const preload = async (): Promise<ComponentType> => {
    loaded ??= pick(await load());
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Screen() {
    return loaded ? createElement(loaded) : <Lazy />;
  }
  everyLazyScreen.push({ preload });
  return { Screen, preload };
}

const payoutsScreen = lazyScreen(
  () => import('../features/payouts/components/payouts-screen'),
  (m) => m.PayoutsScreen,
).Screen;

const adminLayout = lazyScreen(
  () => import('./layouts/admin-layout'),
  (m) => m.AdminLayout,
);
const dashboard = lazyScreen(
  () => import('./screens/dashboard-screen'),
  (m) => m.DashboardScreen,
);

/** The screen of every built admin route; paths, titles and permissions come from the contract. */
const SCREENS: Partial<Record<AdminRouteName, ComponentType>> = {
  dashboard: dashboard.Screen,
  transactions: lazyScreen(
    () => import('../features/all-transactions/components/all-transactions-page'),
    (m) => m.AllTransactionsPage,
  ).Screen,
  'transaction-detail': lazyScreen(
    () => import('../features/transactions/components/transaction-detail-page'),
    (m) => m.TransactionDetailPage,
  ).Screen,
  roles: lazyScreen(
    () => import('../features/roles/components/roles-page'),
    (m) => m.RolesPage,
  ).Screen,
  'not-authorized': lazyScreen(
    () => import('../features/not-authorized/components/not-authorized-page'),
    (m) => m.NotAuthorizedPage,
  ).Screen,
  'balance-sheet': lazyScreen(
    () => import('../features/balance-sheet/components/balance-sheet-page'),
    (m) => m.BalanceSheetPage,
  ).Screen,
  'xchange-offline-pool': lazyScreen(
    () => import('../features/offline-pool/components/offline-pool-page'),
    (m) => m.OfflinePoolPage,
  ).Screen,
  kyc: lazyScreen(
    () => import('../features/kyc/components/kyc-page'),
    (m) => m.KycPage,
  ).Screen,
  staff: lazyScreen(
    () => import('../features/staff/components/staff-page'),
    (m) => m.StaffPage,
  ).Screen,
  users: lazyScreen(
    () => import('../features/users/components/users-page'),
    (m) => m.UsersPage,
  ).Screen,
  'user-detail': lazyScreen(
    () => import('../features/users/components/user-detail-page'),
    (m) => m.UserDetailPage,
  ).Screen,
  vtokens: lazyScreen(
    () => import('../features/vtokens/components/vtokens-page'),
    (m) => m.VTokensPage,
  ).Screen,
  reports: lazyScreen(
    () => import('../features/reports/components/reports-page'),
    (m) => m.ReportsPage,
  ).Screen,
  'xchange-search': lazyScreen(
    () => import('../features/xchange-search/components/xchange-search-page'),
    (m) => m.XChangeSearchPage,
  ).Screen,
  'transaction-xrp-pool': lazyScreen(
    () => import('../features/pools/components/xrp-pool-page'),
    (m) => m.XrpPoolPage,
  ).Screen,
  'transaction-ether-pool': lazyScreen(
    () => import('../features/pools/components/ether-pool-page'),
    (m) => m.EtherPoolPage,
  ).Screen,
  'coin-health': lazyScreen(
    () => import('../features/coins/components/coin-health-page'),
    (m) => m.CoinHealthPage,
  ).Screen,
  'coin-health-detail': lazyScreen(
    () => import('../features/coins/components/coin-health-detail-page'),
    (m) => m.CoinHealthDetailPage,
  ).Screen,
  'altcoin-stats': lazyScreen(
    () => import('../features/coins/components/altcoin-stats-page'),
    (m) => m.AltCoinStatsPage,
  ).Screen,
  // One screen for both stores (ADR 0024): the route names the store.
  'market-files': lazyScreen(
    () => import('../features/files/components/files-page'),
    (m) => m.MarketFilesPage,
  ).Screen,
  'market-pos-files': lazyScreen(
    () => import('../features/files/components/files-page'),
    (m) => m.PosFilesPage,
  ).Screen,
  marketing: lazyScreen(
    () => import('../features/marketing/components/marketing-page'),
    (m) => m.MarketingPage,
  ).Screen,
  'merchant-autonomy': lazyScreen(
    () => import('../features/autonomy/components/autonomy-page'),
    (m) => m.AutonomyPage,
  ).Screen,
  'platform-licensing': lazyScreen(
    () => import('../features/licensing/components/licensing-page'),
    (m) => m.LicensingPage,
  ).Screen,
  'merchant-fees-custom': lazyScreen(
    () => import('../features/fees/components/fees-page'),
    (m) => m.FeesPage,
  ).Screen,
  news: lazyScreen(
    () => import('../features/news/components/news-page'),
    (m) => m.NewsPage,
  ).Screen,
  'platform-scheduling': lazyScreen(
    () => import('../features/scheduling/components/scheduling-page'),
    (m) => m.PlatformSchedulingPage,
  ).Screen,
  'platform-scheduling-sql': lazyScreen(
    () => import('../features/saved-reports/components/saved-reports-page'),
    (m) => m.SavedReportsPage,
  ).Screen,
  analytics: lazyScreen(
    () => import('../features/analytics/components/infolytics-page'),
    (m) => m.InfolyticsPage,
  ).Screen,
  // The charts screen's chunk pulls the shared `charts` chunk (recharts); Infolytics draws none.
  charts: lazyScreen(
    () => import('../features/analytics/components/charts-page'),
    (m) => m.ChartsPage,
  ).Screen,
  'transaction-scheduling': lazyScreen(
    () => import('../features/transaction-scheduling/components/transaction-scheduling-page'),
    (m) => m.TransactionSchedulingPage,
  ).Screen,
  'transaction-scheduling-tasks': lazyScreen(
    () => import('../features/transaction-scheduling/components/tasks-audit-page'),
    (m) => m.TasksAuditPage,
  ).Screen,
  'admin-config': lazyScreen(
    () => import('../features/configs/components/admin-config-page'),
    (m) => m.AdminConfigPage,
  ).Screen,
  'kucoin-config': lazyScreen(
    () => import('../features/configs/components/kucoin-config-page'),
    (m) => m.KucoinConfigPage,
  ).Screen,
  'kucoin-broker-config': lazyScreen(
    () => import('../features/configs/components/kucoin-broker-config-page'),
    (m) => m.KucoinBrokerConfigPage,
  ).Screen,
  'airwallex-config': lazyScreen(
    () => import('../features/configs/components/airwallex-config-page'),
    (m) => m.AirwallexConfigPage,
  ).Screen,
  'coinpress-config': lazyScreen(
    () => import('../features/configs/components/coinpress-config-page'),
    (m) => m.CoinpressConfigPage,
  ).Screen,
  'automation-config': lazyScreen(
    () => import('../features/configs/components/automation-config-page'),
    (m) => m.AutomationConfigPage,
  ).Screen,
  'trading-config': lazyScreen(
    () => import('../features/configs/components/trading-config-page'),
    (m) => m.TradingConfigPage,
  ).Screen,
  'open-node-config': lazyScreen(
    () => import('../features/configs/components/open-node-config-page'),
    (m) => m.OpenNodeConfigPage,
  ).Screen,
  'config-merchants-bank': lazyScreen(
    () => import('../features/configs/components/merchant-bank-page'),
    (m) => m.MerchantBankPage,
  ).Screen,
  'merchant-cc': lazyScreen(
    () => import('../features/configs/components/merchant-cc-page'),
    (m) => m.MerchantCcPage,
  ).Screen,
  'config-merchants-cc': lazyScreen(
    () => import('../features/configs/components/merchant-cc-config-page'),
    (m) => m.MerchantCcConfigPage,
  ).Screen,
  // One view for both payout routes (SPEC §2.1: same view, told apart by #pending and the id).
  'pending-payouts': payoutsScreen,
  'payout-schemas': payoutsScreen,
};

/**
 * Starts loading what signing in leads to (the call tables, the shell and the dashboard) while the Login call
 * is on its way, so the dashboard does not wait for its code after the answer.
 */
export const preloadAdmin = (): void => {
  void loadCallTables();
  void adminLayout.preload();
  void dashboard.preload();
};

/** Loads the code of every screen; component tests render whole pages and should not wait for it. */
export const preloadEveryScreen = async (): Promise<void> => {
  await Promise.all(everyLazyScreen.map((screen) => screen.preload()));
};

function LoginScreen() {
  return <LoginPage onSubmitting={preloadAdmin} />;
}

const PUBLIC_SCREENS: Record<(typeof PUBLIC_ROUTES)[number]['name'], ComponentType> = {
  login: LoginScreen,
  'forgot-password': lazyScreen(
    () => import('../features/auth/components/forgot-password-page'),
    (m) => m.ForgotPasswordPage,
  ).Screen,
  'reset-password': lazyScreen(
    () => import('../features/auth/components/reset-password-page'),
    (m) => m.ResetPasswordPage,
  ).Screen,
};

/** Where a screen's code is still loading: the shell (or the auth card) stays, the content area waits. */
const screenFallback = (
  <Center py="xl" role="status" aria-label="Loading">
    <Loader size="sm" />
  </Center>
);

const adminChildren = (): RouteObject[] =>
  [...BUILT_ROUTES].map((name) => {
    const route = adminRoute(name);
    const Screen = SCREENS[name];
    if (!Screen) throw new Error(`Route ${name} is listed as built but has no screen`);
    return {
      path: route.path,
      element: (
        <RouteTitle title={route.title}>
          <RequirePermission slug={route.permission}>
            <Suspense fallback={screenFallback}>
              <Screen />
            </Suspense>
          </RequirePermission>
        </RouteTitle>
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
          return {
            path: r.path,
            element: (
              <RouteTitle title={r.title}>
                <Suspense fallback={screenFallback}>
                  <Screen />
                </Suspense>
              </RouteTitle>
            ),
          };
        }),
      },
      {
        path: '/admin',
        element: (
          <RequireAuth>
            <Suspense fallback={<CenteredLoader />}>
              <adminLayout.Screen />
            </Suspense>
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

/**
 * The app's routes, in React Router's declarative mode: the data router (loaders, actions, route matches)
 * is a third of the library's size and the login page would download it for nothing (ADR 0012).
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * Opened on an admin address (a reload, a bookmark): fetch the shell and the dashboard alongside the session
 * check instead of after it, one chunk after the other.
 */
export const preloadForAddress = (pathname: string): void => {
  if (pathname.startsWith('/admin')) preloadAdmin();
};
