import type { SidebarLinks } from '@bo/contract';
import type { Db } from '../../db/database';
import type { StaffContext } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import type { Jwt } from '../auth/jwt.service';
import { createBalanceSheetService } from '../balance-sheet/balance-sheet.service';
import { listAltCoins } from '../catalog/catalog.repository';
import {
  DASHBOARD_DAY_MS,
  overview24h,
  pendingKyc,
  recentRegistrations,
  registrationsSince,
} from '../dashboard/dashboard.repository';
import { createFailuresService } from '../failures/failures.service';
import { createOfflinePoolService } from '../offline-pool/offline-pool.service';
import { createProvidersService } from '../providers/providers.service';
import { type BusEvent, publishBusEvent } from '../realtime/realtime.bus';
import { listPermissions, listRoles } from '../roles/roles.repository';
import { findStaffById, permissionSlugsOfRole } from '../staff/staff.repository';
import type { StaffAdminService } from '../staff/staff-admin.service';
import type { SyncStatusReader } from '../status/sync-status.service';
import { createTransactionsService } from '../transactions/transactions.service';
import type { AdminHandlers } from './admin.calls';

const actorOf = (context: StaffContext) => ({
  staffId: context.staffId,
  username: context.username,
  ip: context.ip,
});

/** The admin calls of this slice; each is a thin step from parsed params to a repository. */
export function createAdminHandlers(deps: {
  db: Db;
  jwt: Jwt;
  now: () => Date;
  sidebarLinks: SidebarLinks;
  syncStatus: SyncStatusReader;
  log: { warn(obj: unknown, msg?: string): void };
  staffAdmin: StaffAdminService;
}): AdminHandlers {
  const { db } = deps;
  const transactions = createTransactionsService(db, deps.now);
  const failures = createFailuresService(db, deps.now);
  const providers = createProvidersService(db);
  const balanceSheet = createBalanceSheetService(db, deps.now);
  const offlinePool = createOfflinePoolService(db);
  // A staff change is committed before it is announced; a failed announcement must not fail the change.
  const announce = (event: BusEvent) =>
    publishBusEvent(db, event).catch((error: unknown) =>
      deps.log.warn({ err: error }, 'live event not published'),
    );
  return {
    async GenerateJWTToken(params, context) {
      const account = await findStaffById(db, context.staffId);
      if (!account || params.MerchantID !== account.id || params.APIKey !== account.apiKey) {
        throw new ApiError(403, 'Forbidden');
      }
      const slugs = await permissionSlugsOfRole(db, account.roleId);
      return {
        Token: await deps.jwt.mint(account.id, context.sessionId),
        Permissions: slugs.map((Slug) => ({ Slug })),
      };
    },
    ListAltCoins: () => listAltCoins(db),
    ListPermissions: async () => ({ data: await listPermissions(db) }),
    ListRoles: async () => ({ data: await listRoles(db) }),
    Last24HData: () => overview24h(db, deps.now()),
    LatestKYC: () => pendingKyc(db),
    RecentRegistrations: () => recentRegistrations(db),
    TotalRegistrations24H: async () => ({
      TotalRegistrations: await registrationsSince(db, new Date(deps.now().getTime() - DASHBOARD_DAY_MS)),
    }),
    SidebarLinks: async () => deps.sidebarLinks,
    SlaveStatus: () => deps.syncStatus.read(),
    ListTransactions: (params) => transactions.list(params),
    SyncTransactions: (params) => transactions.syncPage(params),
    CountTransactions: (params) => transactions.count(params),
    MerchantsListDash: (params) => transactions.merchantsForRange(params.startDate, params.endDate),
    TransactionDetail: (params) => transactions.detail(params.ID),
    async TransactionStatusUpdate(params, context) {
      const updated = await transactions.updateStatus(params, actorOf(context));
      await announce({
        type: 'transaction',
        kind: 'status-changed',
        prefix: updated.Prefix,
        id: updated.TransactionID,
        notification: null,
      });
      return updated;
    },
    async KYCLOG(params, context) {
      const answer = await transactions.appendLog(params, actorOf(context));
      const [prefix, id] =
        'transactionlog' in params
          ? (['T', params.TransactionID] as const)
          : (['P', params.PayoutID] as const);
      await announce({ type: 'transaction', kind: 'log-added', prefix, id, notification: null });
      return answer;
    },
    TransactionAudit: (params) => transactions.auditTrail(params.ID),
    PaymentProvider: (params) => providers.detail(params),
    TransactionFailure: (params) => failures.list(params),
    UpdateTable: (params, context) => failures.update(params, actorOf(context)),
    BalanceSheet: (params) => balanceSheet.list(params),
    XChangeOfflinePool: (params) => offlinePool.pool(params),
    ListStaff: () => deps.staffAdmin.list(),
    UpdateStaff: (params, context) => deps.staffAdmin.update(params, context),
    StaffSessions: (params, context) => deps.staffAdmin.liveSessions(params.StaffID, context),
    EndStaffSession: (params, context) => deps.staffAdmin.endSession(params.SessionID, context),
  };
}
