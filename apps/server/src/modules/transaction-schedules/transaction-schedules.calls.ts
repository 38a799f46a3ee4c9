import { type TRANSACTION_SCHEDULE_CALLS, transactionTaskRowSchema } from '@bo/contract';
import type { AdminExportSlice, AdminHandlerSlice } from '../admin/admin.calls';
import type { PayoutDeps } from '../payouts/payouts.calls';
import { createTransactionScheduleService } from './transaction-schedules.service';

/** Transaction Scheduling's and the Tasks Audit's calls: each a thin step to its service. */
export const transactionScheduleHandlers = (
  deps: PayoutDeps,
): AdminHandlerSlice<typeof TRANSACTION_SCHEDULE_CALLS> => {
  const schedules = createTransactionScheduleService({
    db: deps.db,
    now: deps.now,
    rail: deps.payoutRail,
    fourEyesEur: deps.payoutConfig.fourEyesEur,
  });
  return {
    ListTransactionSchedules: (params, context) => schedules.list(params, context.actor),
    SaveTransactionSchedule: (params, context) => schedules.save(params, context.actor),
    PauseTransactionSchedule: (params, context) => schedules.pause(params, context.actor),
    ResumeTransactionSchedule: (params, context) => schedules.resume(params, context.actor),
    SkipNextTransactionSchedule: (params, context) => schedules.skipNext(params, context.actor),
    RunTransactionScheduleNow: (params, context) => schedules.runNow(params, context.actor),
    TransactionScheduleHistory: (params) => schedules.history(params),
    ListTransactionTasks: (params) => schedules.tasks(params),
    TransactionTaskDetail: (params) => schedules.taskDetail(params),
    RetryTransactionTask: (params, context) => schedules.retry(params, context.actor),
  };
};

export const transactionScheduleExports: AdminExportSlice<typeof TRANSACTION_SCHEDULE_CALLS> = {
  ListTransactionTasks: {
    row: transactionTaskRowSchema,
    // Keyset pages: each page's NextCursor asks for the next, with the filters on screen.
    async *pages(params, fetch) {
      let cursor: string | undefined;
      for (;;) {
        const page = await fetch({ ...params, cursor, limit: 100 });
        yield page.records;
        if (!page.NextCursor) return;
        cursor = page.NextCursor;
      }
    },
  },
};
