import { type ALL_TRANSACTION_CALLS, transactionSchema } from '@bo/contract';
import type { Db } from '../../db/database';
import type { AdminExportSlice, AdminHandlerSlice } from '../admin/admin.calls';
import { createAllTransactionsService } from './all-transactions.service';

/** The Transactions screen's calls (ADR 0021): thin steps to the service; the staff context is the actor. */
export const allTransactionHandlers = (deps: {
  db: Db;
  now: () => Date;
}): AdminHandlerSlice<typeof ALL_TRANSACTION_CALLS> => {
  const service = createAllTransactionsService(deps);
  return {
    ListAllTransactions: (params) => service.list(params),
    ListTransactionViews: (_params, context) => service.views(context),
    CreateTransactionView: (params, context) => service.create(params, context, context.actor),
    UpdateTransactionView: (params, context) => service.update(params, context, context.actor),
    DeleteTransactionView: (params, context) => service.remove(params, context, context.actor),
  };
};

/** Rows the export reads at a time. */
export const ALL_TRANSACTIONS_EXPORT_STEP = 1000;

export const allTransactionExports: AdminExportSlice<typeof ALL_TRANSACTION_CALLS> = {
  ListAllTransactions: {
    row: transactionSchema,
    // By the keyset cursor, in the screen's order: an OFFSET that grows with each step would read the rows
    // before it again and again (ADR 0010, 0021). The export service stops at its row cap.
    async *pages(params, fetch) {
      let cursor: string | undefined;
      for (;;) {
        const page = await fetch({ ...params, page: 1, cursor, limit: ALL_TRANSACTIONS_EXPORT_STEP });
        yield page.records;
        if (page.records.length < ALL_TRANSACTIONS_EXPORT_STEP || !page.lastCursor) return;
        cursor = page.lastCursor;
      }
    },
  },
};
