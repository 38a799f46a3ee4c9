import {
  AMOUNT_DECIMALS,
  adminPath,
  badgeColor,
  formatUtcDate,
  shownDate,
  type Transaction,
  type TransactionSortColumn,
} from '@bo/contract';
import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { SortableHeader } from '../../../components/ui/sortable-header/sortable-header';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { formatAskedAmount, formatDecimal } from '../../../lib/format/decimal';
import { privacyStyle } from '../../../lib/format/privacy-style';
import { useAppStore } from '../../../lib/session/session.store';
import { rowKeyOf } from '../local/row-key';
import { RowActions } from './row-actions';
import { safeTransactionRef } from './transaction-ref';

export const COLUMNS: ReadonlyArray<{ sort: TransactionSortColumn; label: string }> = [
  { sort: 'Merchant', label: 'Merchant' },
  { sort: 'TransactionID', label: 'Transaction ID' },
  { sort: 'OriginalAmount', label: 'Original Amount' },
  { sort: 'Amount', label: 'Amount' },
  { sort: 'Type', label: 'Type' },
  { sort: 'Status', label: 'Status' },
  { sort: 'CreatedOn', label: 'Created On' },
  { sort: 'Date', label: 'Date' },
];

/** A row's identity across pages, live updates and the Local store. */
export const rowKey = rowKeyOf;

const nowrap = { whiteSpace: 'nowrap' } as const;
const dateCell = { fontVariantNumeric: 'tabular-nums' } as const;

/**
 * A SPEC date ('2026-11-23 06:07:45 PM') that may break only between the day and the time: on a screen too
 * narrow for all nine columns the two date columns take two lines, and the row actions stay in view.
 */
function TableDate({ value }: { value: string }) {
  const text = formatUtcDate(value);
  const at = text.indexOf(' ');
  if (at < 0) return text;
  return (
    <>
      <span style={nowrap}>{text.slice(0, at)}</span> <span style={nowrap}>{text.slice(at + 1)}</span>
    </>
  );
}
const HIGHLIGHT = { backgroundColor: 'var(--mantine-color-yellow-light)', transition: 'background-color 1s' };

export interface TransactionsViewProps {
  label: string;
  records: readonly Transaction[];
  sort: TransactionSortColumn;
  order: 'asc' | 'desc';
  onSort: (column: TransactionSortColumn) => void;
  /** Rows that just arrived or changed live (SPEC §4), by {@link rowKey}. */
  highlighted?: ReadonlySet<string>;
}

/** The eight columns of SPEC §2.6 item 2 with their row actions; the server and Local tables both use it. */
export function TransactionsView({
  label,
  records,
  sort,
  order,
  onSort,
  highlighted,
}: TransactionsViewProps) {
  const privacyMode = useAppStore((s) => s.privacyMode);
  const blur = privacyStyle(privacyMode);
  // Tickers keep the Amount column narrow; the side menu loads the coins on entry, so this is a cache read.
  const coins = useAdminQuery('ListAltCoins', {}, { staleTime: 300_000 });
  const tickerOf = (tx: Transaction) =>
    coins.data?.find((c) => c.ID === tx.AltCoinID)?.ShortName ?? tx.CoinName;
  const masters = new Set(
    records.flatMap((r) => (r.MasterTransactionID === null ? [] : [r.MasterTransactionID])),
  );

  // The header row is drawn again only when the sort changes, not with every new page of rows.
  const head = useMemo(
    () => (
      <Table.Thead>
        <Table.Tr>
          {COLUMNS.map((column) => (
            <SortableHeader
              key={column.sort}
              label={column.label}
              isSorted={sort === column.sort}
              order={order}
              onSort={() => onSort(column.sort)}
            />
          ))}
          <Table.Th>Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
    ),
    [sort, order, onSort],
  );

  const row = (tx: Transaction) => {
    const ref = safeTransactionRef(tx.Prefix, tx.TransactionID);
    const key = rowKey(tx);
    const isHighlighted = highlighted?.has(key) ?? false;
    return (
      <Table.Tr
        key={key}
        style={isHighlighted ? HIGHLIGHT : undefined}
        data-live={isHighlighted || undefined}
      >
        <Table.Td style={nowrap} maw={200}>
          <Text span fz="sm" truncate="end" display="block" maw={150} title={tx.ShopTitle} style={blur}>
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
            {formatAskedAmount(tx.OriginalAmount)} {tx.InputCurrency}
          </Text>
        </Table.Td>
        <Table.Td style={nowrap} ta="right">
          <Text span fz="sm" style={blur} title={tx.LongName}>
            {formatDecimal(tx.Amount, AMOUNT_DECIMALS)} {tickerOf(tx)}
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
        <Table.Td style={dateCell} fz={11}>
          <TableDate value={tx.CreatedOn} />
        </Table.Td>
        <Table.Td style={dateCell} fz={11}>
          <TableDate value={shownDate(tx)} />
        </Table.Td>
        <Table.Td style={nowrap}>
          <RowActions tx={tx} isMaster={masters.has(tx.TransactionID)} />
        </Table.Td>
      </Table.Tr>
    );
  };

  return (
    <Table.ScrollContainer minWidth={1080}>
      <Table verticalSpacing={6} horizontalSpacing={8} fz="sm" striped highlightOnHover aria-label={label}>
        {head}
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
  );
}

export interface PagerProps {
  /** 1-based page shown. */
  page: number;
  pageSize: number;
  shown: number;
  /** Rows matching; null while the count is on its way (the rows never wait for it, ADR 0010). */
  total: number | null;
  /** The count stopped at its cap: there are more rows than `total`. */
  isTotalCapped?: boolean;
  busy?: boolean;
  onFirst: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onLast: () => void;
  /** Next/Previous may need more than a page number (a keyset cursor); false disables them. */
  canPrevious?: boolean;
  canNext?: boolean;
}

/** 'Showing a - b of n' with First / Previous / Next / Last (SPEC §2.6 item 2). */
export function Pager(props: PagerProps) {
  const { page, pageSize, shown, total, isTotalCapped = false, busy = false } = props;
  const isExact = total !== null && !isTotalCapped;
  const lastPage = isExact ? Math.max(1, Math.ceil(total / pageSize)) : null;
  const first = (page - 1) * pageSize + 1;
  const atStart = busy || page <= 1;
  // Without an exact total the end is where a page comes back short.
  const atEnd = busy || (lastPage === null ? shown < pageSize : page >= lastPage);
  const n = total === null ? '…' : isTotalCapped ? `${total}+` : String(total);
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="sm" c="dimmed">
        {shown > 0 ? `Showing ${first} - ${first + shown - 1} of ${n}` : ''}
      </Text>
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={atStart} onClick={props.onFirst}>
          First
        </Button>
        <Button
          variant="default"
          size="xs"
          disabled={atStart || props.canPrevious === false}
          onClick={props.onPrevious}
        >
          Previous
        </Button>
        <Button
          variant="default"
          size="xs"
          disabled={atEnd || props.canNext === false}
          onClick={props.onNext}
        >
          Next
        </Button>
        <Button variant="default" size="xs" disabled={atEnd || total === null} onClick={props.onLast}>
          Last
        </Button>
      </Group>
    </Group>
  );
}
