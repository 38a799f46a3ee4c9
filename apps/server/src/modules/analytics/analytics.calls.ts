import { type ANALYTICS_CALLS, analyticsBreakdownRowSchema } from '@bo/contract';
import type { Db } from '../../db/database';
import type { AdminExportSlice, AdminHandlerSlice } from '../admin/admin.calls';
import { createAnalyticsService } from './analytics.service';

/** Infolytics' and Charts' calls: each a thin step to the service; the staff context is the audited actor. */
export const analyticsHandlers = (deps: {
  db: Db;
  now: () => Date;
}): AdminHandlerSlice<typeof ANALYTICS_CALLS> => {
  const analytics = createAnalyticsService(deps);
  return {
    AnalyticsSummary: (params) => analytics.summary(params),
    AnalyticsBreakdown: (params) => analytics.breakdown(params),
    AnalyticsSeries: (params) => analytics.series(params),
    RebuildAnalytics: (params, context) => analytics.rebuild(params, context.actor),
  };
};

export const analyticsExports: AdminExportSlice<typeof ANALYTICS_CALLS> = {
  AnalyticsBreakdown: { row: analyticsBreakdownRowSchema, rows: (data) => data.records },
};
