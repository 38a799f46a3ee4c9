import {
  type ADMIN_CALLS,
  ALL_TRANSACTIONS_COUNT_CAP,
  type AllTransactionsPage,
  RELATIVE_RANGE_DAYS,
  TRANSACTION_VIEWS_PER_AUTHOR,
  type TransactionView,
  type TransactionViewFilters,
  transactionViewFiltersSchema,
} from '@bo/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { ApiError } from '../../plugins/errors';
import type { Actor } from '../audit/audit.service';
import { recordChange } from '../audit/audit.service';
import type { StaffContext } from '../auth/request-auth';
import { classifyKeyword } from '../transactions/keyword.rule';
import {
  countTransactions,
  type ListFilter,
  listTransactionsPage,
  type PageRequest,
} from '../transactions/transactions.repository';
import { decodeCursor, encodeCursor } from '../transactions/transactions.service';
import {
  countViewsOf,
  deleteView,
  findViewByName,
  insertView,
  listVisibleViews,
  lockView,
  type TransactionViewRow,
  updateView,
} from './transaction-views.repository';

type Params<K extends keyof typeof ADMIN_CALLS> = z.output<(typeof ADMIN_CALLS)[K]['params']>;

const DAY_MS = 86_400_000;
/** "All time" as whole UTC days, so its total is still summed from the per-day counts (ADR 0010). */
const ALL_TIME_FROM = new Date('1970-01-01T00:00:00Z');
const ALL_TIME_TO = new Date('9999-12-31T00:00:00Z');
export const AUDIT_ENTITY = 'transaction-view';

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The range of the filters as instants, resolved now: a relative range ("last 7 days", today included) moves
 * with the clock, so a saved view of it stays relative. `from`/`to` are the days it covers (null for all time).
 */
export function resolveRange(
  filters: Pick<TransactionViewFilters, 'range' | 'from' | 'to'>,
  now: Date,
): { from: Date; to: Date; fromDay: string | null; toDay: string | null } {
  if (filters.range === 'all') return { from: ALL_TIME_FROM, to: ALL_TIME_TO, fromDay: null, toDay: null };
  if (filters.range === 'custom' && filters.from && filters.to) {
    const from = new Date(`${filters.from}T00:00:00Z`);
    const to = new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS);
    return { from, to, fromDay: filters.from, toDay: filters.to };
  }
  const days = RELATIVE_RANGE_DAYS[filters.range] ?? 1;
  const today = Date.parse(`${dayOf(now)}T00:00:00Z`);
  const from = new Date(today - (days - 1) * DAY_MS);
  return { from, to: new Date(today + DAY_MS), fromDay: dayOf(from), toDay: dayOf(new Date(today)) };
}

const uniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};
const nameTaken = (name: string) => new ApiError(409, `A saved view named ${name} already exists`);
const noView = () => new ApiError(404, 'No saved view with that id');

/** A view's stored filters, read with today's schema: a key added since gets its default. */
function filtersOf(row: TransactionViewRow): TransactionViewFilters {
  const parsed = transactionViewFiltersSchema.safeParse(row.filters);
  // A view is written only through the schema; one that no longer reads (a status renamed) opens unfiltered.
  return parsed.success ? parsed.data : transactionViewFiltersSchema.parse({});
}

const snapshot = (row: { name: string; shared: boolean; filters: unknown }) => ({
  Name: row.name,
  Shared: row.shared,
  Filters: row.filters,
});

/** The Transactions screen (ADR 0021): every transaction over any range, and its saved views. */
export function createAllTransactionsService(deps: { db: Db; now: () => Date }) {
  const { db } = deps;

  const viewOf = (row: TransactionViewRow, context: Pick<StaffContext, 'staffId' | 'permissions'>) => {
    const mine = row.authorId === context.staffId;
    return {
      ID: row.id,
      Name: row.name,
      Shared: row.shared,
      Filters: filtersOf(row),
      Author: row.author,
      IsMine: mine,
      CanDelete: mine || (row.shared && context.permissions.includes('admin-commander')),
      CreatedOn: row.createdOn.toISOString(),
      UpdatedOn: row.updatedOn.toISOString(),
    } satisfies TransactionView;
  };

  /** A view the caller may see, locked; another's private view is as absent as a missing one. */
  const visibleLocked = async (
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    id: number,
    staffId: number,
  ) => {
    const row = await lockView(tx, id);
    if (!row || (!row.shared && row.authorId !== staffId)) throw noView();
    return row;
  };

  const reread = async (id: number, context: StaffContext) => {
    const row = (await listVisibleViews(db, context.staffId)).find((r) => r.id === id);
    if (!row) throw noView();
    return viewOf(row, context);
  };

  return {
    /**
     * One page and its total. The total comes first: without keyword, coin or type it is a sum of per-day
     * counts (ADR 0010), otherwise counted up to the cap. A page past the middle of an exactly counted list
     * is read from the other end, so the last of 300,000 pages steps over a few index entries, not millions.
     */
    async list(params: Params<'ListAllTransactions'>): Promise<AllTransactionsPage> {
      const range = resolveRange(params, deps.now());
      const filter: ListFilter = {
        from: range.from,
        to: range.to,
        statuses: params.statuses,
        merchantId: params.merchantId,
        keyword: classifyKeyword(params.keyword),
        altCoinId: params.coin,
        types: params.types,
      };
      const order = { sort: params.sort, order: params.order } as const;
      const metaOf = (total: number, isCapped: boolean, offset: number, page: number) => ({
        total,
        isCapped,
        offset,
        limit: params.limit,
        page,
        from: range.fromDay,
        to: range.toDay,
      });
      const answer = (
        records: Awaited<ReturnType<typeof listTransactionsPage>>,
        meta: AllTransactionsPage['meta'],
      ) => {
        const last = records.keys.at(-1);
        return { records: records.records, meta, lastCursor: last ? encodeCursor(last) : null };
      };

      if (params.cursor !== undefined) {
        // The export's walk: rows after the cursor, by keyset, uncounted (the total is what was read so far).
        const after = decodeCursor(params.cursor, params.sort);
        const page = await listTransactionsPage(db, filter, {
          ...order,
          after,
          backwards: false,
          limit: params.limit,
        });
        return answer(page, metaOf(page.records.length, false, 0, 1));
      }

      const counted = await countTransactions(db, filter, ALL_TRANSACTIONS_COUNT_CAP);
      const offset = (params.page - 1) * params.limit;
      const meta = metaOf(counted.total, counted.isCapped, offset, params.page);
      if (!counted.isCapped && offset >= counted.total) return { records: [], meta, lastCursor: null };
      let request: PageRequest = { ...order, backwards: false, limit: params.limit, offset };
      if (!counted.isCapped && offset > counted.total / 2) {
        const onPage = Math.min(params.limit, counted.total - offset);
        request = { ...order, backwards: true, limit: onPage, offset: counted.total - offset - onPage };
      }
      return answer(await listTransactionsPage(db, filter, request), meta);
    },

    async views(context: StaffContext): Promise<TransactionView[]> {
      const rows = await listVisibleViews(db, context.staffId);
      return rows.map((row) => viewOf(row, context));
    },

    async create(params: Params<'CreateTransactionView'>, context: StaffContext, actor: Actor) {
      const at = deps.now();
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          if (await findViewByName(tx, params.Name)) throw nameTaken(params.Name);
          if ((await countViewsOf(tx, context.staffId)) >= TRANSACTION_VIEWS_PER_AUTHOR)
            throw new ApiError(
              409,
              `You already keep ${TRANSACTION_VIEWS_PER_AUTHOR} saved views: delete one to save another`,
            );
          const values = { name: params.Name, shared: params.Shared, filters: params.Filters };
          const created = await insertView(tx, { ...values, authorId: context.staffId, at });
          await recordChange(tx, actor, {
            action: 'transaction-view.create',
            entity: AUDIT_ENTITY,
            id: created,
            after: snapshot(values),
          });
          return created;
        });
      } catch (error) {
        // Two staff saving the same name at once: the unique index decides, the second hears why.
        if (uniqueViolation(error)) throw nameTaken(params.Name);
        throw error;
      }
      return reread(id, context);
    },

    async update(params: Params<'UpdateTransactionView'>, context: StaffContext, actor: Actor) {
      try {
        await db.transaction(async (tx) => {
          const row = await visibleLocked(tx, params.ID, context.staffId);
          if (row.authorId !== context.staffId)
            throw new ApiError(403, 'Only its author can change a saved view');
          const next = {
            name: params.Name ?? row.name,
            shared: params.Shared ?? row.shared,
            filters: params.Filters ?? row.filters,
          };
          if (next.name !== row.name && (await findViewByName(tx, next.name))) throw nameTaken(next.name);
          await updateView(tx, row.id, { ...next, at: deps.now() });
          await recordChange(tx, actor, {
            action: 'transaction-view.update',
            entity: AUDIT_ENTITY,
            id: row.id,
            before: snapshot(row),
            after: snapshot(next),
          });
        });
      } catch (error) {
        if (uniqueViolation(error) && params.Name) throw nameTaken(params.Name);
        throw error;
      }
      return reread(params.ID, context);
    },

    async remove(params: Params<'DeleteTransactionView'>, context: StaffContext, actor: Actor) {
      await db.transaction(async (tx) => {
        const row = await visibleLocked(tx, params.ID, context.staffId);
        if (!viewOf(row, context).CanDelete)
          throw new ApiError(403, 'Only its author, or an admin for a shared view, can delete a saved view');
        await deleteView(tx, row.id);
        await recordChange(tx, actor, {
          action: 'transaction-view.delete',
          entity: AUDIT_ENTITY,
          id: row.id,
          before: snapshot(row),
        });
      });
      return { ID: params.ID };
    },
  };
}
