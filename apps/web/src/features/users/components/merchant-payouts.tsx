import type { MerchantPayoutRow } from '@bo/contract';
import { Group } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import {
  MoneyCell,
  StatusBadge,
  TransactionRefLink,
  UtcDateCell,
} from '../../../components/data-table/cells';
import { type Column, DataTable } from '../../../components/data-table/data-table';
import { ExportButton } from '../../../components/data-table/export-button';
import { queryState } from '../../../components/data-table/paged';
import { useAdminQuery } from '../../../lib/api/use-call-query';

const columns: Column<MerchantPayoutRow>[] = [
  {
    key: 'Ref',
    header: 'Payout',
    nowrap: true,
    cell: (row) => <TransactionRefLink prefix="P" id={row.TransactionID} />,
  },
  { key: 'Status', header: 'Status', cell: (row) => <StatusBadge status={row.Status} /> },
  {
    key: 'Amount',
    header: 'Amount',
    align: 'right',
    cell: (row) => <MoneyCell value={row.Amount} unit={row.InputCurrency} />,
  },
  { key: 'CoinName', header: 'Coin' },
  { key: 'CoinAddress', header: 'Address' },
  {
    key: 'CreatedOn',
    header: 'Created',
    sort: 'CreatedOn',
    cell: (row) => <UtcDateCell value={row.CreatedOn} />,
  },
  {
    key: 'TransactionConfirmedOn',
    header: 'Confirmed',
    cell: (row) => <UtcDateCell value={row.TransactionConfirmedOn} />,
  },
];

/** The merchant's payouts (its P transactions), newest first, with a CSV export. */
export function MerchantPayouts({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const params = { ID: id, page, order };
  const query = useAdminQuery('MerchantPayouts', params, { placeholderData: keepPreviousData });
  const meta = query.data?.meta;
  return (
    <>
      <Group justify="flex-end" mb="sm">
        <ExportButton call="MerchantPayouts" params={params} columns={columns} />
      </Group>
      <DataTable
        label="Payouts"
        columns={columns}
        rowKey={(row) => row.ID}
        empty="No payout for this merchant"
        {...queryState(query, query.data?.records)}
        sort={{ key: 'CreatedOn', order, onSort: (_key, next) => setOrder(next) }}
        paging={meta && { page: meta.page, size: meta.limit, total: meta.total, onPage: setPage }}
      />
    </>
  );
}
