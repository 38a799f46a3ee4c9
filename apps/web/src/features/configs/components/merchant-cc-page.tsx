import { ADMIN_CALLS, adminPath, CARD_STATUSES, type CardAccountRow, type CardStatus } from '@bo/contract';
import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { UtcDateCell, YesNoBadge } from '../../../components/data-table/cells';
import { type Column, DataTable } from '../../../components/data-table/data-table';
import { ExportButton } from '../../../components/data-table/export-button';
import { pagedTable } from '../../../components/data-table/paged';
import { FilterBar } from '../../../components/list-screen/filter-bar';
import { ListScreen } from '../../../components/list-screen/list-screen';
import { MerchantFilter } from '../../../components/list-screen/merchant-filter';
import { useUrlParams } from '../../../components/url-params/use-url-params';
import { useAdminQuery } from '../../../lib/api/use-call-query';

export const CARD_STATUS_COLORS: Record<CardStatus, string> = {
  'not applied': 'gray',
  applying: 'blue',
  active: 'green',
  suspended: 'orange',
  terminated: 'red',
};

export function CardStatusBadge({ status }: { status: CardStatus }) {
  return (
    <Badge
      color={CARD_STATUS_COLORS[status]}
      variant="light"
      tt="none"
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {status}
    </Badge>
  );
}

const columns: Column<CardAccountRow>[] = [
  {
    key: 'Merchant',
    header: 'Merchant',
    sort: 'Merchant',
    cell: (r) => (
      <Anchor component={Link} to={adminPath('config-merchants-cc', { id: r.MerchantID })} fz="sm">
        {r.Merchant}{' '}
        <Text span c="dimmed" fz="xs">
          #{r.MerchantID}
        </Text>
      </Anchor>
    ),
  },
  { key: 'Status', header: 'Card status', nowrap: true, cell: (r) => <CardStatusBadge status={r.Status} /> },
  { key: 'Provider', header: 'Provider' },
  { key: 'MID', header: 'MID', cell: (r) => r.MID || <Text c="dimmed">—</Text> },
  { key: 'MCC', header: 'MCC' },
  {
    key: 'Descriptor',
    header: 'Descriptor',
    nowrap: true,
    cell: (r) => (
      <Text ff="monospace" fz="xs">
        {r.Descriptor}
      </Text>
    ),
  },
  {
    key: 'InternationalCards',
    header: 'International cards',
    cell: (r) => <YesNoBadge value={r.InternationalCards} />,
  },
  {
    key: 'CardVolume30dEur',
    header: '30-day card volume EUR',
    sort: 'CardVolume30dEur',
    align: 'right',
    nowrap: true,
    cell: (r) => r.CardVolume30dEur,
  },
  {
    key: 'UpdatedAt',
    header: 'Changed',
    sort: 'UpdatedAt',
    cell: (r) => <UtcDateCell value={r.UpdatedAt} stacked />,
  },
  { key: 'UpdatedBy', header: 'By' },
];

const STATUS_OPTIONS = CARD_STATUSES.map((s) => ({ value: s, label: s }));

/** `merchant-cc`: which merchants accept cards, through which provider, and how much in the last 30 days. */
export function MerchantCcPage() {
  const url = useUrlParams(ADMIN_CALLS.ListMerchantCardAccounts.params);
  const query = useAdminQuery('ListMerchantCardAccounts', url.params, { placeholderData: keepPreviousData });
  const providers = useAdminQuery('ListFeeProviders', {}, { staleTime: 300_000 });
  const providerOptions = (providers.data ?? [])
    .filter((p) => p.Kind === 'provider')
    .map((p) => ({ value: String(p.ID), label: p.Name }));
  const navigate = useNavigate();
  return (
    <ListScreen
      title="Merchant CC"
      description="Card acceptance per merchant. Open a merchant to set it up, change its limits or suspend it."
      actions={
        <Group gap="xs" align="flex-end">
          <MerchantFilter
            label="Set up a merchant"
            width={260}
            value={undefined}
            onChange={(id) => {
              if (id) void navigate(adminPath('config-merchants-cc', { id: Number(id) }));
            }}
          />
          <ExportButton call="ListMerchantCardAccounts" params={url.params} columns={columns} />
        </Group>
      }
      filters={
        <FilterBar
          url={url}
          filters={[
            { kind: 'select', key: 'status', label: 'Card status', options: STATUS_OPTIONS, width: 170 },
            { kind: 'select', key: 'providerId', label: 'Provider', options: providerOptions, width: 170 },
          ]}
        />
      }
    >
      <DataTable
        label="Card accounts"
        columns={columns}
        rowKey={(r) => r.MerchantID}
        empty={
          url.params.status || url.params.providerId
            ? 'No card account matches'
            : 'No merchant accepts cards yet'
        }
        rowActions={(r) => (
          <Button
            component={Link}
            to={adminPath('config-merchants-cc', { id: r.MerchantID })}
            size="compact-xs"
            variant="subtle"
          >
            Open config
          </Button>
        )}
        {...pagedTable(query, url)}
      />
    </ListScreen>
  );
}
