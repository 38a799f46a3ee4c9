import { ADMIN_CALLS, CAMPAIGN_STATUSES, type CampaignRow } from '@bo/contract';
import { Button, Group, Progress, Select, Stack, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { UtcDateCell } from '../../../components/data-table/cells';
import { type Column, Dash, DataTable } from '../../../components/data-table/data-table';
import { ExportButton } from '../../../components/data-table/export-button';
import { pagedTable } from '../../../components/data-table/paged';
import { ListScreen } from '../../../components/list-screen/list-screen';
import { SearchField } from '../../../components/list-screen/search-field';
import { useUrlParams } from '../../../components/url-params/use-url-params';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { CampaignDrawer } from './campaign-drawer';
import { CAMPAIGN_STATUS_LABELS, CampaignStatusBadge } from './campaign-status';
import { SegmentsModal } from './segments-modal';

/** Sent of the recipients, as a bar and figures; a dash before the send. */
function Progression({ row }: { row: CampaignRow }) {
  if (row.Total === 0) return <Dash />;
  const done = row.Sent + row.Failed + row.Skipped;
  return (
    <Stack gap={2} miw={140}>
      <Progress value={(done / row.Total) * 100} size="sm" aria-label={`${done} of ${row.Total} done`} />
      <Text fz="xs" c="dimmed">
        {row.Sent} sent of {row.Total}
        {row.Failed > 0 ? `, ${row.Failed} failed` : ''}
        {row.Skipped > 0 ? `, ${row.Skipped} skipped` : ''}
      </Text>
    </Stack>
  );
}

const columns: Column<CampaignRow>[] = [
  {
    key: 'Subject',
    header: 'Subject',
    cell: (r) => (
      <Text fz="sm" fw={500}>
        {r.Subject}
      </Text>
    ),
  },
  { key: 'Status', header: 'Status', nowrap: true, cell: (r) => <CampaignStatusBadge status={r.Status} /> },
  { key: 'SegmentName', header: 'Segment', cell: (r) => r.SegmentName ?? <Dash /> },
  { key: 'Total', header: 'Progress', cell: (r) => <Progression row={r} /> },
  { key: 'Sent', header: 'Sent', cell: () => null },
  { key: 'Failed', header: 'Failed', cell: () => null },
  { key: 'Skipped', header: 'Skipped', cell: () => null },
  { key: 'CreatedBy', header: 'Created by', cell: (r) => r.CreatedBy },
  {
    key: 'UpdatedOn',
    header: 'Updated (UTC)',
    sort: 'UpdatedOn',
    nowrap: true,
    cell: (r) => <UtcDateCell value={r.UpdatedOn} withZone={false} />,
  },
];
const shownColumns = columns.filter((c) => c.key !== 'Sent' && c.key !== 'Failed' && c.key !== 'Skipped');

/** Email Marketing (SPEC §2.1 `marketing`, marketing-commander): campaigns, their segments and their sends. */
export function MarketingPage() {
  const url = useUrlParams(ADMIN_CALLS.ListCampaigns.params);
  const params = url.params;
  const query = useAdminQuery('ListCampaigns', params, {
    placeholderData: keepPreviousData,
    // While a listed campaign sends, its progress is asked for again every 2 s.
    refetchInterval: (q) => (q.state.data?.records.some((r) => r.Status === 'sending') ? 2000 : false),
  });
  // null: closed; 'new': composing; a number: that campaign.
  const [open, setOpen] = useState<number | 'new' | null>(null);
  const [segmentsOpen, setSegmentsOpen] = useState(false);
  return (
    <ListScreen
      title="Email Marketing"
      description="Emails to merchants: compose, pick a segment, test, send. Unsubscribed merchants are never mailed."
      actions={
        <Group gap="xs">
          <Button variant="default" onClick={() => setSegmentsOpen(true)}>
            Segments
          </Button>
          <ExportButton call="ListCampaigns" params={params} columns={columns} />
          <Button onClick={() => setOpen('new')}>New campaign</Button>
        </Group>
      }
      filters={
        <>
          <SearchField
            placeholder="Subject"
            value={params.keyword}
            onChange={(keyword) => url.set({ keyword })}
          />
          <Select
            label="Status"
            placeholder="Any"
            clearable
            data={CAMPAIGN_STATUSES.map((s) => ({ value: s, label: CAMPAIGN_STATUS_LABELS[s] }))}
            value={params.status ?? null}
            onChange={(status) => url.set({ status })}
            w={150}
          />
          <Button variant="default" onClick={() => url.reset()} style={{ alignSelf: 'flex-end' }}>
            Reset
          </Button>
        </>
      }
    >
      <DataTable
        label="Campaigns"
        columns={shownColumns}
        rowKey={(row) => row.ID}
        empty="No campaign yet: start one with New campaign"
        onRowClick={(row) => setOpen(row.ID)}
        currentRow={(row) => row.ID === open}
        {...pagedTable(query, url)}
      />
      <CampaignDrawer
        campaign={open}
        onSaved={(id) => setOpen(id)}
        onClose={() => setOpen(null)}
        onManageSegments={() => setSegmentsOpen(true)}
      />
      <SegmentsModal opened={segmentsOpen} onClose={() => setSegmentsOpen(false)} />
    </ListScreen>
  );
}
