import {
  shouldInsertLive,
  TRANSACTIONS_PAGE_SIZE,
  type Transaction,
  type TransactionList,
  type TransactionListParams,
  type TransactionSortColumn,
} from '@bo/contract';
import { Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { queryKey } from '../../../lib/api/query-keys';
import { useTransactionList } from '../api/use-transactions';
import { useLiveHighlight } from '../hooks/use-live-highlight';
import { type LiveTransactionHandler, liveInsertFilterOf } from '../hooks/use-live-transactions';
import type { TransactionFilters } from '../hooks/use-transaction-filters';
import { Pager, rowKey, TransactionsView } from './transactions-view';

type PageMove = Pick<TransactionListParams, 'page' | 'cursor'>;

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

/** Adds or refreshes a live row in a cached page (SPEC §4); `null` when the page is not concerned. */
export function applyLiveTransaction(
  page: TransactionList,
  tx: Transaction,
  options: { isNew: boolean; mayInsert: boolean },
): TransactionList | null {
  const key = rowKey(tx);
  const index = page.records.findIndex((r) => rowKey(r) === key);
  if (index >= 0) {
    const records = [...page.records];
    records[index] = tx;
    return { ...page, records };
  }
  if (!options.isNew || !options.mayInsert) return null;
  // Page one grows instead of dropping its last row: its cursors stay right, so Next still continues after it.
  return { ...page, records: [tx, ...page.records], total: page.total + 1 };
}

/**
 * The server-side table of SPEC §2.6 item 2. Mount it with a key of the filters so paging starts over on
 * every new search or sort.
 */
export function TransactionsTable({ filters, onSort, onTotal, subscribeLive }: TransactionsTableProps) {
  const [paging, setPaging] = useState<Paging>({ move: { page: 'first' }, number: 1 });
  const client = useQueryClient();
  const { keys: highlighted, highlight } = useLiveHighlight();
  const params = useMemo<TransactionListParams>(
    () => ({
      start: filters.from,
      end: filters.to,
      keyword: filters.keyword,
      statuses: filters.statuses,
      ...(filters.merchantId !== null ? { merchantId: filters.merchantId } : {}),
      sort: filters.sort,
      order: filters.order,
      ...paging.move,
      pageSize: TRANSACTIONS_PAGE_SIZE,
    }),
    [filters, paging.move],
  );
  const list = useTransactionList(params);
  const data = list.data;
  const records = data?.records ?? [];
  const total = data?.total ?? 0;

  useEffect(() => {
    if (data) onTotal?.(data.total);
  }, [data, onTotal]);

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
        client.setQueryData(key, next);
        highlight(rowKey(event.transaction));
      }),
    [subscribeLive, client, params, paging.number, filters, highlight],
  );

  const go = (move: PageMove, number: number) => setPaging({ move, number });

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
        busy={list.isFetching}
        canPrevious={Boolean(data?.firstCursor)}
        canNext={Boolean(data?.lastCursor)}
        onFirst={() => go({ page: 'first' }, 1)}
        onPrevious={() =>
          data?.firstCursor && go({ page: 'prev', cursor: data.firstCursor }, paging.number - 1)
        }
        onNext={() => data?.lastCursor && go({ page: 'next', cursor: data.lastCursor }, paging.number + 1)}
        onLast={() => go({ page: 'last' }, Math.max(1, Math.ceil(total / TRANSACTIONS_PAGE_SIZE)))}
      />
    </Stack>
  );
}
