import { Button, Checkbox, Group, Pagination, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { type CSSProperties, type Key, type MouseEvent, type ReactNode, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { formatCount } from '../../lib/format/decimal';
import { SortableHeader, type SortOrder } from '../ui/sortable-header/sortable-header';

export type { SortOrder };

/** One column: a header, how a row's cell reads, and optionally its sort key and CSV field. */
export interface Column<Row> {
  /** Unique among the columns; also the CSV field unless `export` says otherwise. */
  key: string;
  header: ReactNode;
  /** The cell; by default the row's `key` field as text. */
  cell?: (row: Row) => ReactNode;
  /** The list call's sort value this header sorts by (click: new column descending, same column toggles). */
  sort?: string;
  align?: 'left' | 'right' | 'center';
  nowrap?: boolean;
  width?: CSSProperties['width'];
  /** The row field the CSV takes this column from, false to leave it out of exports; default `key`. */
  export?: string | false;
  /** The CSV header when `header` is not plain text. */
  exportHeader?: string;
}

export interface DataTableSort {
  key: string;
  order: SortOrder;
  onSort: (key: string, order: SortOrder) => void;
}

export interface DataTablePaging {
  /** From 1. */
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
  /** Rows on this page when the list does not say, e.g. a last partial page; default rows.length. */
  label?: string;
}

export interface DataTableSelection {
  selected: readonly Key[];
  onChange: (selected: Key[]) => void;
}

export interface DataTableProps<Row> {
  /** The table's accessible name, and the noun of its loading and error texts. */
  label: string;
  columns: readonly Column<Row>[];
  /** Undefined while the first answer is on its way. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => Key;
  isLoading?: boolean;
  /** A failed load: shown in place of the rows, with `onRetry` as a Retry button. */
  error?: unknown;
  onRetry?: () => void;
  /** What an empty list says. */
  empty?: ReactNode;
  sort?: DataTableSort;
  paging?: DataTablePaging;
  selection?: DataTableSelection;
  onRowClick?: (row: Row) => void;
  /** Where a click on the row leads (links and buttons inside the row keep their own click). */
  rowHref?: (row: Row) => string;
  /** Buttons or a menu at the end of each row. */
  rowActions?: (row: Row) => ReactNode;
  /**
   * The row a link pointed at (e.g. `?coin=`): marked `aria-current="true"`, highlighted, and scrolled into
   * view when it appears. At most one row should be current; the first one is scrolled to.
   */
  currentRow?: (row: Row) => boolean;
  /** Rows under the body, e.g. totals. */
  footer?: ReactNode;
  stickyHeader?: boolean;
  /** Scrolls inside this height, with the header kept in view. */
  maxHeight?: CSSProperties['maxHeight'];
  minWidth?: number;
  /** Skeleton rows while loading; default the page size or 5. */
  skeletonRows?: number;
  striped?: boolean;
}

const nowrapStyle: CSSProperties = { whiteSpace: 'nowrap' };
const currentStyle: CSSProperties = {
  background: 'var(--mantine-color-yellow-light)',
  outline: '2px solid var(--mantine-color-yellow-5)',
  outlineOffset: -2,
};

/** A click on a link, button or input inside a row is that control's, not the row's. */
const isOwnControl = (event: MouseEvent): boolean =>
  event.target instanceof Element &&
  event.target.closest('a, button, input, label, textarea, select, [role="button"], [role="menuitem"]') !==
    null;

const fieldOf = <Row,>(row: Row, key: string): ReactNode => {
  const value = (row as Record<string, unknown>)[key];
  if (value === null || value === undefined || value === '') return <Dash />;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/** The mark of an empty cell. */
export function Dash() {
  return (
    <Text span c="dimmed" fz="sm">
      —
    </Text>
  );
}

/** "Showing a - b of N": where this page sits in the list. Empty when there is nothing to show. */
export const pageText = (page: number, size: number, total: number, onPage: number): string =>
  total > 0 && onPage > 0
    ? `Showing ${formatCount((page - 1) * size + 1)} - ${formatCount((page - 1) * size + onPage)} of ${formatCount(total)}`
    : '';

function NavigatingRow({
  href,
  children,
  style,
  ...rest
}: {
  href: string;
  children: ReactNode;
  style?: CSSProperties;
  [k: string]: unknown;
}) {
  const navigate = useNavigate();
  return (
    <Table.Tr
      {...rest}
      style={{ ...style, cursor: 'pointer' }}
      onClick={(event: MouseEvent) => {
        if (!isOwnControl(event)) navigate(href);
      }}
    >
      {children}
    </Table.Tr>
  );
}

/**
 * The list table of every screen: declarative columns over Mantine's Table, server-side sort and paging
 * (the screen keeps both in the address, see useUrlParams), optional selection, row click or link, row
 * actions, and the loading, empty and error states. Cells for money, dates, statuses and references are in
 * `cells.tsx`.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const {
    label,
    columns,
    rows,
    rowKey,
    isLoading = false,
    error,
    onRetry,
    empty = 'Nothing to show',
    sort,
    paging,
    selection,
    onRowClick,
    rowHref,
    rowActions,
    currentRow,
    footer,
    stickyHeader = false,
    maxHeight,
    minWidth = 0,
    skeletonRows,
    striped = true,
  } = props;
  const span = columns.length + (selection ? 1 : 0) + (rowActions ? 1 : 0);
  const selected = new Set(selection?.selected ?? []);
  const keys = (rows ?? []).map(rowKey);
  const allSelected = keys.length > 0 && keys.every((k) => selected.has(k));
  const someSelected = keys.some((k) => selected.has(k));
  const currentRef = useRef<HTMLTableRowElement>(null);
  const current = currentRow ? rows?.find(currentRow) : undefined;
  const currentKey = current === undefined ? undefined : rowKey(current);
  // Bring the current row into view once it is there (and again if another row becomes current).
  useEffect(() => {
    if (currentKey !== undefined) currentRef.current?.scrollIntoView({ block: 'center' });
  }, [currentKey]);

  const message = (content: ReactNode) => (
    <Table.Tr>
      <Table.Td colSpan={span} ta="center" py="md">
        {content}
      </Table.Td>
    </Table.Tr>
  );

  let body: ReactNode;
  if (rows === undefined && isLoading) {
    body = Array.from({ length: skeletonRows ?? (paging ? Math.min(paging.size, 10) : 5) }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
      <Table.Tr key={i} aria-hidden>
        {Array.from({ length: span }, (_, j) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Table.Td key={j}>
            <Skeleton h={14} />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (error && !rows?.length) {
    body = message(
      <Group justify="center" gap="sm">
        <Text size="sm" c="red">
          Could not load {label.toLowerCase()}.
        </Text>
        {onRetry ? (
          <Button size="xs" variant="light" onClick={onRetry}>
            Retry
          </Button>
        ) : null}
      </Group>,
    );
  } else if (!rows || rows.length === 0) {
    body = message(
      <Text size="sm" c="dimmed">
        {empty}
      </Text>,
    );
  } else {
    body = rows.map((row) => {
      const key = rowKey(row);
      const cells = (
        <>
          {selection ? (
            <Table.Td w={36}>
              <Checkbox
                aria-label="Select row"
                checked={selected.has(key)}
                onChange={(event) =>
                  selection.onChange(
                    event.currentTarget.checked ? [...selected, key] : [...selected].filter((k) => k !== key),
                  )
                }
              />
            </Table.Td>
          ) : null}
          {columns.map((column) => (
            <Table.Td
              key={column.key}
              ta={column.align}
              style={column.nowrap ? nowrapStyle : undefined}
              w={column.width}
            >
              {column.cell ? column.cell(row) : fieldOf(row, column.key)}
            </Table.Td>
          ))}
          {rowActions ? (
            <Table.Td ta="right" style={nowrapStyle}>
              {rowActions(row)}
            </Table.Td>
          ) : null}
        </>
      );
      const isSelected = selected.has(key);
      const isCurrent = key === currentKey;
      const marks = {
        'aria-selected': selection ? isSelected : undefined,
        'aria-current': isCurrent ? ('true' as const) : undefined,
        ref: isCurrent ? currentRef : undefined,
      };
      if (rowHref)
        return (
          <NavigatingRow
            key={key}
            href={rowHref(row)}
            {...marks}
            style={isCurrent ? currentStyle : undefined}
          >
            {cells}
          </NavigatingRow>
        );
      return (
        <Table.Tr
          key={key}
          {...marks}
          style={{
            ...(isCurrent ? currentStyle : undefined),
            ...(onRowClick ? { cursor: 'pointer' } : undefined),
          }}
          onClick={
            onRowClick
              ? (event: MouseEvent) => {
                  if (!isOwnControl(event)) onRowClick(row);
                }
              : undefined
          }
        >
          {cells}
        </Table.Tr>
      );
    });
  }

  const pages = paging ? Math.max(1, Math.ceil(paging.total / paging.size)) : 1;
  const shown = paging
    ? (paging.label ?? pageText(paging.page, paging.size, paging.total, rows?.length ?? 0))
    : '';

  return (
    <div aria-busy={isLoading}>
      <Table.ScrollContainer minWidth={minWidth} maxHeight={maxHeight}>
        <Table
          verticalSpacing={6}
          fz="sm"
          striped={striped}
          highlightOnHover
          stickyHeader={stickyHeader || maxHeight !== undefined}
          aria-label={label}
        >
          <Table.Thead>
            <Table.Tr>
              {selection ? (
                <Table.Th w={36}>
                  <Checkbox
                    aria-label="Select all rows"
                    checked={allSelected}
                    indeterminate={someSelected && !allSelected}
                    onChange={() => selection.onChange(allSelected ? [] : keys)}
                  />
                </Table.Th>
              ) : null}
              {columns.map((column) =>
                column.sort && sort ? (
                  <SortableHeader
                    key={column.key}
                    label={column.header}
                    nowrap={column.nowrap}
                    isSorted={sort.key === column.sort}
                    order={sort.order}
                    onSort={() => {
                      const target = column.sort as string;
                      sort.onSort(target, sort.key === target && sort.order === 'desc' ? 'asc' : 'desc');
                    }}
                  />
                ) : (
                  <Table.Th
                    key={column.key}
                    ta={column.align}
                    style={column.nowrap ? nowrapStyle : undefined}
                    w={column.width}
                  >
                    {column.header}
                  </Table.Th>
                ),
              )}
              {rowActions ? (
                <Table.Th ta="right">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
          {footer && rows?.length ? <Table.Tfoot>{footer}</Table.Tfoot> : null}
        </Table>
      </Table.ScrollContainer>
      {paging && (shown || pages > 1) ? (
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="dimmed">
            {shown}
          </Text>
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={paging.page}
              onChange={paging.onPage}
              size="sm"
              withEdges
              aria-label={`${label} pages`}
            />
          ) : null}
        </Group>
      ) : null}
    </div>
  );
}

/** The columns a CSV export of this table asks for: every column with a row field, headed as shown. */
export const exportColumns = <Row,>(columns: readonly Column<Row>[]): { key: string; header: string }[] =>
  columns
    .filter((c) => c.export !== false)
    .map((c) => ({
      key: typeof c.export === 'string' ? c.export : c.key,
      header: c.exportHeader ?? (typeof c.header === 'string' ? c.header : c.key),
    }));
