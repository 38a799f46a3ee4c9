import type { PermissionSlug } from '../auth/permissions';

/**
 * Route map of SPEC §2.1. Paths are relative to /admin. `permission` null means login only.
 * SPEC leaves many routes "per item"; the choice for each is recorded in docs/adr/0003-route-permissions.md.
 */
export interface AdminRoute {
  name: string;
  path: string;
  title: string;
  permission: PermissionSlug | null;
}

const admin = 'admin-commander' as const;

export const ADMIN_ROUTES = [
  { name: 'dashboard', path: 'dashboard', title: 'Dashboard', permission: null },
  { name: 'charts', path: 'charts', title: 'Charts', permission: admin },
  {
    name: 'transaction-detail',
    path: 'transactions/:id',
    title: 'Transaction Detail',
    permission: 'view-transactions',
  },
  {
    name: 'transactions',
    path: 'transactions/all/:name?',
    title: 'Transactions',
    permission: 'view-transactions',
  },
  { name: 'kyc', path: 'kyc/:id?', title: 'KYC Users', permission: 'kyc-commander' },
  { name: 'payout-schemas', path: 'payouts/:id?', title: 'Payout Schemas', permission: admin },
  { name: 'pending-payouts', path: 'payouts', title: 'Pending Payouts', permission: admin },
  { name: 'balance-sheet', path: 'balance-sheet', title: 'Balance Sheet', permission: admin },
  { name: 'coin-health', path: 'coin-health', title: 'Coin Health', permission: admin },
  { name: 'coin-health-detail', path: 'coin-health/:id', title: 'Coin Health', permission: admin },
  { name: 'user-detail', path: 'users/:id', title: 'User Detail', permission: 'view-users' },
  { name: 'users', path: 'users', title: 'Users', permission: 'view-users' },
  { name: 'reports', path: 'reports', title: 'FIU XML Reports', permission: 'view-transactions' },
  { name: 'marketing', path: 'marketing', title: 'Email Marketing', permission: 'marketing-commander' },
  { name: 'news', path: 'news', title: 'News', permission: 'marketing-commander' },
  {
    name: 'market-pos-files',
    path: 'market/pos/files',
    title: 'POS Files',
    permission: 'marketing-commander',
  },
  { name: 'market-files', path: 'market/files', title: 'Market Files', permission: 'marketing-commander' },
  { name: 'analytics', path: 'analytics', title: 'Infolytics', permission: admin },
  { name: 'vtokens', path: 'vtokens', title: 'VTokens', permission: admin },
  {
    name: 'xchange-search',
    path: 'xchange-search',
    title: 'XChange Search',
    permission: 'view-transactions',
  },
  {
    name: 'platform-scheduling',
    path: 'platform-scheduling',
    title: 'Platform Scheduling',
    permission: admin,
  },
  {
    name: 'platform-scheduling-sql',
    path: 'platform-scheduling-sql',
    title: 'Platform Scheduling SQL',
    permission: admin,
  },
  {
    name: 'transaction-scheduling',
    path: 'transaction-scheduling',
    title: 'Transaction Scheduling',
    permission: admin,
  },
  { name: 'platform-licensing', path: 'platform-licensing', title: 'Licensing', permission: admin },
  { name: 'transaction-xrp-pool', path: 'transaction-xrp-pool', title: 'XRP Pool', permission: admin },
  { name: 'transaction-ether-pool', path: 'transaction-ether-pool', title: 'Ether Pool', permission: admin },
  {
    name: 'transaction-scheduling-tasks',
    path: 'transaction-scheduling-tasks/:merchantID?',
    title: 'Tasks Audit',
    permission: admin,
  },
  { name: 'merchant-autonomy', path: 'merchant-autonomy', title: 'Autonomy', permission: admin },
  { name: 'audit', path: 'audit', title: 'External Audit', permission: admin },
  { name: 'trade-flex', path: 'trade-flex', title: 'TradeFlex Audit', permission: admin },
  {
    name: 'xchange-offline-pool',
    path: 'xchange-offline-pool',
    title: 'XChange Offline Pool',
    permission: admin,
  },
  {
    name: 'merchant-fees-custom',
    path: 'merchant-fees-custom',
    title: 'Merchant Fees Custom',
    permission: admin,
  },
  { name: 'merchant-cc', path: 'merchant-cc', title: 'Merchant CC', permission: admin },
  {
    name: 'config-merchants-cc',
    path: 'config-merchants-cc/:id',
    title: 'Merchant CC Config',
    permission: admin,
  },
  {
    name: 'config-merchants-bank',
    path: 'config-merchants-bank/:id',
    title: 'Merchant Bank Config',
    permission: admin,
  },
  { name: 'altcoin-stats', path: 'altcoin-stats', title: 'AltCoin Stats', permission: admin },
  { name: 'paypal-audit', path: 'paypal-audit', title: 'PayPal Audit', permission: admin },
  { name: 'trade-bots', path: 'trade-bots', title: 'Trade Bots', permission: admin },
  { name: 'bot-detail', path: 'bot-detail/:id', title: 'Bot Detail', permission: admin },
  { name: 'spawn-bot', path: 'spawn-bot', title: 'Spawn Bot', permission: admin },
  { name: 'admin-config', path: 'admin-config', title: 'Admin Config', permission: admin },
  { name: 'automation-config', path: 'automation-config', title: 'Automation Config', permission: admin },
  { name: 'trading-config', path: 'trading-config', title: 'Trading Config', permission: admin },
  { name: 'open-node-config', path: 'open-node-config', title: 'OpenNode Config', permission: admin },
  { name: 'kucoin-config', path: 'kucoin-config', title: 'KuCoin Config', permission: admin },
  {
    name: 'kucoin-broker-config',
    path: 'kucoin-broker-config',
    title: 'KuCoin Broker Config',
    permission: admin,
  },
  { name: 'airwallex-config', path: 'airwallex-config', title: 'Airwallex Config', permission: admin },
  { name: 'coinpress-config', path: 'coinpress-config', title: 'CoinPress Config', permission: admin },
  { name: 'roles', path: 'roles', title: 'Roles', permission: 'view-roles' },
  // Staff accounts and their sessions (issue #5): changing who may do what is itself an admin power.
  { name: 'staff', path: 'staff', title: 'Staff', permission: admin },
  { name: 'not-authorized', path: 'not-authorized', title: 'Not Authorized', permission: null },
] as const satisfies readonly AdminRoute[];

export type AdminRouteName = (typeof ADMIN_ROUTES)[number]['name'];

/** Public routes in the authentication layout (SPEC §2.1), plus the reset step of forgot-password. */
export const PUBLIC_ROUTES = [
  { name: 'login', path: '/login', title: 'Login' },
  { name: 'forgot-password', path: '/forgot-password', title: 'Forgot Password' },
  { name: 'reset-password', path: '/reset-password', title: 'Reset Password' },
] as const;

export function adminRoute(name: AdminRouteName): AdminRoute {
  const route = ADMIN_ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route;
}

/** Builds /admin/<path> with the given params; optional params left out are dropped. */
export function adminPath(name: AdminRouteName, params: Record<string, string | number> = {}): string {
  const path = adminRoute(name)
    .path.split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const key = segment.replace(/^:/, '').replace(/\?$/, '');
      const value = params[key];
      if (value === undefined) {
        if (segment.endsWith('?')) return null;
        throw new Error(`Route ${name} needs param ${key}`);
      }
      return encodeURIComponent(String(value));
    })
    .filter((s): s is string => s !== null)
    .join('/');
  return `/admin/${path}`;
}
