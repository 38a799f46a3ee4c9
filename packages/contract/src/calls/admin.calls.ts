import { ALL_TRANSACTION_CALLS } from './admin/all-transactions.calls';
import { ANALYTICS_CALLS } from './admin/analytics.calls';
import { AUTONOMY_CALLS } from './admin/autonomy.calls';
import { BALANCE_SHEET_CALLS } from './admin/balance-sheet.calls';
import { CATALOG_CALLS } from './admin/catalog.calls';
import { COIN_HEALTH_CALLS } from './admin/coin-health.calls';
import { CONFIG_CALLS } from './admin/config.calls';
import { DASHBOARD_CALLS } from './admin/dashboard.calls';
import { FAILURE_CALLS } from './admin/failures.calls';
import { FEE_CALLS } from './admin/fees.calls';
import { FILE_CALLS } from './admin/files.calls';
import { JOB_CALLS } from './admin/jobs.calls';
import { KYC_CALLS } from './admin/kyc.calls';
import { LICENSING_CALLS } from './admin/licensing.calls';
import { MARKETING_CALLS } from './admin/marketing.calls';
import { MERCHANT_BANK_CALLS } from './admin/merchant-bank.calls';
import { MERCHANT_CARD_CALLS } from './admin/merchant-card.calls';
import { MERCHANT_CALLS } from './admin/merchants.calls';
import { OFFLINE_POOL_CALLS } from './admin/offline-pool.calls';
import { PAYOUT_CALLS } from './admin/payouts.calls';
import { POOL_CALLS } from './admin/pools.calls';
import { REPORT_CALLS } from './admin/reports.calls';
import { ROLE_ADMIN_CALLS } from './admin/role-admin.calls';
import { ROLES_CALLS } from './admin/roles.calls';
import { SAVED_REPORT_CALLS } from './admin/saved-reports.calls';
import { SESSION_CALLS } from './admin/session.calls';
import { STAFF_CALLS } from './admin/staff.calls';
import { TRANSACTION_SCHEDULE_CALLS } from './admin/transaction-schedules.calls';
import { TRANSACTION_CALLS } from './admin/transactions.calls';
import { VTOKEN_CALLS } from './admin/vtokens.calls';

/**
 * The admin service (SPEC §7.2), served under /api/admin as `?Call=X` with a Bearer JWT: every area's calls.
 * Answer shapes keep SPEC's nesting: some calls answer a list in `data`, others in `data.data`.
 */
export const ADMIN_CALLS = {
  ...SESSION_CALLS,
  ...CATALOG_CALLS,
  ...ROLES_CALLS,
  ...DASHBOARD_CALLS,
  ...TRANSACTION_CALLS,
  ...FAILURE_CALLS,
  ...BALANCE_SHEET_CALLS,
  ...OFFLINE_POOL_CALLS,
  ...STAFF_CALLS,
  ...KYC_CALLS,
  ...MERCHANT_CALLS,
  ...ROLE_ADMIN_CALLS,
  ...VTOKEN_CALLS,
  ...POOL_CALLS,
  ...COIN_HEALTH_CALLS,
  ...PAYOUT_CALLS,
  ...FILE_CALLS,
  ...REPORT_CALLS,
  ...MARKETING_CALLS,
  ...ALL_TRANSACTION_CALLS,
  ...ANALYTICS_CALLS,
  ...CONFIG_CALLS,
  ...JOB_CALLS,
  ...FEE_CALLS,
  ...SAVED_REPORT_CALLS,
  ...TRANSACTION_SCHEDULE_CALLS,
  ...MERCHANT_BANK_CALLS,
  ...MERCHANT_CARD_CALLS,
  ...LICENSING_CALLS,
  ...AUTONOMY_CALLS,
} as const;

export type AdminCallName = keyof typeof ADMIN_CALLS;
