import { ADMIN_CALLS, REPORT_STATUS_LABELS, type SavedReportRow } from '@bo/contract';
import { Button, Stack, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { StatusBadge, UtcDateCell } from '../../../components/data-table/cells';
import { type Column, Dash, DataTable } from '../../../components/data-table/data-table';
import { FilterBar } from '../../../components/list-screen/filter-bar';
import { ListScreen } from '../../../components/list-screen/list-screen';
import { useUrlParams } from '../../../components/url-params/use-url-params';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { ReportEditorDrawer } from './report-editor';

const columns: Column<SavedReportRow>[] = [
  {
    key: 'Name',
    header: 'Name',
    cell: (r) => (
      <Stack gap={0}>
        <Text fz="sm" fw={500}>
          {r.Name}
        </Text>
        {r.Description && (
          <Text fz="xs" c="dimmed" lineClamp={1}>
            {r.Description}
          </Text>
        )}
      </Stack>
    ),
  },
  { key: 'Owner', header: 'Owner', nowrap: true },
  {
    key: 'Schedule',
    header: 'Schedule',
    cell: (r) =>
      r.Schedule ? (
        <Stack gap={0}>
          <Text fz="sm">{r.ScheduleText}</Text>
          <Text fz="xs" c="dimmed" ff="monospace">
            {r.Schedule}
            {r.ApprovedVersion === null ? ' · runs once approved' : ''}
          </Text>
        </Stack>
      ) : (
        <Text fz="sm" c="dimmed">
          On demand
        </Text>
      ),
  },
  {
    key: 'LastRun',
    header: 'Last run',
    nowrap: true,
    cell: (r) =>
      r.LastRun ? (
        <Stack gap={0}>
          {r.LastRun.Error ? (
            <Text fz="sm" c="red" title={r.LastRun.Error}>
              Failed
            </Text>
          ) : (
            <Text fz="sm">
              {(r.LastRun.Rows ?? 0).toLocaleString('en-US')} rows · {r.LastRun.Ms ?? 0} ms
            </Text>
          )}
          <UtcDateCell value={r.LastRun.At} />
        </Stack>
      ) : (
        <Dash />
      ),
  },
  {
    key: 'Status',
    header: 'Status',
    nowrap: true,
    cell: (r) => (
      <Stack gap={2} align="flex-start">
        <StatusBadge status={REPORT_STATUS_LABELS[r.Status]} />
        <Text fz="xs" c="dimmed">
          v{r.Version}
          {r.ApprovedVersion && r.ApprovedVersion !== r.Version ? ` · v${r.ApprovedVersion} approved` : ''}
        </Text>
      </Stack>
    ),
  },
  { key: 'Subscribers', header: 'Subscribers', align: 'right', cell: (r) => r.Subscribers || <Dash /> },
];

/** The report in the editor; `opened` tells one opening from the next, so a first save keeps the editor as is. */
type Editing = { id: number | null; opened: number } | null;

/** Platform Scheduling SQL (admin-commander, ADR 0030): saved, parameterised, read-only SQL reports. */
export function SavedReportsPage() {
  const url = useUrlParams(ADMIN_CALLS.ListSavedReports.params);
  const query = useAdminQuery('ListSavedReports', url.params, { placeholderData: keepPreviousData });
  const [editing, setEditing] = useState<Editing>(null);
  const open = (id: number | null) => setEditing({ id, opened: Date.now() });
  return (
    <ListScreen
      title="Platform Scheduling SQL"
      description="Saved SQL reports: one read-only SELECT with {{parameters}}, approved by a second administrator before it runs on a schedule, as CSV or by e-mail."
      actions={<Button onClick={() => open(null)}>New report</Button>}
      filters={
        <FilterBar url={url} filters={[{ kind: 'search', key: 'keyword', placeholder: 'Report name' }]} />
      }
    >
      <DataTable
        label="Saved reports"
        columns={columns}
        rows={query.data}
        rowKey={(r) => r.ID}
        isLoading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        onRowClick={(r) => open(r.ID)}
        empty={url.params?.keyword ? `No report matches '${url.params.keyword}'` : 'No saved reports yet'}
      />
      <ReportEditorDrawer
        key={editing?.opened ?? 0}
        opened={editing !== null}
        id={editing?.id ?? null}
        onSaved={(id) => setEditing((e) => (e ? { ...e, id } : e))}
        onClose={() => setEditing(null)}
      />
    </ListScreen>
  );
}
