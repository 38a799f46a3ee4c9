import {
  ALL_STATUS_FILTER,
  DEFAULT_STATUS_FILTER,
  formatTransactionRef,
  type StatusFilterValue,
  TRANSACTION_SORT_COLUMNS,
  TRANSACTIONS_PAGE_SIZE,
  type TransactionCountParams,
  type TransactionListParams,
  transactionCountParamsSchema,
  transactionListParamsSchema,
} from '@bo/contract';
import type { DemoMerchant } from '../../apps/server/src/db/seed/merchants.seed';
import { classifyKeyword } from '../../apps/server/src/modules/transactions/keyword.rule';
import type { TransactionsService } from '../../apps/server/src/modules/transactions/transactions.service';
import type { Case } from './measure';
import type { SqlClient } from './seed-volume';

const DAY_MS = 86_400_000;

/** Real values to search for, drawn from the seeded rows. */
export interface Samples {
  tRef: string;
  pRef: string;
  bareNumber: string;
  xchange: string;
  hash: string;
  address: string;
  reference: string;
  email: string;
  big: DemoMerchant;
  small: DemoMerchant;
}

type Filter = Omit<TransactionCountParams, 'exact'>;

export async function drawSamples(
  client: SqlClient,
  merchants: readonly DemoMerchant[],
  rowCount: number,
): Promise<Samples> {
  const sample = async (where: string) => {
    const result = await client.query<{
      prefix: 'T' | 'P';
      transaction_id: number;
      security: string;
      coin_address: string;
      xchange_id: number | null;
      customer_reference: string | null;
      email: string | null;
    }>(
      `select prefix, transaction_id::float8 as transaction_id, security, coin_address,
              xchange_id::float8 as xchange_id, customer_reference, email
       from transactions where ${where} order by id desc limit 1 offset ${Math.min(5000, Math.floor(rowCount / 200))}`,
    );
    const row = result.rows[0];
    if (!row) throw new Error(`no sample row for ${where}`);
    return row;
  };
  const tRow = await sample(`prefix = 'T' and coin_address <> 'NA' and status = 'paid'`);
  const pRow = await sample(`prefix = 'P'`);
  const xcRow = await sample(`xchange_id is not null and status = 'swap'`);
  const orderRow = await sample(`customer_reference like 'ORD-%' and status = 'paid'`);
  const mailRow = await sample(`email ~ '^[a-z]+\\.[a-z]+[0-9]+@' and status = 'paid'`);
  const byActivity = [...merchants].filter((m) => m.activity > 0).sort((a, b) => b.activity - a.activity);
  return {
    tRef: formatTransactionRef(tRow.prefix, tRow.transaction_id),
    pRef: formatTransactionRef(pRow.prefix, pRow.transaction_id),
    bareNumber: String(tRow.transaction_id),
    xchange: `xc${xcRow.xchange_id}`,
    hash: tRow.security,
    address: tRow.coin_address,
    reference: orderRow.customer_reference ?? '',
    email: mailRow.email ?? '',
    big: byActivity[0] as DemoMerchant,
    small: byActivity[Math.floor(byActivity.length * 0.8)] as DemoMerchant,
  };
}

export interface Ranges {
  week: { start: string; end: string };
  xc: { start: string; end: string };
  full: { start: string; end: string };
  /** A week half the data set back: a range at neither end of an index that follows time. */
  past: { start: string; end: string };
}

/** The dashboard's ranges: its default 7 days, the `xc` query's 60, and every day the data set holds. */
export function rangesOf(now: Date, days: number): Ranges {
  const day = (back: number) => new Date(now.getTime() - back * DAY_MS).toISOString().slice(0, 10);
  return {
    week: { start: day(7), end: day(0) },
    xc: { start: day(60), end: day(0) },
    full: { start: day(days), end: day(0) },
    past: { start: day(Math.round(days / 2) + 7), end: day(Math.round(days / 2)) },
  };
}

/** A filter combination the dashboard can ask for, named as the figures show it. */
export interface Combination {
  label: string;
  filter: Filter;
}

/**
 * The filter combinations of issue #6: each range with default, single and all statuses; a big and a small
 * merchant; and a keyword of each shape. Not the full cross product (hundreds of cases), but every value of
 * every filter, each over the ranges where it costs most.
 */
export function combinations(ranges: Ranges, days: number, s: Samples): Combination[] {
  const defaults = { statuses: [...DEFAULT_STATUS_FILTER] };
  const named: Array<[string, { start: string; end: string }]> = [
    ['7 days', ranges.week],
    ['60 days', ranges.xc],
    [`${days} days`, ranges.full],
  ];
  const statuses: Array<[string, StatusFilterValue[]]> = [
    ['default statuses', [...DEFAULT_STATUS_FILTER]],
    ['paid', ['paid']],
    ['payout-pending', ['payout-pending']],
    ['rt-t', ['rt-t']],
    ['all statuses', [...ALL_STATUS_FILTER]],
  ];
  const out: Combination[] = [];
  for (const [rangeLabel, range] of named) {
    for (const [statusLabel, list] of statuses)
      out.push({ label: `${rangeLabel} · ${statusLabel}`, filter: { ...range, statuses: list } });
    out.push({
      label: `${rangeLabel} · default statuses · big merchant`,
      filter: { ...range, ...defaults, merchantId: s.big.id },
    });
    out.push({
      label: `${rangeLabel} · default statuses · small merchant`,
      filter: { ...range, ...defaults, merchantId: s.small.id },
    });
  }
  out.push({
    label: `${days} days · payout-pending · small merchant`,
    filter: { ...ranges.full, statuses: ['payout-pending'], merchantId: s.small.id },
  });
  const keywords: Array<[string, string]> = [
    ['T id', s.tRef],
    ['P id', s.pRef],
    ['bare number', s.bareNumber],
    ['xChange id', s.xchange],
    ['hash', s.hash],
    ['address', s.address],
    ['reference', s.reference],
    ['e-mail', s.email],
    ['short text "ke"', 'ke'],
    ['word "kelly"', 'kelly'],
    ['long text (shop title)', s.big.row.shopTitle],
    ['part of an e-mail', s.email.slice(0, s.email.indexOf('@') + 1)],
    ['merchant nickname', s.big.row.ownerNickName],
    ['no match', 'zqxjv'],
  ];
  for (const [rangeLabel, range] of named.slice(1)) {
    for (const [label, keyword] of keywords) {
      // A payout is outside the default statuses: a P id is looked up with every status, as staff would.
      const list = label === 'P id' ? [...ALL_STATUS_FILTER] : [...DEFAULT_STATUS_FILTER];
      out.push({
        label: `${rangeLabel} · keyword ${label} [${classifyKeyword(keyword).kind}]`,
        filter: { ...range, statuses: list, keyword },
      });
    }
  }
  out.push({
    label: `${days} days · big merchant · keyword "kelly"`,
    filter: { ...ranges.full, ...defaults, merchantId: s.big.id, keyword: 'kelly' },
  });
  out.push({
    label: `7 days · small merchant · keyword "ke"`,
    filter: { ...ranges.week, ...defaults, merchantId: s.small.id, keyword: 'ke' },
  });
  return out;
}

export interface DashboardOptions {
  service: TransactionsService;
  budget: number;
  countBudget?: number;
  /** Prints the plans of the queries one call makes (BENCH_EXPLAIN). */
  explain?: (run: (service: TransactionsService) => Promise<unknown>) => Promise<void>;
}

const listParams = (params: TransactionListParams) => transactionListParamsSchema.parse(params);
const countParams = (params: TransactionCountParams) => transactionCountParamsSchema.parse(params);

/** The first page of each combination: one ListTransactions call, the page of 15 without its total. */
export function firstPageCases(list: readonly Combination[], o: DashboardOptions): Case[] {
  return list.map(({ label, filter }) => {
    const run = (service: TransactionsService) =>
      service.list(listParams(filter)).then((page) => page.records.length);
    return {
      name: `first page · ${label}`,
      budget: o.budget,
      run: () => run(o.service),
      ...(o.explain ? { explain: () => (o.explain as NonNullable<typeof o.explain>)(run) } : {}),
    };
  });
}

/** 'Showing a - b of n': one CountTransactions call per combination, as the page asks for it. */
export function countCases(list: readonly Combination[], o: DashboardOptions): Case[] {
  return list.map(({ label, filter }) => {
    const run = (service: TransactionsService) => service.count(countParams(filter)).then((c) => c.total);
    return {
      name: `count · ${label}`,
      ...(o.countBudget === undefined ? {} : { budget: o.countBudget }),
      run: () => run(o.service),
      ...(o.explain ? { explain: () => (o.explain as NonNullable<typeof o.explain>)(run) } : {}),
    };
  });
}

/**
 * Every column sorted both ways over 7 days, 60 days, the full range and a week half the data set back: the
 * first page of each. Reported only: issue #6 budgets the filter combinations in the default order. A sort
 * of a column that follows time (TransactionID, Date) starts its walk at the range's lower bound when
 * ascending (ADR 0010) and at the newest row when descending, which for a past week is far from its rows.
 */
export function sortCases(ranges: Ranges, days: number, o: DashboardOptions): Case[] {
  const out: Case[] = [];
  for (const [label, range] of [
    ['7 days', ranges.week],
    ['60 days', ranges.xc],
    [`${days} days`, ranges.full],
    [`a past week (${Math.round(days / 2)} days back)`, ranges.past],
  ] as const) {
    for (const sort of TRANSACTION_SORT_COLUMNS) {
      for (const order of ['desc', 'asc'] as const) {
        const params = { ...range, statuses: [...DEFAULT_STATUS_FILTER], sort, order };
        const run = (service: TransactionsService) =>
          service.list(listParams(params)).then((page) => page.records.length);
        out.push({
          name: `first page · ${label} · sort ${sort} ${order}`,
          run: () => run(o.service),
          ...(o.explain ? { explain: () => (o.explain as NonNullable<typeof o.explain>)(run) } : {}),
        });
      }
    }
  }
  return out;
}

/**
 * Deep pages. The dashboard pages by keyset with First / Previous / Next / Last only (SPEC §2.6), so page
 * 1,000 is reached by Next from page 999: its request carries page 999's last cursor. The cursor is found
 * once by walking the list in chunks of 500, as Local mode does; the figure is the one Next request.
 * The last page is `page=last` with the remainder of the total, as the Last button asks for it.
 */
export async function deepPageCases(
  targets: ReadonlyArray<{ label: string; params: TransactionListParams }>,
  o: DashboardOptions,
): Promise<Case[]> {
  const out: Case[] = [];
  const before = 999 * TRANSACTIONS_PAGE_SIZE;
  for (const { label, params } of targets) {
    let cursor: string | null = null;
    let walked = 0;
    while (walked < before) {
      const size = Math.min(500, before - walked);
      const chunk = await o.service.list(
        listParams({
          ...params,
          pageSize: size,
          ...(cursor ? { page: 'next' as const, cursor } : { page: 'first' as const }),
        }),
      );
      walked += chunk.records.length;
      cursor = chunk.lastCursor;
      if (chunk.records.length < size || !cursor) break;
    }
    if (walked === before && cursor) {
      const next = { ...params, page: 'next' as const, cursor };
      out.push({
        name: `page 1,000 · ${label}`,
        budget: o.budget,
        run: () => o.service.list(listParams(next)).then((page) => page.records.length),
      });
    } else {
      out.push({ name: `page 1,000 · ${label} (only ${walked} rows)`, run: async () => 0 });
    }
    const { total } = await o.service.count(countParams({ ...params, exact: '1' }));
    const last = { ...params, page: 'last' as const, pageSize: total % TRANSACTIONS_PAGE_SIZE || 15 };
    out.push({
      name: `last page · ${label}`,
      budget: o.budget,
      run: () => o.service.list(listParams(last)).then((page) => page.records.length),
    });
  }
  return out;
}
