import { z } from 'zod';
import { noParams } from '../../common/params.schema';
import {
  overview24hSchema,
  pendingKycSchema,
  recentRegistrationSchema,
  syncStatusSchema,
} from '../../entities/catalog.schema';
import { adminCalls, get } from '../define';
import { syncSourceSchema } from '../service-status';

/** The dashboard's boxes (SPEC §2.6) beside its transaction list. */
export const DASHBOARD_CALLS = adminCalls({
  Last24HData: get('admin-commander', noParams, overview24hSchema),
  LatestKYC: get('kyc-commander', noParams, z.array(pendingKycSchema)),
  RecentRegistrations: get('view-users', noParams, z.array(recentRegistrationSchema)),
  TotalRegistrations24H: get('admin-commander', noParams, z.object({ TotalRegistrations: z.number().int() })),
  /**
   * Replica lag for the dashboard's Sync Status box (SPEC §2.6, §7.2), in MySQL's SHOW SLAVE STATUS names.
   * `view-transactions`, not `admin-commander`: the badge tells whoever reads the transaction list
   * whether that list may be stale, and support staff read it all day (ADR 0006). `Source` (our addition)
   * says what the figures describe, so 'Synced' without any replica is not mistaken for a healthy replica.
   */
  SlaveStatus: get('view-transactions', noParams, syncStatusSchema.extend({ Source: syncSourceSchema })),
});
