import { z } from 'zod';
import { idParam } from '../../common/params.schema';
import { OFFLINE_POOL_PAGE_SIZE, offlinePoolSchema } from '../../entities/offline-pool.schema';
import { adminCalls, list } from '../define';

export const OFFLINE_POOL_CALLS = adminCalls({
  /**
   * The XChange Offline Pool (SPEC §2.1: query coin and id): a coin's open xChange transactions, newest
   * first by default, with totals, and the failure record `id` when given (docs/adr/0008).
   */
  XChangeOfflinePool: list(
    'admin-commander',
    z.object({
      coin: idParam('The coin'),
      id: idParam('The failure id').optional(),
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      order: z.enum(['asc', 'desc']).default('desc'),
      limit: z.coerce.number().int().min(1).max(100).default(OFFLINE_POOL_PAGE_SIZE),
    }),
    offlinePoolSchema,
  ),
});
