import { type ADMIN_CALLS, type ProviderDetail, providerDetailSchema, providerKindOf } from '@bo/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { ApiError } from '../../plugins/errors';
import {
  customerReferenceOf,
  findProviderPayment,
  findProviderPaymentByReference,
} from './providers.repository';

/** The provider dialogs' lookup (SPEC §7.1 PaymentProvider, §7.3). */
export function createProvidersService(db: Db) {
  return {
    async detail(
      params: z.output<typeof ADMIN_CALLS.PaymentProvider.params>,
    ): Promise<ProviderDetail | null> {
      const kind = providerKindOf(params.ProviderID);
      if (!kind) throw new ApiError(400, `Unknown payment provider ${params.ProviderID}`);
      const prefix = params.Payout === 1 ? 'P' : 'T';
      let details = await findProviderPayment(db, prefix, params.ID, params.ProviderID);
      // SPEC §7.3: a bank that knows no payment under our id is asked once more by the customer reference.
      if (details === undefined && kind === 'bank') {
        const reference = await customerReferenceOf(db, prefix, params.ID);
        if (reference) details = await findProviderPaymentByReference(db, params.ProviderID, reference);
      }
      if (details === undefined) return null;
      const parsed = providerDetailSchema.safeParse(details);
      if (!parsed.success || parsed.data.kind !== kind) {
        throw new ApiError(502, `The ${params.ProviderID} record of this payment is not readable`);
      }
      return parsed.data;
    },
  };
}
