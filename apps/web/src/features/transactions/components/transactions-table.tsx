import {
  AMOUNT_DECIMALS,
  adminPath,
  badgeColor,
  formatUtcDate,
  shownDate,
  TRANSACTIONS_PAGE_SIZE,
  type Transaction,
  type TransactionListParams,
  type TransactionSortColumn,
} from '@bo/contract';
import { Anchor, Badge, Button, Group, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDecimal } from '../../../lib/format/decimal';
import { privacyStyle } from '../../../lib/format/privacy-style';
import { useAppStore } from '../../../lib/session/session.store';
import { useTransactionList } from '../api/use-transactions';
import type { TransactionFilters } from '../hooks/use-transaction-filters';
import { RowActions } from './row-actions';
import { safeTransactionRef } from './transaction-ref';

const COLUMNS: ReadonlyArray<{ sort: TransactionSortColumn; label: string }> = [
  { sort: 'Merchant', label: 'Merchant' },
  { sort: 'TransactionID', label: 'Transaction ID' },
  { sort: 'OriginalAmount', label: 'Original Amount' },
  { sort: 'Amount', label: 'Amount' },
  { sort: 'Type', label: 'Type' },
  { sort: 'Status', label: 'Status' },
  { sort: 'CreatedOn', label: 'Created On' },
  { sort: 'Date', label: 'Date' },
];

type PageMove = Pick<TransactionListParams, 'page' | 'cursor'>;

interface Paging {
  move: PageMove;
  /** 1-based page number the client keeps itself; the server pages by keyset. */
  number: number;
}

export interface TransactionsTableProps {
  filters: TransactionFilters;
  onSort: (column: TransactionSortColumn) => void;
}

const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * The server-side table of SPEC §2.6 item 2. Mount it with a key of the filters so paging starts over on
 * every new search or sort.
 */
export function TransactionsTable({ filters, onSort }: TransactionsTableProps) {
  const [paging, setPaging] = useState<Paging>({ move: { page: 'first' }, number: 1 });
  const privacyMode = useAppStore((s) => s.privacyMode);
  const list = useTransactionList({
    start: filters.from,
    end: filters.to,
    keyword: filters.keyword,
    statuses: filters.statuses,
    ...(filters.merchantId !== null ? { merchantId: filters.merchantId } : {}),
    sort: filters.sort,
    order: filters.order,
    ...paging.move,
    pageSize: TRANSACTIONS_PAGE_SIZE,
  });

  const data = list.data;
  const records = data?.records ?? [];
  const total = data?.total ?? 0;
  const lastNumber = Math.max(1, Math.ceil(total / TRANSACTIONS_PAGE_SIZE));
  const busy = list.isFetching;
  const masters = new Set(
    records.flatMap((r) => (r.MasterTransactionID === null ? [] : [r.MasterTransactionID])),
  );
  const firstShown = (paging.number - 1) * TRANSACTIONS_PAGE_SIZE + 1;
  const lastShown = firstShown + records.length - 1;

  const go = (move: PageMove, number: number) => setPaging({ move, number });

  const header = (column: (typeof COLUMNS)[number]) => {
    const isSorted = filters.sort === column.sort;
    const Arrow = filters.order === 'asc' ? IconArrowUp : IconArrowDown;
    return (
      <Table.Th
        key={column.sort}
        aria-sort={isSorted ? (filters.order === 'asc' ? 'ascending' : 'descending') : 'none'}
        style={nowrap}
      >
        <UnstyledButton onClick={() => onSort(column.sort)} fw={600} fz="sm">
          <Group gap={4} wrap="nowrap">
            {column.label}
            {isSorted ? <Arrow size={14} aria-hidden /> : null}
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  };

  const row = (tx: Transaction) => {
    const ref = safeTransactionRef(tx.Prefix, tx.TransactionID);
    const blur = privacyStyle(privacyMode);
    return (
      <Table.Tr key={`${tx.Prefix}${tx.ID}`}>
        <Table.Td style={nowrap} maw={220}>
          <Text span fz="sm" truncate="end" display="block" title={tx.ShopTitle} style={blur}>
            {tx.ShopTitle || tx.OwnerNickName}
          </Text>
        </Table.Td>
        <Table.Td style={nowrap}>
          <Anchor component={Link} to={adminPath('transaction-detail', { id: ref })} fz="sm" ff="monospace">
            {ref}
          </Anchor>
        </Table.Td>
        <Table.Td style={nowrap} ta="right">
          <Text span fz="sm" style={blur}>
            {tx.OriginalAmount} {tx.InputCurrency}
          </Text>
        </Table.Td>
        <Table.Td style={nowrap} ta="right">
          <Text span fz="sm" style={blur}>
            {formatDecimal(tx.Amount, AMOUNT_DECIMALS)} {tx.CoinName}
          </Text>
        </Table.Td>
        <Table.Td style={nowrap}>{tx.TransactionType}</Table.Td>
        <Table.Td style={nowrap}>
          {/* The full status must show: a money desk cannot read "w…". */}
          <Badge
            color={badgeColor(tx.Status)}
            variant="light"
            styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
          >
            {tx.Status}
          </Badge>
        </Table.Td>
        <Table.Td style={nowrap} ff="monospace" fz="xs">
          {formatUtcDate(tx.CreatedOn)}
        </Table.Td>
        <Table.Td style={nowrap} ff="monospace" fz="xs">
          {formatUtcDate(shownDate(tx))}
        </Table.Td>
        <Table.Td style={nowrap}>
          <RowActions tx={tx} isMaster={masters.has(tx.TransactionID)} />
        </Table.Td>
      </Table.Tr>
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
    <>
      <Table.ScrollContainer minWidth={1280}>
        <Table verticalSpacing={6} fz="sm" striped highlightOnHover aria-label="Transactions">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map(header)}
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS.length + 1} ta="center">
                  <Text size="sm" c="dimmed">
                    No transaction available
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              records.map(row)
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {records.length > 0 ? `Showing ${firstShown} - ${lastShown} of ${total}` : ''}
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            disabled={busy || paging.number <= 1}
            onClick={() => go({ page: 'first' }, 1)}
          >
            First
          </Button>
          <Button
            variant="default"
            size="xs"
            disabled={busy || paging.number <= 1 || !data?.firstCursor}
            onClick={() =>
              data?.firstCursor && go({ page: 'prev', cursor: data.firstCursor }, paging.number - 1)
            }
          >
            Previous
          </Button>
          <Button
            variant="default"
            size="xs"
            disabled={busy || paging.number >= lastNumber || !data?.lastCursor}
            onClick={() =>
              data?.lastCursor && go({ page: 'next', cursor: data.lastCursor }, paging.number + 1)
            }
          >
            Next
          </Button>
          <Button
            variant="default"
            size="xs"
            disabled={busy || paging.number >= lastNumber}
            onClick={() => go({ page: 'last' }, lastNumber)}
          >
            Last
          </Button>
        </Group>
      </Group>
    </>
  );
}
