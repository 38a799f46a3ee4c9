import type { ADMIN_CALLS, FailureCause } from '@bo/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { ApiError } from '../../plugins/errors';
import { appendAudit } from '../audit/audit.repository';
import type { Actor } from '../transactions/transactions.service';
import { findFailure, listFailures, lockFailure, updateFailure } from './failures.repository';

export function createFailuresService(db: Db, now: () => Date) {
  return {
    async list(params: z.output<typeof ADMIN_CALLS.TransactionFailure.params>) {
      const offset = (params.page - 1) * params.limit;
      const { records, total, isCapped } = await listFailures(db, {
        keyword: params.keyword,
        stickyOnly: params.sticky,
        orderBy: params.orderBy,
        order: params.order,
        limit: params.limit,
        offset,
      });
      return { data: { records, meta: { total, offset, limit: params.limit, page: params.page, isCapped } } };
    },

    /** UpdateTable on Transaction_Failure: flips Sticky or sets Notes, under a row lock, audited. */
    async update(
      params: z.output<typeof ADMIN_CALLS.UpdateTable.params>,
      actor: Actor,
    ): Promise<FailureCause> {
      await db.transaction(async (tx) => {
        const row = await lockFailure(tx, params.ID);
        if (!row) throw new ApiError(404, 'No record found!');
        const at = now();
        const change = params.field === 'Sticky' ? { sticky: params.value } : { notes: params.value };
        await updateFailure(tx, row.id, { ...change, updatedOn: at });
        await appendAudit(tx, {
          actorStaffId: actor.staffId,
          actorUsername: actor.username,
          action: `failure.${params.field.toLowerCase()}`,
          entity: 'failure_cause',
          entityId: String(row.id),
          before: params.field === 'Sticky' ? { Sticky: row.sticky } : { Notes: row.notes },
          after: params.field === 'Sticky' ? { Sticky: params.value } : { Notes: params.value },
          ip: actor.ip,
        });
      });
      const updated = await findFailure(db, params.ID);
      if (!updated) throw new ApiError(404, 'No record found!');
      return updated;
    },
  };
}
