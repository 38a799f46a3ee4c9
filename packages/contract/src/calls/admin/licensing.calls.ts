import { z } from 'zod';
import { dayParam, idParam, noParams, optionalIdParam } from '../../common/params.schema';
import {
  issuedLicenseSchema,
  LICENSE_ENTITLEMENTS,
  LICENSE_MAX_ACTIVATIONS,
  LICENSE_MESSAGES,
  LICENSE_SORT_COLUMNS,
  LICENSE_STATUSES,
  LICENSES_PAGE_SIZE,
  licenseDetailSchema,
  licenseRowSchema,
  licenseValidationSchema,
  licensingOptionsSchema,
  validateKeyParamsSchema,
} from '../../entities/license.schema';
import { adminCalls, get, list, pageOf, pageParams, post } from '../define';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * Every licence change is confirmed (brief E): the authenticator code when the account has one, its password
 * otherwise. Which one the caller needs is in LicensingOptions' StepUpWith.
 */
const stepUp = {
  Code: z.string().trim().max(10, 'Type the 6-digit code of your authenticator app').optional(),
  Password: z.string().max(200, 'That password is not right').optional(),
};
const reason = z
  .string({ error: LICENSE_MESSAGES.reason })
  .trim()
  .min(1, LICENSE_MESSAGES.reason)
  .max(500, 'The reason must be at most 500 characters');
const licenseId = idParam('The licence');

export const issueLicenseParamsSchema = z.object({
  MerchantID: idParam('The licensee'),
  ProductID: idParam('The product'),
  PolicyID: idParam('The policy'),
  /** The last day it is valid; must be after today (checked by the server against its clock). */
  ExpiresOn: dayParam('Expiry'),
  MaxActivations: z.coerce
    .number({ error: LICENSE_MESSAGES.maxActivations })
    .int(LICENSE_MESSAGES.maxActivations)
    .min(1, LICENSE_MESSAGES.maxActivations)
    .max(LICENSE_MAX_ACTIVATIONS, LICENSE_MESSAGES.maxActivations),
  Entitlements: z
    .array(z.enum(LICENSE_ENTITLEMENTS, `An entitlement must be one of ${LICENSE_ENTITLEMENTS.join(', ')}`), {
      error: 'The entitlements must be a list',
    })
    .max(LICENSE_ENTITLEMENTS.length)
    .default([]),
  Note: z
    .string({ error: 'The note must be text' })
    .trim()
    .max(500, 'The note must be at most 500 characters')
    .default(''),
  ...stepUp,
});
export type IssueLicenseParams = z.input<typeof issueLicenseParamsSchema>;

export const licenseListParamsSchema = z.object({
  merchantId: optionalIdParam('The licensee'),
  productId: optionalIdParam('The product'),
  status: z.preprocess(
    blankToUndefined,
    z.enum(LICENSE_STATUSES, `The status must be one of ${LICENSE_STATUSES.join(', ')}`).optional(),
  ),
  ...pageParams(LICENSE_SORT_COLUMNS, { pageSize: LICENSES_PAGE_SIZE }),
});
export type LicenseListParams = z.input<typeof licenseListParamsSchema>;

export const licenseActionParamsSchema = z.object({ ID: licenseId, ...stepUp });
export const licenseReasonActionParamsSchema = z.object({ ID: licenseId, Reason: reason, ...stepUp });
export type LicenseActionParams = z.input<typeof licenseActionParamsSchema>;
export type LicenseReasonActionParams = z.input<typeof licenseReasonActionParamsSchema>;

/** Licensing (admin-commander, docs/adr/0003), ADR 0032. */
export const LICENSING_CALLS = adminCalls({
  /** The products, their policies, and how the caller confirms a licence action. */
  LicensingOptions: get('admin-commander', noParams, licensingOptionsSchema),
  /** The licences, server-paged, newest first; never a whole key. */
  ListLicenses: list('admin-commander', licenseListParamsSchema, pageOf(licenseRowSchema)),
  /** One licence with its activations and its log (validations and admin actions). */
  LicenseDetail: get('admin-commander', z.object({ ID: licenseId }), licenseDetailSchema),
  /** Issues a licence; the answer holds the whole key this one time. Step-up; audited. */
  IssueLicense: post('admin-commander', issueLicenseParamsSchema, issuedLicenseSchema),
  /** Extends the expiry by the policy's duration (from today when already expired). Step-up; audited. */
  RenewLicense: post('admin-commander', licenseActionParamsSchema, licenseRowSchema),
  SuspendLicense: post('admin-commander', licenseReasonActionParamsSchema, licenseRowSchema),
  ReinstateLicense: post('admin-commander', licenseActionParamsSchema, licenseRowSchema),
  /** Final: a revoked licence validates as revoked and cannot be changed again. */
  RevokeLicense: post('admin-commander', licenseReasonActionParamsSchema, licenseRowSchema),
  /** Forgets every device, so the seats are free again. Step-up; audited. */
  ResetLicenseActivations: post('admin-commander', licenseActionParamsSchema, licenseRowSchema),
  /**
   * "Simulate client": validates a key exactly as a device's `POST /api/licensing/validate-key` would,
   * recording the activation and the validation (source 'simulated').
   */
  SimulateLicenseClient: post('admin-commander', validateKeyParamsSchema, licenseValidationSchema),
});
