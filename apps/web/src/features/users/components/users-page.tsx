import {
  ADMIN_CALLS,
  adminPath,
  MERCHANT_KYC_STATUSES,
  type MerchantRow,
  RISK_PROFILE_OPTIONS,
} from '@bo/contract';
import { Anchor, Badge, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { UtcDateCell } from '../../../components/data-table/cells';
import { type Column, Dash, DataTable } from '../../../components/data-table/data-table';
import { ExportButton } from '../../../components/data-table/export-button';
import { pagedTable } from '../../../components/data-table/paged';
import { DateRangeFilter } from '../../../components/date-range-filter/date-range-filter';
import { ListScreen } from '../../../components/list-screen/list-screen';
import { SearchField } from '../../../components/list-screen/search-field';
import { useUrlParams } from '../../../components/url-params/use-url-params';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { formatCount } from '../../../lib/format/decimal';
import { KycBadge, riskLabel } from './merchant-labels';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** What the file holds: every field on its own. */
const exportColumns: Column<MerchantRow>[] = [
  { key: 'ID', header: 'ID' },
  { key: 'ShopTitle', header: 'Shop title' },
  { key: 'OwnerNickName', header: 'Owner' },
  { key: 'Email', header: 'E-mail' },
  { key: 'APIKey', header: 'API key' },
  { key: 'Country', header: 'Country' },
  { key: 'KYCStatus', header: 'KYC state' },
  { key: 'RiskProfileID', header: 'Risk profile' },
  { key: 'DisableCheckOut', header: 'Checkout disabled', cell: (row) => yesNo(row.DisableCheckOut) },
  { key: 'DisablePayout', header: 'Payout disabled', cell: (row) => yesNo(row.DisablePayout) },
  { key: 'LifetimeMember', header: 'Lifetime member', cell: (row) => yesNo(row.LifetimeMember) },
  { key: 'RegisteredOn', header: 'Registered (UTC)' },
];

/** The flags that are set, as badges; none set is a dash. */
function Flags({ row }: { row: MerchantRow }) {
  const set = [
    row.DisableCheckOut ? ['Checkout disabled', 'red'] : null,
    row.DisablePayout ? ['Payout disabled', 'red'] : null,
    row.LifetimeMember ? ['Lifetime', 'green'] : null,
  ].filter((flag): flag is [string, string] => flag !== null);
  if (set.length === 0) return <Dash />;
  return (
    <Group gap={4} wrap="nowrap">
      {set.map(([label, color]) => (
        <Badge
          key={label}
          color={color}
          variant="light"
          tt="none"
          styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
        >
          {label}
        </Badge>
      ))}
    </Group>
  );
}

const columns: Column<MerchantRow>[] = [
  { key: 'ID', header: 'ID', sort: 'ID', align: 'right', nowrap: true },
  {
    key: 'ShopTitle',
    header: 'Shop title',
    sort: 'ShopTitle',
    cell: (row) => (
      <Stack gap={0}>
        <Anchor component={Link} to={adminPath('user-detail', { id: String(row.ID) })} fz="sm" fw={600}>
          {row.ShopTitle}
        </Anchor>
        <Text span fz="xs" c="dimmed">
          {row.OwnerNickName}
        </Text>
      </Stack>
    ),
  },
  { key: 'Email', header: 'E-mail', sort: 'Email' },
  { key: 'APIKey', header: 'API key', nowrap: true },
  { key: 'Country', header: 'Country', nowrap: true },
  { key: 'KYCStatus', header: 'KYC', nowrap: true, cell: (row) => <KycBadge status={row.KYCStatus} /> },
  { key: 'RiskProfileID', header: 'Risk', nowrap: true, cell: (row) => riskLabel(row.RiskProfileID) },
  { key: 'Flags', header: 'Flags', nowrap: true, cell: (row) => <Flags row={row} /> },
  {
    key: 'RegisteredOn',
    header: 'Registered (UTC)',
    sort: 'RegisteredOn',
    nowrap: true,
    cell: (row) => <UtcDateCell value={row.RegisteredOn} withZone={false} />,
  },
];

/** A two-letter country: applied once it is two letters (or cleared). */
function CountryFilter({ value, onChange }: { value: string; onChange: (country: string | null) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const change = (next: string) => {
    const upper = next.toUpperCase().slice(0, 2);
    setText(upper);
    if (upper === '' || /^[A-Z]{2}$/.test(upper)) onChange(upper || null);
  };
  return (
    <TextInput
      label="Country"
      placeholder="Any"
      value={text}
      onChange={(event) => change(event.currentTarget.value)}
      w={90}
    />
  );
}

const FLAG_DATA = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];
const flagValue = (v: boolean | undefined): '1' | '0' | null => (v === undefined ? null : v ? '1' : '0');

function FlagFilter(props: {
  label: string;
  value: boolean | undefined;
  onChange: (v: string | null) => void;
}) {
  return (
    <Select
      label={props.label}
      placeholder="Any"
      clearable
      data={FLAG_DATA}
      value={flagValue(props.value)}
      onChange={props.onChange}
      w={150}
    />
  );
}

/** Users (SPEC §2.1 `users`): every merchant, server-paged, searched, filtered and sorted; all in the address. */
export function UsersPage() {
  const url = useUrlParams(ADMIN_CALLS.ListMerchants.params);
  const params = url.params;
  const sent = {
    ...params,
    disabledCheckout: flagValue(params.disabledCheckout) ?? undefined,
    disabledPayout: flagValue(params.disabledPayout) ?? undefined,
    lifetimeMember: flagValue(params.lifetimeMember) ?? undefined,
  } as const;
  const query = useAdminQuery('ListMerchants', sent, {
    placeholderData: keepPreviousData,
    select: (answer) => answer.data,
  });
  const table = pagedTable(query, url);
  const meta = query.data?.meta;
  const paging =
    table.paging && meta?.isCapped
      ? {
          ...table.paging,
          label: `Showing ${formatCount((meta.page - 1) * meta.limit + 1)} - ${formatCount(
            (meta.page - 1) * meta.limit + (query.data?.records.length ?? 0),
          )} of more than ${formatCount(meta.total)}`,
        }
      : table.paging;
  return (
    <ListScreen
      title="Users"
      description="Merchant accounts. Search by id, shop title, owner, e-mail or the start of an API key."
      actions={<ExportButton call="ListMerchants" params={sent} columns={exportColumns} />}
      filters={
        <>
          <SearchField
            placeholder="ID, shop, owner, e-mail, API key"
            value={params.q}
            onChange={(q) => url.set({ q })}
          />
          <Select
            label="KYC state"
            placeholder="Any"
            clearable
            data={[...MERCHANT_KYC_STATUSES]}
            value={params.kycStatus ?? null}
            onChange={(kycStatus) => url.set({ kycStatus })}
            w={150}
          />
          <CountryFilter value={params.country ?? ''} onChange={(country) => url.set({ country })} />
          <Select
            label="Risk profile"
            placeholder="Any"
            clearable
            data={RISK_PROFILE_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }))}
            value={params.riskProfile === undefined ? null : String(params.riskProfile)}
            onChange={(riskProfile) => url.set({ riskProfile })}
            w={130}
          />
          <FlagFilter
            label="Disabled checkout"
            value={params.disabledCheckout}
            onChange={(disabledCheckout) => url.set({ disabledCheckout })}
          />
          <FlagFilter
            label="Disabled payout"
            value={params.disabledPayout}
            onChange={(disabledPayout) => url.set({ disabledPayout })}
          />
          <FlagFilter
            label="Lifetime member"
            value={params.lifetimeMember}
            onChange={(lifetimeMember) => url.set({ lifetimeMember })}
          />
          <DateRangeFilter
            fromLabel="Registered"
            toLabel="Until"
            from={params.registeredFrom ?? null}
            to={params.registeredTo ?? null}
            onChange={({ from, to }) => url.set({ registeredFrom: from, registeredTo: to })}
          />
        </>
      }
    >
      <DataTable
        label="Merchants"
        columns={columns}
        rowKey={(row) => row.ID}
        empty="No merchant matches"
        rowHref={(row) => adminPath('user-detail', { id: String(row.ID) })}
        {...table}
        paging={paging}
        sort={{
          key: params.sort,
          order: params.order ?? 'desc',
          onSort: (sort, order) => url.set({ sort, order }),
        }}
      />
    </ListScreen>
  );
}
