import { type TRANSACTION_CALLS, transactionSchema } from '@bo/contract';
import type { Db } from '../../db/database';
import type { AdminExportSlice, AdminHandlerSlice } from '../admin/admin.calls';
import { createProvidersService } from '../providers/providers.service';
import { type BusEvent, publishBusEvent } from '../realtime/realtime.bus';
import { createTransactionsService } from './transactions.service';

export const transactionHandlers = (deps: {
  db: Db;
  now: () => Date;
  log: { warn(obj: unknown, msg?: string): void };
}): AdminHandlerSlice<typeof TRANSACTION_CALLS> => {
  const transactions = createTransactionsService(deps.db, deps.now);
  const providers = createProvidersService(deps.db);
  // A staff change is committed before it is announced; a failed announcement must not fail the change.
  const announce = (event: BusEvent) =>
    publishBusEvent(deps.db, event).catch((error: unknown) =>
      deps.log.warn({ err: error }, 'live event not published'),
    );
  return {
    ListTransactions: (params) => transactions.list(params),
    SyncTransactions: (params) => transactions.syncPage(params),
    CountTransactions: (params) => transactions.count(params),
    MerchantsListDash: (params) => transactions.merchantsForRange(params.startDate, params.endDate),
    TransactionDetail: (params) => transactions.detail(params.ID),
    async TransactionStatusUpdate(params, context) {
      const updated = await transactions.updateStatus(params, context.actor);
      await announce({
        type: 'transaction',
        kind: 'status-changed',
        prefix: updated.Prefix,
        id: updated.TransactionID,
        notification: null,
      });
      return updated;
    },
    PaymentProvider: (params) => providers.detail(params),
    TransactionAudit: (params) => transactions.auditTrail(params.ID),
    async KYCLOG(params, context) {
      const answer = await transactions.appendLog(params, context.actor);
      const [prefix, id] =
        'transactionlog' in params
          ? (['T', params.TransactionID] as const)
          : (['P', params.PayoutID] as const);
      await announce({ type: 'transaction', kind: 'log-added', prefix, id, notification: null });
      return answer;
    },
  };
};

/** Rows an export of the transaction list reads at a time. */
export const TRANSACTION_EXPORT_PAGE_SIZE = 1000;

export const transactionExports: AdminExportSlice<typeof TRANSACTION_CALLS> = {
  ListTransactions: {
    row: transactionSchema,
    // Page after page by the keyset cursor, in the order the screen shows: an OFFSET deep into millions of
    // rows would read every row before it again (ADR 0010).
    async *pages(params, fetch) {
      let cursor: string | null = null;
      for (;;) {
        const page = await fetch({
          ...params,
          page: cursor ? 'next' : 'first',
          cursor: cursor ?? undefined,
          pageSize: TRANSACTION_EXPORT_PAGE_SIZE,
        });
        yield page.records;
        if (page.records.length < TRANSACTION_EXPORT_PAGE_SIZE || !page.lastCursor) return;
        cursor = page.lastCursor;
      }
    },
  },
};
