import type { SAVED_REPORT_CALLS } from '@bo/contract';
import type { Db } from '../../db/database';
import type { AdminHandlerSlice } from '../admin/admin.calls';
import { createSavedReportsService } from './saved-reports.service';

export interface SavedReportDeps {
  db: Db;
  now: () => Date;
  /** PGlite cannot time a query out, so its cost cap is tighter (ADR 0030). */
  databaseKind: 'pglite' | 'postgres';
}

/** Platform Scheduling SQL's calls (ADR 0030): thin steps to the service; the staff context is the audited actor. */
export const savedReportHandlers = (deps: SavedReportDeps): AdminHandlerSlice<typeof SAVED_REPORT_CALLS> => {
  const reports = createSavedReportsService({ db: deps.db, now: deps.now, kind: deps.databaseKind });
  return {
    ListSavedReports: (params) => reports.list(params),
    GetSavedReport: (params) => reports.detail(params.ID),
    SaveReportDraft: (params, context) => reports.saveDraft(params, context.actor),
    PreviewReport: (params, context) => reports.preview(params, context.actor),
    SubmitReport: (params, context) => reports.submit(params.ID, context.actor),
    ApproveReport: (params, context) => reports.approve(params.ID, context.actor),
    RejectReport: (params, context) => reports.reject(params, context.actor),
    RunReportNow: (params, context) => reports.runNow(params, context.actor),
    DownloadReportCsv: (params, context) => reports.downloadCsv(params, context.actor),
    SetReportEnabled: (params, context) => reports.setEnabled(params, context.actor),
  };
};
