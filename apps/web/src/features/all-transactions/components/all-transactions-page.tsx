import {
  ADMIN_CALLS,
  ALL_TRANSACTIONS_RANGE_LABELS,
  ALL_TRANSACTIONS_RANGES,
  STATUS_FILTER_OPTIONS,
  TRANSACTION_TYPE_SUGGESTIONS,
  type Transaction,
  type TransactionView,
} from '@bo/contract';
import { Alert, Button, Group, Menu, Select, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import {
  MerchantLink,
  MoneyCell,
  StatusBadge,
  safeRef,
  TransactionRefLink,
  UtcDateCell,
} from '../../../components/data-table/cells';
import { type Column, DataTable } from '../../../components/data-table/data-table';
import { ExportButton } from '../../../components/data-table/export-button';
import { pagedTable } from '../../../components/data-table/paged';
import { FilterBar } from '../../../components/list-screen/filter-bar';
import { ListScreen } from '../../../components/list-screen/list-screen';
import { openConfirm } from '../../../components/ui/confirm';
import { useUrlParams } from '../../../components/url-params/use-url-params';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { formatCount } from '../../../lib/format/decimal';
import { filtersOf, hasFilters, sameFilters, searchOf } from './view-address';
import { SaveViewDialog } from './view-dialogs';

const BASE = '/admin/transactions/all';

/** A coin's ticker (BTC) where the coin list knows it, else the row's coin name: the amounts stay narrow. */
type Ticker = (row: Transaction) => string;

/** SPEC §2.6's columns, each sorting on the server; the CSV takes the same fields with their units. */
const columnsWith = (ticker: Ticker): Column<Transaction>[] => [
  {
    key: 'ShopTitle',
    header: 'Merchant',
    sort: 'Merchant',
    // A long shop title wraps, so the table fits a 1440 px screen without scrolling sideways.
    cell: (r) => <MerchantLink id={r.MerchantID} name={r.ShopTitle} wrap />,
  },
  {
    key: 'TransactionID',
    header: 'Transaction ID',
    sort: 'TransactionID',
    export: false,
    cell: (r) => <TransactionRefLink prefix={r.Prefix} id={r.TransactionID} />,
  },
  { key: 'Prefix', header: 'Prefix', export: 'Prefix', cell: () => null },
  { key: 'ID', header: 'Transaction ID', export: 'TransactionID', cell: () => null },
  {
    key: 'OriginalAmount',
    header: 'Original Amount',
    sort: 'OriginalAmount',
    align: 'right',
    cell: (r) => <MoneyCell value={r.OriginalAmount} unit={r.InputCurrency} />,
  },
  { key: 'InputCurrency', header: 'Currency', cell: () => null },
  {
    key: 'Amount',
    header: 'Amount',
    sort: 'Amount',
    align: 'right',
    cell: (r) => <MoneyCell value={r.Amount} unit={ticker(r)} />,
  },
  { key: 'CoinName', header: 'Coin', cell: () => null },
  { key: 'TransactionType', header: 'Type', sort: 'Type', nowrap: true },
  {
    key: 'Status',
    header: 'Status',
    sort: 'Status',
    nowrap: true,
    cell: (r) => <StatusBadge status={r.Status} />,
  },
  {
    key: 'CreatedOn',
    header: 'Created On (UTC)',
    sort: 'CreatedOn',
    cell: (r) => <UtcDateCell value={r.CreatedOn} withZone={false} stacked />,
  },
  {
    key: 'Date',
    header: 'Date (UTC)',
    sort: 'Date',
    cell: (r) => <UtcDateCell value={r.Date} withZone={false} stacked />,
  },
];
/** The CSV-only columns (prefix, currency, coin) sit inside other cells on screen. */
const HIDDEN = new Set(['Prefix', 'ID', 'InputCurrency', 'CoinName']);
const RANGE_OPTIONS = ALL_TRANSACTIONS_RANGES.map((r) => ({
  value: r,
  label: ALL_TRANSACTIONS_RANGE_LABELS[r],
}));
const STATUS_OPTIONS = STATUS_FILTER_OPTIONS.map((o) => ({ value: o.value, label: o.label }));

/** The saved views as picker options: one's own first, then those shared by others. */
const viewOptions = (views: readonly TransactionView[]) => {
  const mine = views.filter((v) => v.IsMine);
  const shared = views.filter((v) => !v.IsMine);
  return [
    ...(mine.length
      ? [{ group: 'My views', items: mine.map((v) => ({ value: v.Name, label: v.Name })) }]
      : []),
    ...(shared.length
      ? [{ group: 'Shared', items: shared.map((v) => ({ value: v.Name, label: `${v.Name} (${v.Author})` })) }]
      : []),
  ];
};

/**
 * Transactions (SPEC §2.1 `transactions/all/{name?}`, view-transactions): every transaction over any range
 * (all time too), server-sorted and paged, with named saved views and CSV export (ADR 0021).
 */
export function AllTransactionsPage() {
  const { name } = useParams();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const url = useUrlParams(ADMIN_CALLS.ListAllTransactions.params);
  const params = url.params;
  const query = useAdminQuery('ListAllTransactions', params, { placeholderData: keepPreviousData });
  const viewsQuery = useAdminQuery('ListTransactionViews', {}, { staleTime: 30_000 });
  const coins = useAdminQuery('ListAltCoins', {}, { staleTime: 300_000 });
  const [dialog, setDialog] = useState<'save' | 'rename' | null>(null);
  const views = viewsQuery.data ?? [];
  const view = name ? views.find((v) => v.Name === name) : undefined;
  const unknownName = name !== undefined && viewsQuery.isSuccess && !view;
  const filters = useMemo(() => filtersOf(params), [params]);

  // A view opened by its address alone (a link, a bookmark, a fresh page) takes its saved filters; an
  // address that carries filters of its own keeps them (a shared link to a narrowed view).
  const searchText = search.toString();
  useEffect(() => {
    if (view && !hasFilters(new URLSearchParams(searchText))) {
      const saved = searchOf(view.Filters);
      if (saved) navigate(`${BASE}/${view.Name}${saved}`, { replace: true });
    }
  }, [view, searchText, navigate]);

  const remove = useAdminMutation('DeleteTransactionView', {
    invalidates: ['ListTransactionViews'],
    success: () => `View ${view?.Name ?? ''} deleted`,
    onSuccess: () => navigate(`${BASE}${searchOf(filters)}`),
  });
  const update = useAdminMutation('UpdateTransactionView', {
    invalidates: ['ListTransactionViews'],
    success: (saved) => `View ${saved.Name} updated with the filters on screen`,
  });

  const table = pagedTable(query, url);
  const meta = query.data?.meta;
  const paging =
    table.paging && meta?.isCapped
      ? {
          ...table.paging,
          label: `Showing ${formatCount(meta.offset + 1)} - ${formatCount(
            meta.offset + (query.data?.records.length ?? 0),
          )} of more than ${formatCount(meta.total)}`,
        }
      : table.paging;
  const coinOptions = [...(coins.data ?? [])]
    .sort((a, b) => a.Name.localeCompare(b.Name))
    .map((c) => ({ value: String(c.ID), label: `${c.Name} (${c.ShortName})` }));
  const tickers = useMemo(() => new Map((coins.data ?? []).map((c) => [c.ID, c.ShortName])), [coins.data]);
  const columns = useMemo(() => columnsWith((row) => tickers.get(row.AltCoinID) ?? row.CoinName), [tickers]);
  const shownColumns = columns.filter((c) => !HIDDEN.has(c.key));
  const isChanged = view !== undefined && !sameFilters(view.Filters, filters);
  const rangeText =
    meta?.from && meta.to ? `${meta.from} – ${meta.to} (UTC days)` : params.range === 'all' ? 'all time' : '';

  return (
    <ListScreen
      title={view ? `Transactions: ${view.Name}` : 'Transactions'}
      description={`Every transaction, beyond the dashboard's range${rangeText ? `: ${rangeText}` : ''}.`}
      actions={
        <Group gap="xs">
          <Select
            aria-label="Saved view"
            placeholder={views.length ? 'Open a saved view' : 'No saved views yet'}
            data={viewOptions(views)}
            value={view?.Name ?? null}
            onChange={(next) => {
              const chosen = views.find((v) => v.Name === next);
              navigate(
                chosen ? `${BASE}/${chosen.Name}${searchOf(chosen.Filters)}` : `${BASE}${searchOf(filters)}`,
              );
            }}
            clearable
            searchable
            w={240}
          />
          <Button variant="default" onClick={() => setDialog('save')}>
            Save view
          </Button>
          {view && (view.IsMine || view.CanDelete) ? (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="default" rightSection={<IconChevronDown size={14} />}>
                  View
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {view.IsMine ? (
                  <>
                    <Menu.Item
                      disabled={!isChanged}
                      onClick={() => update.mutate({ ID: view.ID, Filters: filters })}
                    >
                      Update with these filters
                    </Menu.Item>
                    <Menu.Item onClick={() => setDialog('rename')}>Rename or share…</Menu.Item>
                  </>
                ) : null}
                <Menu.Item
                  color="red"
                  onClick={() =>
                    openConfirm({
                      title: 'Delete saved view',
                      message: `Delete the view ${view.Name}${view.Shared ? ', shared with all staff' : ''}? The transactions are not touched.`,
                      confirmLabel: 'Delete',
                      isDanger: true,
                      onConfirm: () => remove.mutate({ ID: view.ID }),
                    })
                  }
                >
                  Delete…
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          ) : null}
          <ExportButton call="ListAllTransactions" params={params} columns={columns} />
        </Group>
      }
      before={
        unknownName ? (
          <Alert color="yellow" title={`No saved view named ${name}`}>
            It was deleted or renamed, or it is private to its author. Showing all transactions.
          </Alert>
        ) : isChanged ? (
          <Text size="sm" c="dimmed">
            The filters differ from the saved view {view?.Name}.
          </Text>
        ) : null
      }
      filters={
        <FilterBar
          url={url}
          filters={[
            {
              kind: 'search',
              key: 'keyword',
              placeholder: 'T/P id, xc id, hash, address, e-mail, reference, shop',
            },
            {
              kind: 'range-preset',
              key: 'range',
              label: 'Range',
              options: RANGE_OPTIONS,
              custom: 'custom',
              from: 'from',
              to: 'to',
              width: 150,
            },
            { kind: 'multi-select', key: 'statuses', label: 'Status', options: STATUS_OPTIONS, width: 240 },
            {
              kind: 'tags',
              key: 'types',
              label: 'Type',
              suggestions: TRANSACTION_TYPE_SUGGESTIONS,
              width: 260,
            },
            {
              kind: 'select',
              key: 'coin',
              label: 'Coin',
              options: coinOptions,
              searchable: true,
              width: 180,
            },
            { kind: 'merchant', key: 'merchantId' },
          ]}
        />
      }
    >
      <DataTable
        label="Transactions"
        columns={shownColumns}
        rowKey={(row) => row.ID}
        empty="No transaction available"
        rowHref={(row) => `/admin/transactions/${safeRef(row.Prefix, row.TransactionID)}`}
        {...table}
        paging={paging}
      />
      <SaveViewDialog
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        filters={filters}
        editing={dialog === 'rename' ? view : undefined}
        onSaved={(saved) => navigate(`${BASE}/${saved.Name}${searchOf(filters)}`)}
      />
    </ListScreen>
  );
}
