import {
  ADMIN_CALLS,
  adminPath,
  formatUtcDate,
  KYC_STATUSES,
  type KycQueueRow,
  type KycQueueScope,
} from '@bo/contract';
import { Anchor, Badge, Group, SegmentedControl, Select, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { MerchantLink, UtcDateCell } from '../../../components/data-table/cells';
import { type Column, DataTable } from '../../../components/data-table/data-table';
import { ExportButton } from '../../../components/data-table/export-button';
import { pagedTable } from '../../../components/data-table/paged';
import { ListScreen } from '../../../components/list-screen/list-screen';
import { SearchField } from '../../../components/list-screen/search-field';
import { useUrlParams } from '../../../components/url-params/use-url-params';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { useKycFeed } from '../../../lib/realtime/use-kyc-feed';
import { KYC_STATUS_COLOR } from './kyc-status';

const columns: Column<KycQueueRow>[] = [
  {
    key: 'ShopTitle',
    header: 'Case',
    cell: (row) => (
      <Anchor component={Link} to={adminPath('kyc', { id: row.ID })} fz="sm" fw={600}>
        {row.ShopTitle}
      </Anchor>
    ),
  },
  { key: 'ID', header: 'Case ID', sort: 'ID', align: 'right', nowrap: true },
  {
    key: 'MerchantID',
    header: 'Merchant',
    nowrap: true,
    cell: (row) => <MerchantLink id={row.MerchantID} name={`ID ${row.MerchantID}`} />,
  },
  {
    key: 'Status',
    header: 'Status',
    cell: (row) => (
      <Badge variant="light" color={KYC_STATUS_COLOR[row.Status]} tt="none">
        {row.Status}
      </Badge>
    ),
  },
  { key: 'Level', header: 'Level', align: 'right' },
  {
    key: 'SubmittedOn',
    header: 'Submitted',
    sort: 'SubmittedOn',
    cell: (row) => <UtcDateCell value={row.SubmittedOn} />,
  },
  {
    key: 'LastUpdatedOn',
    header: 'Last updated',
    sort: 'LastUpdatedOn',
    cell: (row) => <UtcDateCell value={row.LastUpdatedOn} />,
  },
  {
    key: 'HeldBy',
    header: 'Opened by',
    cell: (row) =>
      row.HeldBy ? (
        <Group gap={4} wrap="nowrap">
          <IconLock size={14} aria-hidden />
          <Text span fz="sm" title={row.HeldUntil ? `Until ${formatUtcDate(row.HeldUntil)} UTC` : undefined}>
            {row.HeldBy}
          </Text>
        </Group>
      ) : (
        <Text span fz="sm" c="dimmed">
          —
        </Text>
      ),
  },
];

/**
 * KYC Users (SPEC §2.1 `kyc`): the queue of pending cases, oldest first (where the dashboard's Pending KYC
 * box leads), or with `#all` every submission, newest first. Filters live in the address; the kyc feed keeps
 * the list and who has which case open current.
 */
export function KycQueuePage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const scope: KycQueueScope = hash === '#all' ? 'all' : 'pending';
  const url = useUrlParams(ADMIN_CALLS.KycQueue.params);
  const params = { ...url.params, scope };
  const query = useAdminQuery('KycQueue', params, { placeholderData: keepPreviousData });
  useKycFeed(true);
  const table = pagedTable(query, url);
  return (
    <ListScreen
      title="KYC Users"
      description={
        scope === 'pending'
          ? 'Pending identity checks, oldest first. Opening a case holds it for you; others see that you have it.'
          : 'Every KYC submission, newest first.'
      }
      actions={<ExportButton call="KycQueue" params={params} columns={columns} />}
      filters={
        <>
          <SegmentedControl
            aria-label="Which cases"
            value={scope}
            onChange={(next) => navigate({ hash: next === 'all' ? 'all' : '' })}
            data={[
              { value: 'pending', label: 'Queue' },
              { value: 'all', label: 'All submissions' },
            ]}
          />
          <SearchField
            placeholder="Merchant id or shop title"
            width={260}
            debounceMs={500}
            value={url.params.keyword}
            onChange={(keyword) => url.set({ keyword })}
          />
          {scope === 'all' ? (
            <Select
              label="Status"
              placeholder="Any status"
              clearable
              data={[...KYC_STATUSES]}
              value={url.params.status ?? null}
              onChange={(status) => url.set({ status })}
              w={180}
            />
          ) : null}
        </>
      }
    >
      <DataTable
        label="KYC cases"
        columns={columns}
        rowKey={(row) => row.ID}
        empty={scope === 'pending' ? 'No pending KYC case: the queue is clear' : 'No KYC submission matches'}
        rowHref={(row) => adminPath('kyc', { id: row.ID })}
        {...table}
        sort={{
          key: url.params.sort,
          // Without an order the scope's own: the queue oldest first, the full list newest first.
          order: url.params.order ?? (scope === 'pending' ? 'asc' : 'desc'),
          onSort: (sort, order) => url.set({ sort, order }),
        }}
      />
    </ListScreen>
  );
}
