import { JOB_RUNS_PAGE_SIZE, type JobRow, type JobRunRow } from '@bo/contract';
import { Alert, Button, Code, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { UtcDateCell } from '../../../components/data-table/cells';
import { type Column, Dash, DataTable } from '../../../components/data-table/data-table';
import { queryState } from '../../../components/data-table/paged';
import { openConfirm } from '../../../components/ui/confirm';
import { LayeredDrawer } from '../../../components/ui/layered-drawer';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { formatDuration, RunStatusBadge } from './job-format';

const TRIGGERS = { schedule: 'Schedule', manual: 'Manual', retry: 'Retry' } as const;

const columns: Column<JobRunRow>[] = [
  { key: 'ID', header: 'Run', nowrap: true, cell: (r) => <Text fz="sm">#{r.ID}</Text> },
  {
    key: 'Status',
    header: 'Status',
    nowrap: true,
    cell: (r) => <RunStatusBadge status={r.Status} stuck={r.Stuck} />,
  },
  {
    key: 'Trigger',
    header: 'Trigger',
    nowrap: true,
    cell: (r) => (
      <Text fz="sm">
        {TRIGGERS[r.Trigger]}
        {r.TriggeredBy ? (
          <Text span fz="xs" c="dimmed">
            {' '}
            by {r.TriggeredBy}
          </Text>
        ) : null}
      </Text>
    ),
  },
  {
    key: 'ScheduledFor',
    header: 'Scheduled for',
    cell: (r) => <UtcDateCell value={r.ScheduledFor} stacked />,
  },
  { key: 'StartedAt', header: 'Started', cell: (r) => <UtcDateCell value={r.StartedAt} stacked /> },
  {
    key: 'DurationMs',
    header: 'Duration',
    nowrap: true,
    cell: (r) => <Text fz="sm">{formatDuration(r.DurationMs)}</Text>,
  },
  {
    key: 'ItemsProcessed',
    header: 'Items',
    cell: (r) => (r.ItemsProcessed === null ? <Dash /> : r.ItemsProcessed),
  },
  { key: 'Attempt', header: 'Attempt', cell: (r) => r.Attempt },
  {
    key: 'Error',
    header: 'Error',
    cell: (r) =>
      r.Error ? (
        <Text fz="xs" c="red" lineClamp={2} maw={260}>
          {r.Error}
        </Text>
      ) : (
        <Dash />
      ),
  },
];

/** A job's run history, 20 a page, newest first; a run's log below when one is picked. */
export function JobRunsDrawer({ job, onClose }: { job: JobRow | null; onClose: () => void }) {
  return (
    <LayeredDrawer
      opened={job !== null}
      onClose={onClose}
      position="right"
      size={1000}
      title={job ? `Runs · ${job.Title}` : ''}
    >
      {job && <RunHistory key={job.Key} job={job} />}
    </LayeredDrawer>
  );
}

function RunHistory({ job }: { job: JobRow }) {
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<JobRunRow | null>(null);
  const query = useAdminQuery(
    'ListJobRuns',
    { Key: job.Key, page, limit: JOB_RUNS_PAGE_SIZE },
    { placeholderData: keepPreviousData, refetchInterval: 3_000 },
  );
  const meta = query.data?.meta;
  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed" ff="monospace">
        {job.Key} · {job.Cron} · {job.Timezone}
      </Text>
      <DataTable
        label={`Runs of ${job.Title}`}
        columns={columns}
        rowKey={(r) => r.ID}
        empty="This job has not run yet"
        onRowClick={(r) => setPicked(r)}
        currentRow={(r) => picked?.ID === r.ID}
        {...queryState(query, query.data?.records)}
        paging={meta && { page: meta.page, size: meta.limit, total: meta.total, onPage: setPage }}
      />
      {picked && <RunLog run={query.data?.records.find((r) => r.ID === picked.ID) ?? picked} />}
    </Stack>
  );
}

function RunLog({ run }: { run: JobRunRow }) {
  const log = useAdminQuery(
    'JobRunLog',
    { ID: run.ID },
    { refetchInterval: run.Status === 'running' ? 3_000 : false },
  );
  const markFailed = useAdminMutation('MarkJobRunFailed', {
    invalidates: ['ListJobRuns', 'ListJobs', 'JobRunLog'],
    success: (data) => `Run #${data.ID} is marked failed`,
  });
  const minutes = run.HeartbeatAt ? Math.round((Date.now() - Date.parse(run.HeartbeatAt)) / 60_000) : 0;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} size="h5">
          Run #{run.ID} log
        </Title>
        <RunStatusBadge status={run.Status} stuck={run.Stuck} />
      </Group>
      {run.Stuck && (
        <Alert color="red" title={`Stuck, no heartbeat for ${minutes} min`}>
          <Group justify="space-between">
            <Text fz="sm">
              Its server instance stopped reporting. Under Forbid, no new run starts until it ends.
            </Text>
            <Button
              color="red"
              size="xs"
              loading={markFailed.isPending}
              onClick={() =>
                openConfirm({
                  title: 'Mark this run failed',
                  message: `Run #${run.ID} ends as failed; if its instance is still alive it stops at its next heartbeat.`,
                  confirmLabel: 'Mark failed',
                  isDanger: true,
                  onConfirm: () => markFailed.mutate({ ID: run.ID }),
                })
              }
            >
              Mark failed
            </Button>
          </Group>
        </Alert>
      )}
      {log.data?.Error && (
        <Text fz="sm" c="red">
          {log.data.Error}
        </Text>
      )}
      <ScrollArea.Autosize mah={320}>
        <Code block aria-label={`Log of run ${run.ID}`}>
          {log.data ? log.data.Log || 'No output.' : 'Loading…'}
        </Code>
      </ScrollArea.Autosize>
    </Stack>
  );
}
