import {
  ADMIN_CALLS,
  ADMIN_SERVICE_PREFIX,
  GOAML_DOWNLOAD_PATH,
  goamlReportRowSchema,
  type REPORT_CALLS,
} from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import type { AdminExportSlice, AdminHandlerSlice } from '../admin/admin.calls';
import { assertAccess, type RequestAuth } from '../auth/request-auth';
import { loadGoamlSchema } from './goaml/goaml-schema';
import { createReportService, goamlFile } from './reports.service';

export interface ReportDeps {
  db: Db;
  now: () => Date;
  goaml: AppConfig['goaml'];
}

/** FIU XML Reports' calls: each a thin step to the service; the staff context is the audited actor. */
export const reportHandlers = (deps: ReportDeps): AdminHandlerSlice<typeof REPORT_CALLS> => {
  // Read once at start: a GOAML_XSD_PATH that cannot be read stops the server instead of a report later.
  const schema = loadGoamlSchema(deps.goaml.xsdPath);
  const reports = createReportService({ db: deps.db, now: deps.now, schema, defaults: deps.goaml });
  return {
    ListGoamlReports: (params) => reports.list(params),
    GoamlReportDetail: (params) => reports.detail(params.ID),
    GoamlSettings: () => reports.settings(),
    GoamlCandidates: (params) => reports.candidates(params),
    ValidateGoamlReport: (params) => reports.validate(params),
    SaveGoamlDraft: (params, context) => reports.saveDraft(params, context.actor),
    GenerateGoamlReport: (params, context) => reports.generate(params, context.actor),
    DeleteGoamlDraft: (params, context) => reports.deleteDraft(params.ID, context.actor),
  };
};

export const reportExports: AdminExportSlice<typeof REPORT_CALLS> = {
  ListGoamlReports: { row: goamlReportRowSchema, rows: (data) => data.records },
};

/**
 * A generated report's file (`GET /api/admin/goaml-report?ID=n`): the stored XML that validated, as an
 * attachment. Checked as GoamlReportDetail is (bearer token, view-transactions, its params schema). A read: nothing is written,
 * the generation itself is what the audit log holds.
 */
export function registerGoamlDownload(app: FastifyInstance, deps: { db: Db; requestAuth: RequestAuth }) {
  app.get(`${ADMIN_SERVICE_PREFIX}${GOAML_DOWNLOAD_PATH}`, async (request, reply) => {
    const staff = await deps.requestAuth.requireBearer(request);
    assertAccess(staff, 'view-transactions');
    const { ID } = ADMIN_CALLS.GoamlReportDetail.params.parse(request.query ?? {});
    const file = await goamlFile(deps.db, ID);
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.xml);
  });
}
