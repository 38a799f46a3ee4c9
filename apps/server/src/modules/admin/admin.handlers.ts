import type { SidebarLinks } from '@bo/contract';
import type { Db } from '../../db/database';
import { allTransactionExports, allTransactionHandlers } from '../all-transactions/all-transactions.calls';
import { analyticsExports, analyticsHandlers } from '../analytics/analytics.calls';
import type { Jwt } from '../auth/jwt.service';
import { sessionHandlers } from '../auth/session.calls';
import { autonomyExports, autonomyHandlers } from '../autonomy/autonomy.calls';
import { balanceSheetExports, balanceSheetHandlers } from '../balance-sheet/balance-sheet.calls';
import { catalogHandlers } from '../catalog/catalog.calls';
import { type CoinDeps, coinHandlers } from '../coins/coins.calls';
import { type ConfigDeps, configHandlers } from '../config/config.calls';
import { dashboardHandlers } from '../dashboard/dashboard.calls';
import { failureExports, failureHandlers } from '../failures/failures.calls';
import { feeExports, feeHandlers } from '../fees/fees.calls';
import { type FileDeps, fileExports, fileHandlers } from '../files/files.calls';
import { jobExports, jobHandlers } from '../jobs/jobs.calls';
import { kycExports, kycHandlers } from '../kyc/kyc.calls';
import { licensingExports, licensingHandlers } from '../licensing/licensing.calls';
import type { Mailer } from '../mail/mailer';
import { marketingExports, marketingHandlers } from '../marketing/marketing.calls';
import type { MarketingService } from '../marketing/marketing.service';
import { merchantBankHandlers } from '../merchant-accounts/merchant-bank.calls';
import { merchantCardExports, merchantCardHandlers } from '../merchant-accounts/merchant-card.calls';
import { merchantExports, merchantHandlers } from '../merchants/merchants.calls';
import { offlinePoolExports, offlinePoolHandlers } from '../offline-pool/offline-pool.calls';
import { type PayoutDeps, payoutExports, payoutHandlers } from '../payouts/payouts.calls';
import { type PoolDeps, poolExports, poolHandlers } from '../pools/pools.calls';
import { type ReportDeps, reportExports, reportHandlers } from '../reports/reports.calls';
import { roleAdminHandlers } from '../roles/role-admin.calls';
import { rolesExports, rolesHandlers } from '../roles/roles.calls';
import { type SavedReportDeps, savedReportHandlers } from '../saved-reports/saved-reports.calls';
import { staffExports, staffHandlers } from '../staff/staff-admin.calls';
import type { StaffAdminDeps } from '../staff/staff-admin.service';
import type { SyncStatusReader } from '../status/sync-status.service';
import {
  transactionScheduleExports,
  transactionScheduleHandlers,
} from '../transaction-schedules/transaction-schedules.calls';
import { transactionExports, transactionHandlers } from '../transactions/transactions.calls';
import { vtokenExports, vtokenHandlers } from '../vtokens/vtokens.calls';
import type { AdminExports, AdminHandlers } from './admin.calls';

export type AdminDeps = StaffAdminDeps &
  Pick<PoolDeps, 'chains' | 'pools'> &
  CoinDeps &
  Pick<PayoutDeps, 'payoutRail' | 'payoutConfig'> &
  Pick<FileDeps, 'files'> &
  Pick<ReportDeps, 'goaml'> &
  Pick<ConfigDeps, 'configVault' | 'integrations' | 'publicUrl'> &
  Pick<SavedReportDeps, 'databaseKind'> & {
    db: Db;
    jwt: Jwt;
    now: () => Date;
    sidebarLinks: SidebarLinks;
    syncStatus: SyncStatusReader;
    log: { warn(obj: unknown, msg?: string): void };
    /** The app's one Email Marketing service (ADR 0023), shared with the unsubscribe page and the runner. */
    marketing: MarketingService;
    /** The app's mailer (outbox in demo): Merchant Bank Config tells the merchant of a bank change. */
    mailer: Mailer;
  };

/** Every area's admin calls in one map; `satisfies` keeps it exhaustive, so a call without a handler does not compile. */
export function createAdminHandlers(deps: AdminDeps): AdminHandlers {
  return {
    ...sessionHandlers(deps),
    ...catalogHandlers(deps),
    ...rolesHandlers(deps),
    ...dashboardHandlers(deps),
    ...transactionHandlers(deps),
    ...failureHandlers(deps),
    ...balanceSheetHandlers(deps),
    ...offlinePoolHandlers(deps),
    ...staffHandlers(deps),
    ...kycHandlers(deps),
    ...merchantHandlers(deps),
    ...roleAdminHandlers(deps),
    ...vtokenHandlers(deps),
    ...poolHandlers(deps),
    ...coinHandlers(deps),
    ...payoutHandlers(deps),
    ...fileHandlers(deps),
    ...reportHandlers(deps),
    ...marketingHandlers(deps),
    ...allTransactionHandlers(deps),
    ...analyticsHandlers(deps),
    ...configHandlers(deps),
    ...jobHandlers(deps),
    ...feeHandlers(deps),
    ...savedReportHandlers(deps),
    ...transactionScheduleHandlers(deps),
    ...merchantBankHandlers(deps),
    ...merchantCardHandlers(deps),
    ...licensingHandlers(deps),
    ...autonomyHandlers(deps),
  } satisfies AdminHandlers;
}

/** How each exportable list gives its rows to a CSV download; export.calls.test checks none is missing. */
export const ADMIN_EXPORTS: AdminExports = {
  ...rolesExports,
  ...transactionExports,
  ...failureExports,
  ...balanceSheetExports,
  ...offlinePoolExports,
  ...staffExports,
  ...kycExports,
  ...merchantExports,
  ...vtokenExports,
  ...poolExports,
  ...payoutExports,
  ...fileExports,
  ...reportExports,
  ...marketingExports,
  ...allTransactionExports,
  ...analyticsExports,
  ...jobExports,
  ...feeExports,
  ...transactionScheduleExports,
  ...merchantCardExports,
  ...licensingExports,
  ...autonomyExports,
};
