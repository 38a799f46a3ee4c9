import {
  LICENSE_MESSAGES,
  LICENSE_VALIDATE_PATH,
  type LICENSING_CALLS,
  licenseRowSchema,
  MESSAGES,
  validateKeyParamsSchema,
} from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { ApiError } from '../../plugins/errors';
import type { AdminExportSlice, AdminHandlerSlice } from '../admin/admin.calls';
import { createLicensingService } from './licensing.service';
import { admitValidation } from './validate-limit';

/** Licensing's calls: each a thin step to its service; the staff context is the audited actor. */
export const licensingHandlers = (deps: {
  db: Db;
  now: () => Date;
}): AdminHandlerSlice<typeof LICENSING_CALLS> => {
  const licensing = createLicensingService(deps);
  return {
    LicensingOptions: (_params, context) => licensing.options(context.actor),
    ListLicenses: (params) => licensing.list(params),
    LicenseDetail: (params) => licensing.detail(params.ID),
    IssueLicense: (params, context) => licensing.issue(params, context.actor),
    RenewLicense: (params, context) => licensing.renew(params, context.actor),
    SuspendLicense: (params, context) => licensing.suspend(params, context.actor),
    ReinstateLicense: (params, context) => licensing.reinstate(params, context.actor),
    RevokeLicense: (params, context) => licensing.revoke(params, context.actor),
    ResetLicenseActivations: (params, context) => licensing.resetActivations(params, context.actor),
    SimulateLicenseClient: (params, context) => licensing.validate(params, { simulatedBy: context.actor }),
  };
};

export const licensingExports: AdminExportSlice<typeof LICENSING_CALLS> = {
  ListLicenses: { row: licenseRowSchema, rows: (data) => data.records },
};

/**
 * The licence server's public route (ADR 0032): a device posts its key and fingerprint, with no staff session
 * and no CSRF header (a machine, like the platform feed), and is told valid or why not. Limited per address
 * before the key is looked at, so guessing keys is as slow as the limit.
 */
export function registerLicensingRoutes(app: FastifyInstance, deps: { db: Db; now: () => Date }) {
  const licensing = createLicensingService(deps);
  app.post(LICENSE_VALIDATE_PATH, async (request) => {
    if (!(await admitValidation(deps.db, request.ip, deps.now())))
      throw new ApiError(429, LICENSE_MESSAGES.rateLimited);
    const input = validateKeyParamsSchema.parse(request.body ?? {});
    const data = await licensing.validate(input, { ip: request.ip });
    return { status_code: 200, message: MESSAGES.ok, data };
  });
}
