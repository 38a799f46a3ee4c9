import type { AdminRouteName } from '@bo/contract';

/**
 * Admin screens this app has built. The router mounts only these and the sidebar links only to
 * these, so no entry ever leads to a placeholder. Add a name here when its screen lands.
 */
export const BUILT_ROUTES: ReadonlySet<AdminRouteName> = new Set<AdminRouteName>([
  'dashboard',
  'transaction-detail',
  'transactions',
  'roles',
  'not-authorized',
  'balance-sheet',
  'xchange-offline-pool',
  'staff',
  'kyc',
  'users',
  'user-detail',
  'vtokens',
  'xchange-search',
  'transaction-xrp-pool',
  'transaction-ether-pool',
  'coin-health',
  'coin-health-detail',
  'altcoin-stats',
  'pending-payouts',
  'payout-schemas',
  'market-files',
  'market-pos-files',
  'reports',
  'marketing',
  'news',
  'merchant-fees-custom',
  'platform-licensing',
  'merchant-autonomy',
  'analytics',
  'charts',
  'admin-config',
  'platform-scheduling',
]);
