import {
  shouldInsertLive,
  TRANSACTIONS_PAGE_SIZE,
  type Transaction,
  type TransactionCount,
  type TransactionCountParams,
  type TransactionList,
  type TransactionListParams,
  type TransactionSortColumn,
} from '@bo/contract';
import { Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { adminCall } from '../../../lib/api/admin-client';
import { queryKey } from '../../../lib/api/query-keys';
import { useTransactionCount, useTransactionList } from '../api/use-transactions';
import { useLiveHighlight } from '../hooks/use-live-highlight';
import { type LiveTransactionHandler, liveInsertFilterOf } from '../hooks/use-live-transactions';
import type { TransactionFilters } from '../hooks/use-transaction-filters';
import { Pager, rowKey, TransactionsView } from './transactions-view';

type PageMove = Pick<TransactionListParams, 'page' | 'cursor' | 'pageSize'>;

interface Paging {
  move: PageMove;
  /** 1-based page number the client keeps itself; the server pages by keyset. */
  number: number;
}

export interface TransactionsTableProps {
  filters: TransactionFilters;
  onSort: (column: TransactionSortColumn) => void;
  /** Tells the section whether the list has rows (the 'Local' checkbox shows only then). */
  onTotal?: (total: number) => void;
  /** Registers this table's handler for live transactions; the section owns the one socket. */
  subscribeLive: (handler: LiveTransactionHandler) => () => void;
}

/**
 * Adds or refreshes a live row in a cached page (SPEC §4); `null` when the page is not concerned.
 * `isInserted` tells the caller that the row is new to the list, so its total grows by one.
 */
export function applyLiveTransaction(
  page: TransactionList,
  tx: Transaction,
  options: { isNew: boolean; mayInsert: boolean },
): { page: TransactionList; isInserted: boolean } | null {
  const key = rowKey(tx);
  const index = page.records.findIndex((r) => rowKey(r) === key);
  if (index >= 0) {
    const records = [...page.records];
    records[index] = tx;
    return { page: { ...page, records }, isInserted: false };
  }
  if (!options.isNew || !options.mayInsert) return null;
  // Page one grows instead of dropping its last row: its cursors stay right, so Next still continues after it.
  return { page: { ...page, records: [tx, ...page.records] }, isInserted: true };
}

/**
 * The server-side table of SPEC §2.6 item 2. Mount it with a key of the filters so paging starts over on
 * every new search or sort. The page and its total are two calls (ADR 0010): the rows show as soon as they
 * come, 'of n' when the count does.
 */
export function TransactionsTable({ filters, onSort, onTotal, subscribeLive }: TransactionsTableProps) {
  const [paging, setPaging] = useState<Paging>({ move: { page: 'first' }, number: 1 });
  // The exact total, once the Last button needed it past the count's cap.
  const [exactTotal, setExactTotal] = useState<number | null>(null);
  const [isFindingLast, setFindingLast] = useState(false);
  const client = useQueryClient();
  const { keys: highlighted, highlight } = useLiveHighlight();
  const countParams = useMemo<TransactionCountParams>(
    () => ({
      start: filters.from,
      end: filters.to,
      keyword: filters.keyword,
      statuses: filters.statuses,
      ...(filters.merchantId !== null ? { merchantId: filters.merchantId } : {}),
    }),
    [filters],
  );
  const params = useMemo<TransactionListParams>(
    () => ({
      ...countParams,
      sort: filters.sort,
      order: filters.order,
      pageSize: TRANSACTIONS_PAGE_SIZE,
      ...paging.move,
    }),
    [countParams, filters.sort, filters.order, paging.move],
  );
  const list = useTransactionList(params);
  const count = useTransactionCount(countParams);
  const data = list.data;
  const records = data?.records ?? [];
  const total = exactTotal ?? count.data?.total ?? null;
  const isTotalCapped = exactTotal === null && (count.data?.isCapped ?? false);

  // The rows of page one are enough to know whether the list is empty, should the count be slow.
  const known = count.data?.total ?? (data && paging.number === 1 ? data.records.length : undefined);
  useEffect(() => {
    if (known !== undefined) onTotal?.(known);
  }, [known, onTotal]);

  useEffect(
    () =>
      subscribeLive((event) => {
        const key = queryKey('admin', 'ListTransactions', params);
        const page = client.getQueryData<TransactionList>(key);
        if (!page) return;
        const next = applyLiveTransaction(page, event.transaction, {
          isNew: event.kind === 'waiting',
          mayInsert: paging.number === 1 && shouldInsertLive(event.transaction, liveInsertFilterOf(filters)),
        });
        if (!next) return;
        client.setQueryData(key, next.page);
        if (next.isInserted) {
          // A capped count stays 'more than'; an exact one counts the new row.
          client.setQueryData<TransactionCount>(queryKey('admin', 'CountTransactions', countParams), (c) =>
            c && !c.isCapped ? { ...c, total: c.total + 1 } : c,
          );
          setExactTotal((n) => (n === null ? n : n + 1));
        }
        highlight(rowKey(event.transaction));
      }),
    [subscribeLive, client, params, countParams, paging.number, filters, highlight],
  );

  const go = (move: PageMove, number: number) => setPaging({ move, number });

  // The last page is the remainder of the total (so it lines up with 'Showing a - b of n'); past the
  // count's cap the exact total is asked for first, which may take a moment on a broad keyword.
  const goLast = async () => {
    let n = total;
    if (n === null) return;
    if (isTotalCapped) {
      const exactParams = { ...countParams, exact: '1' as const };
      setFindingLast(true);
      try {
        const exact = await client.fetchQuery({
          queryKey: queryKey('admin', 'CountTransactions', exactParams),
          queryFn: ({ signal }) => adminCall('CountTransactions', exactParams, { signal }),
        });
        n = exact.total;
        setExactTotal(n);
      } finally {
        setFindingLast(false);
      }
    }
    go(
      { page: 'last', pageSize: n % TRANSACTIONS_PAGE_SIZE || TRANSACTIONS_PAGE_SIZE },
      Math.max(1, Math.ceil(n / TRANSACTIONS_PAGE_SIZE)),
    );
  };

  if (list.isPending) return <Skeleton h={240} />;
  if (list.isError && !data)
    return (
      <Text size="sm" c="dimmed">
        Could not load the transactions.
      </Text>
    );

  return (
    <Stack gap="sm">
      <TransactionsView
        label="Transactions"
        records={records}
        sort={filters.sort}
        order={filters.order}
        onSort={onSort}
        highlighted={highlighted}
      />
      <Pager
        page={paging.number}
        pageSize={TRANSACTIONS_PAGE_SIZE}
        shown={records.length}
        total={total}
        isTotalCapped={isTotalCapped}
        busy={list.isFetching || isFindingLast}
        canPrevious={Boolean(data?.firstCursor)}
        canNext={Boolean(data?.lastCursor)}
        onFirst={() => go({ page: 'first' }, 1)}
        onPrevious={() =>
          data?.firstCursor && go({ page: 'prev', cursor: data.firstCursor }, paging.number - 1)
        }
        onNext={() => data?.lastCursor && go({ page: 'next', cursor: data.lastCursor }, paging.number + 1)}
        onLast={() => void goLast()}
      />
    </Stack>
  );
}
