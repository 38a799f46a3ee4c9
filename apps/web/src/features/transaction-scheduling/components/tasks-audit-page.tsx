import {
  ADMIN_CALLS,
  adminPath,
  SCHEDULE_KIND_LABELS,
  TASK_FILTER_STATUSES,
  TASK_STATUS_LABELS,
  TRANSACTION_SCHEDULE_KINDS,
  TRANSACTION_SCHEDULE_MESSAGES,
  type TransactionTaskRow,
} from '@bo/contract';
import { Alert, Anchor, Button, Code, Group, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { MerchantLink, MoneyCell, UtcDateCell } from '../../../components/data-table/cells';
import { type Column, Dash, DataTable } from '../../../components/data-table/data-table';
import { ExportButton } from '../../../components/data-table/export-button';
import { FilterBar } from '../../../components/list-screen/filter-bar';
import { ListScreen } from '../../../components/list-screen/list-screen';
import { MerchantFilter } from '../../../components/list-screen/merchant-filter';
import { LayeredDrawer } from '../../../components/ui/layered-drawer';
import { StepUpDialog } from '../../../components/ui/step-up-dialog';
import { useUrlParams } from '../../../components/url-params/use-url-params';
import { isApiError } from '../../../lib/api/api-error';
import { handleApiError } from '../../../lib/api/error-handler';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { privacyStyle } from '../../../lib/format/privacy-style';
import { useAppStore } from '../../../lib/session/session.store';
import { TaskStatusBadge } from './task-status-badge';

const STATUS_OPTIONS = TASK_FILTER_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] }));
const KIND_OPTIONS = TRANSACTION_SCHEDULE_KINDS.map((k) => ({ value: k, label: SCHEDULE_KIND_LABELS[k] }));

const duration = (ms: number | null) =>
  ms === null
    ? null
    : ms < 1000
      ? `${ms} ms`
      : ms < 60_000
        ? `${(ms / 1000).toFixed(1)} s`
        : `${Math.round(ms / 60_000)} min`;

const usePrivacy = () => privacyStyle(useAppStore((s) => s.privacyMode));

function Blurred({ children }: { children: string }) {
  const blur = usePrivacy();
  return (
    <Text fz="sm" style={blur}>
      {children}
    </Text>
  );
}

const columns: Column<TransactionTaskRow>[] = [
  {
    key: 'ID',
    header: 'Task',
    cell: (r) => (
      <Text fz="sm" ff="monospace">
        #{r.ID}
      </Text>
    ),
  },
  { key: 'Merchant', header: 'Merchant', cell: (r) => <MerchantLink id={r.MerchantID} name={r.ShopTitle} /> },
  {
    key: 'ScheduleID',
    header: 'Schedule',
    nowrap: true,
    cell: (r) => (
      <Anchor
        component={Link}
        to={`${adminPath('transaction-scheduling')}?merchantId=${r.MerchantID}`}
        fz="sm"
      >
        #{r.ScheduleID} v{r.ScheduleVersion}
      </Anchor>
    ),
  },
  { key: 'Kind', header: 'Kind', cell: (r) => SCHEDULE_KIND_LABELS[r.Kind] },
  { key: 'Trigger', header: 'Trigger', cell: (r) => r.Trigger + (r.RetryOf ? ` of #${r.RetryOf}` : '') },
  { key: 'StartedAt', header: 'Started', cell: (r) => <UtcDateCell value={r.StartedAt} stacked /> },
  { key: 'DurationMs', header: 'Duration', nowrap: true, cell: (r) => duration(r.DurationMs) ?? <Dash /> },
  { key: 'Status', header: 'Status', cell: (r) => <TaskStatusBadge status={r.Status} /> },
  {
    key: 'Amount',
    header: 'Amount',
    align: 'right',
    nowrap: true,
    cell: (r) => (r.Amount ? <MoneyCell value={r.Amount} unit={r.Coin} /> : <Dash />),
  },
  {
    key: 'PayoutRef',
    header: 'Result',
    cell: (r) =>
      r.PayoutRef ? (
        <Anchor
          component={Link}
          to={`${adminPath('pending-payouts')}?merchantId=${r.MerchantID}`}
          fz="sm"
          ff="monospace"
        >
          {r.PayoutRef}
        </Anchor>
      ) : (
        <Dash />
      ),
  },
  { key: 'Actor', header: 'Actor', cell: (r) => r.Actor },
  {
    key: 'Error',
    header: 'Error / why',
    cell: (r) =>
      r.Error || r.Status === 'skipped' ? (
        <Tooltip label={r.Error ?? r.Decision} multiline w={360}>
          <Text fz="xs" c={r.Error ? 'red' : 'dimmed'} lineClamp={2} maw={260}>
            <Blurred>{r.Error ?? r.Decision}</Blurred>
          </Text>
        </Tooltip>
      ) : (
        <Dash />
      ),
  },
];

/** The Tasks Audit (operations brief §C, `transaction-scheduling-tasks/{merchantID?}`): every executed task. */
export function TasksAuditPage() {
  const { merchantID } = useParams();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const url = useUrlParams(ADMIN_CALLS.ListTransactionTasks.params);
  const routeMerchant = merchantID && /^\d+$/.test(merchantID) ? Number(merchantID) : undefined;
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors[cursors.length - 1];
  const params = { ...url.params, merchantId: routeMerchant, cursor };
  // A refused filter (unknown merchant, a date after today) is shown once, above the table, not also as a toast.
  const query = useAdminQuery('ListTransactionTasks', params, {
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
  const openTask = search.get('task');
  const refusal =
    isApiError(query.error) && (query.error.httpStatus === 400 || query.error.httpStatus === 404)
      ? query.error.message
      : null;
  // Anything else (a lost session, a server fault) takes the app's usual way.
  useEffect(() => {
    if (query.error && !refusal) handleApiError(query.error);
  }, [query.error, refusal]);
  const shop = query.data?.Merchant?.ShopTitle;
  const exportParams = { ...url.params, merchantId: routeMerchant };

  const goMerchant = (id: string | null) => {
    setCursors([]);
    void navigate(
      `${adminPath('transaction-scheduling-tasks', id ? { merchantID: id } : {})}${search.toString() ? `?${search}` : ''}`,
    );
  };
  return (
    <ListScreen
      title="Tasks Audit"
      description="What every transaction schedule did: each run, its inputs and its decision."
      actions={
        <Group gap="xs">
          <Button variant="default" component={Link} to={adminPath('transaction-scheduling')}>
            Transaction Scheduling
          </Button>
          <ExportButton call="ListTransactionTasks" params={exportParams} columns={columns} />
        </Group>
      }
      filters={
        <Group align="flex-end" gap="sm" wrap="wrap">
          <MerchantFilter value={routeMerchant} onChange={(id) => goMerchant(id)} width={240} />
          {routeMerchant ? (
            <Anchor component={Link} to={adminPath('transaction-scheduling-tasks')} fz="sm" pb={8}>
              All merchants
            </Anchor>
          ) : null}
          <FilterBar
            url={url}
            filters={[
              { kind: 'date-range', from: 'from', to: 'to' },
              { kind: 'select', key: 'status', label: 'Status', options: STATUS_OPTIONS, width: 150 },
              { kind: 'select', key: 'kind', label: 'Kind', options: KIND_OPTIONS, width: 150 },
            ]}
          />
        </Group>
      }
    >
      {refusal ? (
        <Alert color="red" role="alert" mb="md">
          {refusal}
        </Alert>
      ) : null}
      {query.data ? (
        <Text fz="sm" c="dimmed" mb="xs">
          {query.data.From} – {query.data.To} (UTC){cursors.length > 0 ? ` · page ${cursors.length + 1}` : ''}
        </Text>
      ) : null}
      <DataTable
        label="Tasks"
        columns={columns}
        rowKey={(r) => r.ID}
        rows={refusal ? [] : query.data?.records}
        isLoading={query.isLoading}
        error={refusal ? null : query.error}
        onRetry={() => void query.refetch()}
        empty={
          refusal
            ? 'No task to show'
            : shop
              ? TRANSACTION_SCHEDULE_MESSAGES.emptyTasks(shop)
              : 'No task ran in this period'
        }
        onRowClick={(r) =>
          setSearch((previous) => {
            const next = new URLSearchParams(previous);
            next.set('task', String(r.ID));
            return next;
          })
        }
      />
      <Group justify="flex-end" mt="sm" gap="xs">
        <Button size="xs" variant="default" disabled={cursors.length === 0} onClick={() => setCursors([])}>
          Newest
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={cursors.length === 0}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          Newer
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={!query.data?.NextCursor}
          onClick={() => query.data?.NextCursor && setCursors([...cursors, query.data.NextCursor])}
        >
          Older
        </Button>
      </Group>
      <LayeredDrawer
        opened={openTask !== null}
        onClose={() =>
          setSearch((previous) => {
            const next = new URLSearchParams(previous);
            next.delete('task');
            return next;
          })
        }
        position="right"
        size={560}
        title={`Task #${openTask ?? ''}`}
      >
        {openTask && /^\d+$/.test(openTask) ? <TaskDetail id={Number(openTask)} /> : null}
      </LayeredDrawer>
    </ListScreen>
  );
}

function TaskDetail({ id }: { id: number }) {
  const task = useAdminQuery('TransactionTaskDetail', { ID: id });
  const schedules = useAdminQuery('ListTransactionSchedules', {}, { staleTime: 60_000 });
  const blur = usePrivacy();
  const [retrying, setRetrying] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const retry = useAdminMutation('RetryTransactionTask', {
    invalidates: ['ListTransactionTasks', 'TransactionTaskDetail', 'ListTransactionSchedules'],
    success: (t) => `Retry task #${t.ID}: ${t.Decision}`,
    handlesErrors: true,
  });
  if (task.isLoading) return <Text fz="sm">Loading…</Text>;
  if (task.error || !task.data)
    return <Alert color="red">{task.error?.message ?? TRANSACTION_SCHEDULE_MESSAGES.noTask}</Alert>;
  const t = task.data;
  return (
    <Stack gap="md">
      <Group gap="sm">
        <TaskStatusBadge status={t.Status} />
        <Text fz="sm">
          {SCHEDULE_KIND_LABELS[t.Kind]} · schedule #{t.ScheduleID} v{t.ScheduleVersion} · {t.Trigger} by{' '}
          {t.Actor}
        </Text>
      </Group>
      <Stack gap={4}>
        <Text fz="sm" fw={600}>
          Decision
        </Text>
        <Text fz="sm" style={blur} data-testid="task-decision">
          {t.Decision}
        </Text>
        {t.Error ? (
          <Text fz="sm" c="red">
            {t.Error}
          </Text>
        ) : null}
      </Stack>
      <Stack gap={4}>
        <Text fz="sm" fw={600}>
          Inputs
        </Text>
        <Table withTableBorder fz="sm" aria-label="Task inputs">
          <Table.Tbody>
            {Object.entries(t.Inputs).map(([key, value]) => (
              <Table.Tr key={key}>
                <Table.Td w={170}>{key}</Table.Td>
                <Table.Td>
                  <Code style={blur}>{value === null ? '—' : String(value)}</Code>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <Text fz="xs" c="dimmed">
        Started <UtcDateCell value={t.StartedAt} /> · finished{' '}
        <UtcDateCell value={t.FinishedAt} empty="not yet" />
        {t.RetriedBy ? ` · retried as task #${t.RetriedBy}` : ''}
      </Text>
      {t.Status !== 'running' ? (
        <Stack gap="xs">
          <TextInput
            label="Reason for the retry"
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setProblem(null);
            }}
            error={problem}
          />
          <Group justify="flex-end">
            <Button
              onClick={() => {
                if (!reason.trim()) setProblem(TRANSACTION_SCHEDULE_MESSAGES.reason);
                else setRetrying(true);
              }}
            >
              Retry
            </Button>
          </Group>
        </Stack>
      ) : null}
      <StepUpDialog
        opened={retrying}
        title={`Retry task #${t.ID}`}
        what="The schedule runs again now with today's balance; a duplicate is refused."
        method={schedules.data?.StepUpWith ?? 'password'}
        confirmLabel="Retry"
        onClose={() => setRetrying(false)}
        send={(proof) => retry.mutateAsync({ ID: t.ID, Reason: reason, ...proof })}
      />
    </Stack>
  );
}
