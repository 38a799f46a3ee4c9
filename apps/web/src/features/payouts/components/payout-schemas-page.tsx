import {
  ADMIN_CALLS,
  adminPath,
  optionLabel,
  PAYOUT_SCHEMA_OPTIONS,
  type PayoutSchemaRow,
} from '@bo/contract';
import { Button, Select, Stack, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MerchantLink, StatusBadge } from '../../../components/data-table/cells';
import { type Column, Dash, DataTable } from '../../../components/data-table/data-table';
import { ExportButton } from '../../../components/data-table/export-button';
import { pagedTable } from '../../../components/data-table/paged';
import { ListScreen } from '../../../components/list-screen/list-screen';
import { SearchField } from '../../../components/list-screen/search-field';
import { useUrlParams } from '../../../components/url-params/use-url-params';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { useProductName } from '../../../lib/config/use-product-config';
import { formatCount } from '../../../lib/format/decimal';
import { SchemaLabel } from './payout-labels';

const columns: Column<PayoutSchemaRow>[] = [
  { key: 'ID', header: 'ID', sort: 'ID', nowrap: true },
  {
    key: 'ShopTitle',
    header: 'Merchant',
    cell: (r) => (
      <Stack gap={0}>
        <MerchantLink id={r.ID} name={r.ShopTitle} />
        <Text span fz="xs" c="dimmed">
          {r.Email}
        </Text>
      </Stack>
    ),
  },
  { key: 'Email', header: 'E-mail', cell: () => null },
  {
    key: 'PayoutSchema',
    header: 'Payout schema',
    nowrap: true,
    cell: (r) => <SchemaLabel value={r.PayoutSchema} />,
  },
  {
    key: 'PaysTo',
    header: 'Pays to',
    cell: (r) =>
      r.PaysTo ? (
        <Text span fz="xs" ff="monospace" title={r.PaysTo} style={{ whiteSpace: 'nowrap' }}>
          {r.PaysTo.length > 30 ? `${r.PaysTo.slice(0, 18)}…${r.PaysTo.slice(-8)}` : r.PaysTo}
        </Text>
      ) : (
        <Dash />
      ),
  },
  {
    key: 'DisablePayout',
    header: 'Payout',
    nowrap: true,
    cell: (r) => <StatusBadge status={r.DisablePayout ? 'Disabled' : 'Enabled'} />,
  },
  { key: 'ExcludedCoins', header: 'Excluded coins', align: 'right' },
  {
    key: 'RegisteredOn',
    header: 'Registered',
    sort: 'RegisteredOn',
    nowrap: true,
    // The day is enough here; the record has the time.
    cell: (r) => (
      <Text span fz="sm" ff="monospace">
        {r.RegisteredOn.slice(0, 10)}
      </Text>
    ),
  },
];

/** Payout Schemas (SPEC §2.1 `payouts/{id?}`, admin-commander): every merchant's payout schema; a row opens it. */
export function PayoutSchemasPage() {
  const url = useUrlParams(ADMIN_CALLS.ListPayoutSchemas.params);
  const params = url.params;
  const product = useProductName();
  // The flag travels as the address writes it (1/0); the schema reads it as a boolean.
  const disabledPayout = params.disabledPayout === undefined ? undefined : params.disabledPayout ? '1' : '0';
  const sent = { ...params, disabledPayout } as const;
  const query = useAdminQuery('ListPayoutSchemas', sent, { placeholderData: keepPreviousData });
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
      title="Payout Schemas"
      description="How each merchant is paid out: the schema, where it pays to, and whether payouts are enabled."
      actions={
        <>
          <Button component={Link} to={`${adminPath('pending-payouts')}#pending`} variant="light">
            Pending Payouts
          </Button>
          <ExportButton call="ListPayoutSchemas" params={sent} columns={columns} />
        </>
      }
      filters={
        <>
          <SearchField
            label="Merchant"
            placeholder="ID, shop title, nickname or e-mail"
            width={300}
            value={params.q}
            onChange={(q) => url.set({ q })}
          />
          <Select
            label="Payout schema"
            placeholder="Any"
            clearable
            data={PAYOUT_SCHEMA_OPTIONS.map((o) => ({ value: o.value, label: optionLabel(o, product) }))}
            value={params.schema ?? null}
            onChange={(schema) => url.set({ schema })}
            w={240}
          />
          <Select
            label="Payout"
            placeholder="Any"
            clearable
            data={[
              { value: '0', label: 'Enabled' },
              { value: '1', label: 'Disabled' },
            ]}
            value={disabledPayout ?? null}
            onChange={(disabledPayout) => url.set({ disabledPayout })}
            w={130}
          />
          <Button variant="default" onClick={() => url.reset()} style={{ alignSelf: 'flex-end' }}>
            Reset
          </Button>
        </>
      }
    >
      <DataTable
        label="Payout schemas"
        columns={columns.filter((c) => c.key !== 'Email')}
        rowKey={(row) => row.ID}
        empty="No merchant matches"
        rowHref={(row) => adminPath('payout-schemas', { id: String(row.ID) })}
        {...table}
        paging={paging}
      />
    </ListScreen>
  );
}
