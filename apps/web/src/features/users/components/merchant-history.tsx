import { MERCHANT_FIELDS, type MerchantEditableField, type MerchantHistoryEntry } from '@bo/contract';
import { Code } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { UtcDateCell } from '../../../components/data-table/cells';
import { type Column, DataTable } from '../../../components/data-table/data-table';
import { queryState } from '../../../components/data-table/paged';
import { useAdminQuery } from '../../../lib/api/use-call-query';

const ACTION_LABELS: Record<string, string> = {
  'merchant.update': 'Record changed',
  'merchant.reveal-api-key': 'API key revealed',
};

const show = (value: unknown): string =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

const fieldLabel = (field: string): string => MERCHANT_FIELDS[field as MerchantEditableField]?.label ?? field;

/** 'Shop title: Old → New', one line per changed field. */
export const changeLines = (entry: MerchantHistoryEntry): string[] =>
  entry.Changes.map(
    (change) => `${fieldLabel(change.Field)}: ${show(change.Before)} → ${show(change.After)}`,
  );

const columns: Column<MerchantHistoryEntry>[] = [
  { key: 'At', header: 'When', nowrap: true, cell: (row) => <UtcDateCell value={row.At} /> },
  { key: 'Actor', header: 'Who', nowrap: true },
  { key: 'Action', header: 'What', nowrap: true, cell: (row) => ACTION_LABELS[row.Action] ?? row.Action },
  {
    key: 'Changes',
    header: 'Change (before → after)',
    cell: (row) => (
      <Code block style={{ whiteSpace: 'pre-wrap' }}>
        {changeLines(row).join('\n') || '—'}
      </Code>
    ),
  },
];

/** The record's History tab: its audited changes, newest first, each field as before → after. */
export function MerchantHistory({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const query = useAdminQuery('MerchantHistory', { ID: id, page }, { placeholderData: keepPreviousData });
  const meta = query.data?.meta;
  return (
    <DataTable
      label="Record history"
      columns={columns}
      rowKey={(row) => row.ID}
      empty="No change to this record yet"
      {...queryState(query, query.data?.records)}
      paging={meta && { page: meta.page, size: meta.limit, total: meta.total, onPage: setPage }}
    />
  );
}
