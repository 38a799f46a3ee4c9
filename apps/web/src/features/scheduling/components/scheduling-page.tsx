import { ADMIN_CALLS, type JobRow } from '@bo/contract';
import { Button, Group, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { UtcDateCell } from '../../../components/data-table/cells';
import { type Column, Dash, DataTable } from '../../../components/data-table/data-table';
import { ExportButton } from '../../../components/data-table/export-button';
import { pagedTable } from '../../../components/data-table/paged';
import { FilterBar } from '../../../components/list-screen/filter-bar';
import { ListScreen } from '../../../components/list-screen/list-screen';
import { useUrlParams } from '../../../components/url-params/use-url-params';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { formatDuration, formatRelative, RunStatusBadge } from './job-format';
import { EditScheduleModal, PauseModal } from './job-forms';
import { JobRunsDrawer } from './job-runs-drawer';

type Dialog = { kind: 'edit' | 'pause' | 'runs'; job: JobRow } | null;

/** Platform Scheduling (admin-commander, ADR 0026): the job runner's jobs, run now, pause, edit and history. */
export function PlatformSchedulingPage() {
  const url = useUrlParams(ADMIN_CALLS.ListJobs.params);
  const params = url.params;
  // Polled: a run now or a scheduled run shows its state without a reload.
  const query = useAdminQuery('ListJobs', params, {
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const runNow = useAdminMutation('RunJobNow', {
    invalidates: ['ListJobs', 'ListJobRuns'],
    success: (data) => `Run #${data.ID} of ${data.JobKey} is queued`,
  });
  const resume = useAdminMutation('SetJobEnabled', {
    invalidates: ['ListJobs'],
    success: (data) =>
      data.Enabled ? `${data.Title} runs on its schedule again` : `${data.Title} is paused`,
  });
  const setEnabled = (job: JobRow, enabled: boolean) => {
    // Pausing a job that moves money asks why and for the step-up; everything else toggles at once.
    if (!enabled && job.MovesMoney) setDialog({ kind: 'pause', job });
    else resume.mutate({ Key: job.Key, Enabled: enabled });
  };
  const now = Date.now();

  const columns: Column<JobRow>[] = [
    {
      key: 'Title',
      header: 'Job',
      sort: 'Title',
      cell: (r) => (
        <Stack gap={0}>
          <Text fz="sm" fw={500} c={r.Enabled ? undefined : 'dimmed'}>
            {r.Title}
          </Text>
          <Text fz="xs" c="dimmed" ff="monospace">
            {r.Key}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'ScheduleText',
      header: 'Schedule',
      cell: (r) => (
        <Stack gap={0}>
          <Text fz="sm" c={r.Enabled ? undefined : 'dimmed'}>
            {r.ScheduleText} · {r.Timezone}
          </Text>
          <Text fz="xs" c="dimmed" ff="monospace">
            {r.Cron}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'NextRunAt',
      header: 'Next run',
      sort: 'NextRunAt',
      nowrap: true,
      cell: (r) =>
        r.Enabled && r.NextRunAt ? (
          <Stack gap={0}>
            <Text fz="sm">{formatRelative(r.NextRunAt, now)}</Text>
            <UtcDateCell value={r.NextRunAt} />
          </Stack>
        ) : (
          <Tooltip label={r.PausedReason ?? 'Paused'} disabled={!r.PausedReason}>
            <Text fz="sm" c="dimmed">
              Paused
            </Text>
          </Tooltip>
        ),
    },
    {
      key: 'LastRun',
      header: 'Last run',
      nowrap: true,
      cell: (r) =>
        r.LastRun ? (
          <Stack gap={2} align="flex-start">
            <RunStatusBadge status={r.LastRun.Status} stuck={r.LastRun.Stuck} />
            <Text fz="xs" c="dimmed">
              {formatDuration(r.LastRun.DurationMs)}
            </Text>
          </Stack>
        ) : (
          <Dash />
        ),
    },
    {
      key: 'Succeeded7d',
      header: '7-day OK',
      nowrap: true,
      cell: (r) =>
        r.Finished7d === 0 ? (
          <Dash />
        ) : (
          <Text fz="sm" c={r.Succeeded7d < r.Finished7d ? 'orange' : undefined}>
            {r.Succeeded7d}/{r.Finished7d}
          </Text>
        ),
    },
    {
      key: 'Enabled',
      header: 'Enabled',
      cell: (r) => (
        <Switch
          aria-label={`${r.Enabled ? 'Pause' : 'Resume'} ${r.Title}`}
          checked={r.Enabled}
          onChange={(e) => setEnabled(r, e.currentTarget.checked)}
        />
      ),
    },
    {
      key: 'Key',
      header: 'Actions',
      nowrap: true,
      cell: (r) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            loading={runNow.isPending && runNow.variables?.Key === r.Key}
            onClick={() => runNow.mutate({ Key: r.Key })}
          >
            Run now
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={() => setEnabled(r, !r.Enabled)}>
            {r.Enabled ? 'Pause' : 'Resume'}
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={() => setDialog({ kind: 'edit', job: r })}>
            Edit
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={() => setDialog({ kind: 'runs', job: r })}>
            Runs
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <ListScreen
      title="Platform Scheduling"
      description="The platform's scheduled jobs. Each run happens once across all server instances; times are shown in UTC."
      actions={
        <ExportButton
          call="ListJobs"
          params={params}
          columns={columns.filter((c) => c.key !== 'Key' && c.key !== 'LastRun')}
        />
      }
      filters={
        <FilterBar url={url} filters={[{ kind: 'search', key: 'keyword', placeholder: 'Job or key' }]} />
      }
    >
      <DataTable
        label="Jobs"
        columns={columns}
        rowKey={(r) => r.Key}
        empty={params?.keyword ? `No job matches '${params.keyword}'` : 'No jobs'}
        {...pagedTable(query, url)}
      />
      {dialog?.kind === 'edit' && <EditScheduleModal job={dialog.job} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'pause' && <PauseModal job={dialog.job} onClose={() => setDialog(null)} />}
      <JobRunsDrawer job={dialog?.kind === 'runs' ? dialog.job : null} onClose={() => setDialog(null)} />
    </ListScreen>
  );
}
