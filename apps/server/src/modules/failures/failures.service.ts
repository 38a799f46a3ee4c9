import type { ADMIN_CALLS, FailureCause } from '@bo/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { pageAnswer, pageOffset } from '../../lib/paging';
import { ApiError } from '../../plugins/errors';
import { type Actor, recordChange } from '../audit/audit.service';
import { findFailure, listFailures, lockFailure, updateFailure } from './failures.repository';

export function createFailuresService(db: Db, now: () => Date) {
  return {
    async list(params: z.output<typeof ADMIN_CALLS.TransactionFailure.params>) {
      const { records, total, isCapped } = await listFailures(db, {
        keyword: params.keyword,
        stickyOnly: params.sticky,
        orderBy: params.orderBy,
        order: params.order,
        limit: params.limit,
        offset: pageOffset(params),
      });
      // SPEC §7.2 nests the page in `data`, and a capped keyword total says so (ADR 0010).
      const page = pageAnswer(params, total, records);
      return { data: { records: page.records, meta: { ...page.meta, isCapped } } };
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
        await recordChange(tx, actor, {
          action: `failure.${params.field.toLowerCase()}`,
          entity: 'failure_cause',
          id: row.id,
          before: params.field === 'Sticky' ? { Sticky: row.sticky } : { Notes: row.notes },
          after: params.field === 'Sticky' ? { Sticky: params.value } : { Notes: params.value },
        });
      });
      const updated = await findFailure(db, params.ID);
      if (!updated) throw new ApiError(404, 'No record found!');
      return updated;
    },
  };
}
