import { ADMIN_CALLS, VTOKEN_BADGE_STATUS, VTOKEN_STATUSES, type VTokenRow } from '@bo/contract';
import { Stack, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import {
  MerchantLink,
  MoneyCell,
  StatusBadge,
  TransactionRefLink,
  UtcDateCell,
} from '../../../components/data-table/cells';
import { type Column, Dash, DataTable } from '../../../components/data-table/data-table';
import { ExportButton } from '../../../components/data-table/export-button';
import { pagedTable } from '../../../components/data-table/paged';
import { FilterBar } from '../../../components/list-screen/filter-bar';
import { ListScreen } from '../../../components/list-screen/list-screen';
import { useUrlParams } from '../../../components/url-params/use-url-params';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { formatCount } from '../../../lib/format/decimal';
import { VTokenDrawer } from './vtoken-drawer';

const STATUS_LABELS = { active: 'Active', claimed: 'Claimed', cancelled: 'Cancelled' } as const;
const STATUS_OPTIONS = VTOKEN_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));

/** When it was claimed and by whom, or when it was cancelled; a dash while active. */
function Outcome({ row }: { row: VTokenRow }) {
  const at = row.ClaimedOn ?? row.CancelledOn;
  if (!at) return <Dash />;
  return (
    <Stack gap={0}>
      <UtcDateCell value={at} withZone={false} />
      <Text span fz="xs" c="dimmed">
        {row.ClaimedOn ? (row.ClaimedBy ?? 'holder not recorded') : 'cancelled'}
      </Text>
    </Stack>
  );
}

const columns: Column<VTokenRow>[] = [
  {
    key: 'Code',
    header: 'Claim code',
    nowrap: true,
    cell: (r) => (
      <Stack gap={0}>
        <Text span fz="xs" ff="monospace">
          {r.Code}
        </Text>
        <TransactionRefLink prefix={r.Prefix} id={r.TransactionID} />
      </Stack>
    ),
  },
  {
    key: 'Status',
    header: 'Status',
    nowrap: true,
    cell: (r) => <StatusBadge status={VTOKEN_BADGE_STATUS[r.Status]} />,
  },
  {
    key: 'Amount',
    header: 'Amount',
    sort: 'Amount',
    align: 'right',
    cell: (r) => (
      <Stack gap={0} align="flex-end">
        <MoneyCell value={r.Amount} unit={r.Coin} />
        <Text span fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          sold for <MoneyCell value={r.OriginalAmount} unit={r.InputCurrency} />
        </Text>
      </Stack>
    ),
  },
  { key: 'OriginalAmount', header: 'Sold for', cell: () => null },
  {
    key: 'ShopTitle',
    header: 'Merchant',
    cell: (r) => <MerchantLink id={r.MerchantID} name={r.ShopTitle} />,
  },
  {
    key: 'TransactionID',
    header: 'Transaction',
    nowrap: true,
    cell: (r) => <TransactionRefLink prefix={r.Prefix} id={r.TransactionID} />,
  },
  {
    key: 'CreatedOn',
    header: 'Created (UTC)',
    sort: 'CreatedOn',
    nowrap: true,
    cell: (r) => <UtcDateCell value={r.CreatedOn} withZone={false} />,
  },
  {
    key: 'ClaimedOn',
    header: 'Claimed (UTC)',
    exportHeader: 'Claimed (UTC)',
    nowrap: true,
    cell: (r) => <Outcome row={r} />,
  },
  { key: 'ClaimedBy', header: 'Holder', export: 'ClaimedBy', exportHeader: 'Holder', cell: () => null },
  { key: 'CancelledOn', header: 'Cancelled (UTC)', exportHeader: 'Cancelled (UTC)', cell: () => null },
];

/**
 * What the table shows: the transaction sits under the claim code, the price under the amount, the holder and
 * the cancellation in the Claimed column.
 */
const shownColumns = columns.filter(
  (c) =>
    c.key !== 'ClaimedBy' &&
    c.key !== 'CancelledOn' &&
    c.key !== 'OriginalAmount' &&
    c.key !== 'TransactionID',
);

/** VTokens (SPEC §2.1 `vtokens`, admin-commander): every voucher, filtered and sorted, one opened beside the list. */
export function VTokensPage() {
  const url = useUrlParams(ADMIN_CALLS.ListVTokens.params);
  const params = url.params;
  const [openId, setOpenId] = useState<number | null>(null);
  const query = useAdminQuery('ListVTokens', params, { placeholderData: keepPreviousData });
  const coins = useAdminQuery('ListAltCoins', {}, { staleTime: 300_000 });
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
  return (
    <ListScreen
      title="VTokens"
      description="Vouchers sold through the platform: active until their holder claims them or staff cancel them."
      actions={<ExportButton call="ListVTokens" params={params} columns={columns} />}
      filters={
        <FilterBar
          url={url}
          filters={[
            { kind: 'search', key: 'keyword', placeholder: 'Code, T reference, holder, shop' },
            { kind: 'select', key: 'status', label: 'Status', options: STATUS_OPTIONS, width: 130 },
            {
              kind: 'select',
              key: 'coin',
              label: 'Coin',
              options: coinOptions,
              searchable: true,
              width: 200,
            },
            { kind: 'merchant', key: 'merchantId' },
            { kind: 'date-range', from: 'from', to: 'to', fromLabel: 'Created from' },
          ]}
        />
      }
    >
      <DataTable
        label="vTokens"
        columns={shownColumns}
        rowKey={(row) => row.ID}
        empty="No vToken matches"
        onRowClick={(row) => setOpenId(row.ID)}
        currentRow={(row) => row.ID === openId}
        {...table}
        paging={paging}
      />
      <VTokenDrawer id={openId} onClose={() => setOpenId(null)} />
    </ListScreen>
  );
}
