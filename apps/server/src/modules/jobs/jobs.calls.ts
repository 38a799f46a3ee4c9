import { type JOB_CALLS, jobRowSchema, jobRunRowSchema } from '@bo/contract';
import type { Db } from '../../db/database';
import type { AdminExportSlice, AdminHandlerSlice } from '../admin/admin.calls';
import { createJobsService } from './jobs.service';

/** Platform Scheduling's calls (ADR 0026): thin steps to the service; the staff context is the audited actor. */
export const jobHandlers = (deps: { db: Db; now: () => Date }): AdminHandlerSlice<typeof JOB_CALLS> => {
  const service = createJobsService(deps);
  return {
    ListJobs: (params) => service.list(params),
    ListJobRuns: (params) => service.runs(params),
    JobRunLog: (params) => service.log(params.ID),
    RunJobNow: (params, context) => service.runNow(params, context.actor),
    SetJobEnabled: (params, context) => service.setEnabled(params, context.actor),
    SaveJobSchedule: (params, context) => service.saveSchedule(params, context.actor),
    MarkJobRunFailed: (params, context) => service.markFailed(params.ID, context.actor),
  };
};

export const jobExports: AdminExportSlice<typeof JOB_CALLS> = {
  ListJobs: { row: jobRowSchema.omit({ LastRun: true }), rows: (data) => data.records },
  ListJobRuns: { row: jobRunRowSchema, rows: (data) => data.records },
};
