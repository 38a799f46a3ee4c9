import {
  ADMIN_CALLS,
  adminPath,
  XCHANGE_SEARCH_FIELD_LABELS,
  XCHANGE_SEARCH_FIELDS,
  type XChangeSearchField,
  type XChangeSearchRow,
} from '@bo/contract';
import { Button, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
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
import { ListScreen } from '../../../components/list-screen/list-screen';
import { useUrlParams } from '../../../components/url-params/use-url-params';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { formatCount } from '../../../lib/format/decimal';

/** A long hash or address: its ends, the whole on hover; copied and exported whole. */
function ShortText({ value }: { value: string }) {
  const short = value.length > 18 ? `${value.slice(0, 8)}…${value.slice(-6)}` : value;
  return (
    <Text span fz="xs" ff="monospace" title={value}>
      {short}
    </Text>
  );
}

/** Every field, for the CSV; the table leaves the type (under the reference) and the hash out. */
const columns: Column<XChangeSearchRow>[] = [
  {
    key: 'XChangeID',
    header: 'XChange ID',
    nowrap: true,
    cell: (r) => <span style={{ fontFamily: 'monospace' }}>xc{r.XChangeID}</span>,
  },
  {
    key: 'TransactionID',
    header: 'Transaction',
    nowrap: true,
    cell: (r) => (
      <Stack gap={0}>
        <TransactionRefLink prefix={r.Prefix} id={r.TransactionID} />
        <Text span fz="xs" c="dimmed">
          {r.TransactionType}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'ShopTitle',
    header: 'Merchant',
    cell: (r) => <MerchantLink id={r.MerchantID} name={r.ShopTitle} />,
  },
  { key: 'Status', header: 'Status', nowrap: true, cell: (r) => <StatusBadge status={r.Status} /> },
  {
    key: 'OriginalAmount',
    header: 'Original amount',
    align: 'right',
    cell: (r) => <MoneyCell value={r.OriginalAmount} unit={r.InputCurrency} />,
  },
  {
    key: 'Amount',
    header: 'Amount',
    align: 'right',
    cell: (r) => <MoneyCell value={r.Amount} unit={r.Coin} />,
  },
  {
    key: 'CoinAddress',
    header: 'Coin address',
    nowrap: true,
    cell: (r) => <ShortText value={r.CoinAddress} />,
  },
  { key: 'Security', header: 'Transaction hash', cell: (r) => <ShortText value={r.Security} /> },
  { key: 'TransactionType', header: 'Type', cell: (r) => r.TransactionType },
  {
    key: 'CreatedOn',
    header: 'Created (UTC)',
    sort: 'CreatedOn',
    nowrap: true,
    cell: (r) => <UtcDateCell value={r.CreatedOn} withZone={false} />,
  },
];

/** What was typed and which field it is looked up in; searched on Enter or the button, kept in the address. */
function SearchForm(props: {
  q: string;
  field: XChangeSearchField;
  onSearch: (q: string, field: XChangeSearchField) => void;
}) {
  const [text, setText] = useState(props.q);
  const [field, setField] = useState<XChangeSearchField>(props.field);
  useEffect(() => setText(props.q), [props.q]);
  useEffect(() => setField(props.field), [props.field]);
  return (
    <form
      style={{ display: 'contents' }}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSearch(text.trim(), field);
      }}
    >
      <TextInput
        label="Search"
        placeholder="xc12345, transaction hash, coin address, merchant"
        leftSection={<IconSearch size={14} />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        w={380}
        data-autofocus
      />
      <Select
        label="Look up as"
        data={XCHANGE_SEARCH_FIELDS.map((f) => ({ value: f, label: XCHANGE_SEARCH_FIELD_LABELS[f] }))}
        value={field}
        onChange={(value) => setField((value as XChangeSearchField | null) ?? 'auto')}
        allowDeselect={false}
        w={230}
      />
      <Button type="submit" style={{ alignSelf: 'flex-end' }}>
        Search
      </Button>
    </form>
  );
}

/**
 * XChange Search (SPEC §2.1 `xchange-search`, view-transactions): exchange transactions by XChange ID, hash,
 * coin address or merchant; each result opens its transaction. One exact match opens nothing by itself:
 * staff see what matched first.
 */
const shownColumns = columns.filter((c) => c.key !== 'Security' && c.key !== 'TransactionType');

export function XChangeSearchPage() {
  const url = useUrlParams(ADMIN_CALLS.XChangeSearch.params);
  const params = url.params;
  const query = useAdminQuery('XChangeSearch', params ?? { q: '' }, {
    enabled: params !== null,
    placeholderData: keepPreviousData,
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
  return (
    <ListScreen
      title="XChange Search"
      description="Exchange transactions by XChange ID (a leading xc is optional), transaction hash, coin address or merchant id or shop title."
      actions={params ? <ExportButton call="XChangeSearch" params={params} columns={columns} /> : undefined}
      filters={
        <SearchForm
          q={params?.q ?? ''}
          field={params?.field ?? 'auto'}
          onSearch={(q, field) => url.set({ q, field }, { push: true })}
        />
      }
    >
      {params === null ? (
        <Text c="dimmed" size="sm" p="md">
          Type what you are looking for and press Enter.
        </Text>
      ) : (
        <DataTable
          label="XChange transactions"
          columns={shownColumns}
          rowKey={(row) => `${row.Prefix}${row.TransactionID}`}
          empty="No exchange transaction matches"
          rowHref={(row) => adminPath('transaction-detail', { id: safeRef(row.Prefix, row.TransactionID) })}
          {...table}
          paging={paging}
        />
      )}
    </ListScreen>
  );
}
