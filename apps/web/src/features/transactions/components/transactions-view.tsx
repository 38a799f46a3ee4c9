import {
  AMOUNT_DECIMALS,
  adminPath,
  badgeColor,
  formatUtcDate,
  shownDate,
  type Transaction,
  type TransactionSortColumn,
} from '@bo/contract';
import {
  Anchor,
  Badge,
  Button,
  Group,
  type MantineTheme,
  rem,
  Table,
  Text,
  useMantineTheme,
} from '@mantine/core';
import { type CSSProperties, memo, useMemo } from 'react';
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

/*
 * A row's cells are plain elements with the classes, data attributes and styles Mantine's Table.Td, Text,
 * Anchor and Badge give them (transactions-view.test.tsx holds them equal): a keystroke in Local mode draws
 * up to fifteen new rows, and Mantine's per-component work (props, style props, class names) for their
 * hundred and fifty components was most of that draw (ADR 0012).
 */
const TR_CLASS = `${Table.classes.tr} mantine-Table-tr`;
const TD_CLASS = `${Table.classes.td} mantine-Table-td`;
const TEXT_CLASS = `mantine-focus-auto ${Text.classes.root} mantine-Text-root`;
const ANCHOR_CLASS = `mantine-focus-auto ${Anchor.classes.root} ${Text.classes.root} mantine-Text-root mantine-Anchor-root`;
const BADGE_CLASS = `${Badge.classes.root} mantine-Badge-root`;
const BADGE_LABEL_CLASS = `${Badge.classes.label} mantine-Badge-label`;

const SM_TEXT = { fontSize: 'var(--mantine-font-size-sm)' } as const;
const cellStyle = {
  merchant: { whiteSpace: 'nowrap', maxWidth: rem(200) },
  plain: nowrap,
  number: { whiteSpace: 'nowrap', textAlign: 'right' },
  date: { fontVariantNumeric: 'tabular-nums', fontSize: rem(11) },
} as const satisfies Record<string, CSSProperties>;
const merchantText = { ...SM_TEXT, maxWidth: rem(150), display: 'block' } as const;
const refText = { fontFamily: 'var(--mantine-font-family-monospace)', ...SM_TEXT } as const;
const visible = { overflow: 'visible' } as const;

/** The colour variables Mantine's light Badge sets for a colour, worked out once per theme. */
const badgeVars = new WeakMap<MantineTheme, Map<string, CSSProperties>>();
function badgeStyle(theme: MantineTheme, color: string): CSSProperties {
  let known = badgeVars.get(theme);
  if (!known) {
    known = new Map();
    badgeVars.set(theme, known);
  }
  let style = known.get(color);
  if (!style) {
    const colors = theme.variantColorResolver({ color, theme, variant: 'light' });
    style = {
      overflow: 'visible',
      '--badge-bg': colors.background,
      '--badge-color': colors.color,
      '--badge-bd': colors.border,
    } as CSSProperties;
    known.set(color, style);
  }
  return style;
}

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

interface TransactionRowProps {
  tx: Transaction;
  /** The coin's ticker for the Amount column. */
  ticker: string;
  isMaster: boolean;
  isHighlighted: boolean;
  /** The privacy blur of amounts and names (undefined when privacy mode is off). */
  blur: CSSProperties | undefined;
}

/** One row of the table; drawn again only when its transaction or its flags change. */
const TransactionRow = memo(function TransactionRow({
  tx,
  ticker,
  isMaster,
  isHighlighted,
  blur,
}: TransactionRowProps) {
  const theme = useMantineTheme();
  const ref = safeTransactionRef(tx.Prefix, tx.TransactionID);
  const shopTitle = tx.ShopTitle || tx.OwnerNickName;
  return (
    <tr
      className={TR_CLASS}
      data-with-row-border="true"
      data-striped="odd"
      data-hover="true"
      style={isHighlighted ? HIGHLIGHT : undefined}
      data-live={isHighlighted || undefined}
    >
      <td className={TD_CLASS} style={cellStyle.merchant}>
        <span
          className={TEXT_CLASS}
          data-truncate="end"
          title={tx.ShopTitle}
          style={blur ? { ...blur, ...merchantText } : merchantText}
        >
          {shopTitle}
        </span>
      </td>
      <td className={TD_CLASS} style={cellStyle.plain}>
        <Link
          className={ANCHOR_CLASS}
          data-underline="hover"
          to={adminPath('transaction-detail', { id: ref })}
          style={refText}
        >
          {ref}
        </Link>
      </td>
      <td className={TD_CLASS} style={cellStyle.number}>
        <span className={TEXT_CLASS} style={blur ? { ...blur, ...SM_TEXT } : SM_TEXT}>
          {formatAskedAmount(tx.OriginalAmount)} {tx.InputCurrency}
        </span>
      </td>
      <td className={TD_CLASS} style={cellStyle.number}>
        <span className={TEXT_CLASS} style={blur ? { ...blur, ...SM_TEXT } : SM_TEXT} title={tx.LongName}>
          {formatDecimal(tx.Amount, AMOUNT_DECIMALS)} {ticker}
        </span>
      </td>
      <td className={TD_CLASS} style={cellStyle.plain}>
        {tx.TransactionType}
      </td>
      <td className={TD_CLASS} style={cellStyle.plain}>
        {/* The full status must show: a money desk cannot read "w…". */}
        <div className={BADGE_CLASS} data-variant="light" style={badgeStyle(theme, badgeColor(tx.Status))}>
          <span className={BADGE_LABEL_CLASS} style={visible}>
            {tx.Status}
          </span>
        </div>
      </td>
      <td className={TD_CLASS} style={cellStyle.date}>
        <TableDate value={tx.CreatedOn} />
      </td>
      <td className={TD_CLASS} style={cellStyle.date}>
        <TableDate value={shownDate(tx)} />
      </td>
      <td className={TD_CLASS} style={cellStyle.plain}>
        <RowActions tx={tx} isMaster={isMaster} />
      </td>
    </tr>
  );
});

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
  const blur = useMemo(() => privacyStyle(privacyMode), [privacyMode]);
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
            records.map((tx) => {
              const key = rowKey(tx);
              return (
                <TransactionRow
                  key={key}
                  tx={tx}
                  ticker={tickerOf(tx)}
                  isMaster={masters.has(tx.TransactionID)}
                  isHighlighted={highlighted?.has(key) ?? false}
                  blur={blur}
                />
              );
            })
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
