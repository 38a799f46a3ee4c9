import type { TransactionSortColumn } from '@bo/contract';
import { Card, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useHasPermission } from '../../../lib/session/use-permission';
import { type TransactionFilters, useTransactionFilters } from '../hooks/use-transaction-filters';
import { TransactionFilterBar } from './transaction-filter-bar';
import { TransactionsTable } from './transactions-table';

const filterKey = (f: TransactionFilters): string =>
  JSON.stringify([f.from, f.to, f.merchantId, f.keyword, f.statuses]);

/** The dashboard's transactions table (SPEC §2.6 item 2), shown only with view-transactions. */
export function TransactionsSection() {
  const canView = useHasPermission('view-transactions');
  if (!canView) return null;
  return <TransactionsCard />;
}

function TransactionsCard() {
  const { filters, apply, reset } = useTransactionFilters();
  // Bumped by every Search and Reset: the table remounts, starts on page one and asks the server again.
  const [searchCount, setSearchCount] = useState(0);
  const barKey = filterKey(filters);

  const search = (next: TransactionFilters) => {
    setSearchCount((n) => n + 1);
    apply({ ...next, sort: filters.sort, order: filters.order });
  };

  const sort = (column: TransactionSortColumn) => {
    const order = filters.sort === column && filters.order === 'desc' ? 'asc' : 'desc';
    apply({ ...filters, sort: column, order });
  };

  return (
    <Card component="section" aria-labelledby="transactions-heading" padding="md">
      <Stack gap="md">
        <Title order={2} size="h5" id="transactions-heading">
          Transactions
        </Title>
        <TransactionFilterBar
          key={`${barKey}|${searchCount}`}
          applied={filters}
          onSearch={search}
          onReset={() => {
            setSearchCount((n) => n + 1);
            reset();
          }}
        />
        <TransactionsTable
          key={`${barKey}|${filters.sort}|${filters.order}|${searchCount}`}
          filters={filters}
          onSort={sort}
        />
      </Stack>
    </Card>
  );
}
