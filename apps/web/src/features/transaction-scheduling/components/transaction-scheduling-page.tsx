import {
  ADMIN_CALLS,
  adminPath,
  EXECUTABLE_SCHEDULE_KINDS,
  SCHEDULE_FREQUENCIES,
  SCHEDULE_KIND_LABELS,
  SCHEDULE_STATUSES,
  TRANSACTION_SCHEDULE_MESSAGES,
  type TransactionScheduleRow,
  WEEKDAY_NAMES,
} from '@bo/contract';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCallForm } from '../../../components/call-form/use-call-form';
import { MerchantLink, UtcDateCell } from '../../../components/data-table/cells';
import { type Column, Dash, DataTable } from '../../../components/data-table/data-table';
import { FilterBar } from '../../../components/list-screen/filter-bar';
import { ListScreen } from '../../../components/list-screen/list-screen';
import { MerchantFilter } from '../../../components/list-screen/merchant-filter';
import { LayeredDrawer } from '../../../components/ui/layered-drawer';
import { StepUpDialog } from '../../../components/ui/step-up-dialog';
import { useUrlParams } from '../../../components/url-params/use-url-params';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { TaskStatusBadge } from './task-status-badge';

const STATUS_COLORS = { active: 'green', paused: 'gray', error: 'red' } as const;
const STATUS_OPTIONS = SCHEDULE_STATUSES.map((s) => ({ value: s, label: s[0]?.toUpperCase() + s.slice(1) }));
const KIND_OPTIONS = EXECUTABLE_SCHEDULE_KINDS.map((k) => ({ value: k, label: SCHEDULE_KIND_LABELS[k] }));
const FREQUENCY_OPTIONS = SCHEDULE_FREQUENCIES.map((f) => ({
  value: f,
  label: f === 'cron' ? 'Custom cron' : f[0]?.toUpperCase() + f.slice(1),
}));
const WEEKDAY_OPTIONS = WEEKDAY_NAMES.map((name, i) => ({ value: String(i), label: name.slice(0, -1) }));
const NOT_BUILT =
  'Conversion, LTR consolidation and provider re-checks have no executor yet: only payouts can be scheduled.';

/** Transaction Scheduling (operations brief §C, admin-commander): per-merchant rules that move money on a schedule. */
export function TransactionSchedulingPage() {
  const url = useUrlParams(ADMIN_CALLS.ListTransactionSchedules.params);
  const query = useAdminQuery('ListTransactionSchedules', url.params, { placeholderData: keepPreviousData });
  const navigate = useNavigate();
  const [editing, setEditing] = useState<TransactionScheduleRow | 'new' | null>(null);
  const [pausing, setPausing] = useState<TransactionScheduleRow | null>(null);
  const [running, setRunning] = useState<TransactionScheduleRow | null>(null);
  const [history, setHistory] = useState<TransactionScheduleRow | null>(null);
  const resume = useAdminMutation('ResumeTransactionSchedule', {
    invalidates: ['ListTransactionSchedules'],
    success: (s) => `Schedule #${s.ID} resumed`,
  });
  const skip = useAdminMutation('SkipNextTransactionSchedule', {
    invalidates: ['ListTransactionSchedules'],
    success: (s) =>
      s.SkipNext ? `The next run of schedule #${s.ID} will be skipped` : `Schedule #${s.ID} runs as planned`,
  });
  const run = useAdminMutation('RunTransactionScheduleNow', {
    invalidates: ['ListTransactionSchedules', 'ListTransactionTasks'],
    success: (task) => `Task #${task.ID}: ${task.Decision}`,
    handlesErrors: true,
  });
  const merchantId = url.params.merchantId;

  const columns: Column<TransactionScheduleRow>[] = [
    {
      key: 'Merchant',
      header: 'Merchant',
      cell: (r) => (
        <Stack gap={0}>
          <MerchantLink id={r.MerchantID} name={r.ShopTitle} />
          <Text fz="xs" c="dimmed">
            #{r.ID} · v{r.Version}
          </Text>
        </Stack>
      ),
    },
    { key: 'Kind', header: 'Kind', cell: (r) => SCHEDULE_KIND_LABELS[r.Kind] },
    { key: 'Coin', header: 'Coin', cell: (r) => r.Coin },
    { key: 'Rule', header: 'Rule', cell: (r) => <Text fz="sm">{r.Rule}</Text> },
    {
      key: 'Destination',
      header: 'Destination',
      cell: (r) =>
        r.DestinationShown ? (
          <Tooltip label={r.Destination ? 'Set on the schedule' : "The merchant's payout schema default"}>
            <Text fz="sm" ff="monospace" lineClamp={1} maw={200}>
              {r.DestinationShown}
            </Text>
          </Tooltip>
        ) : (
          <Dash />
        ),
    },
    {
      key: 'NextRunAt',
      header: 'Next run',
      nowrap: true,
      cell: (r) =>
        r.Status !== 'active' ? (
          <Dash />
        ) : (
          <Stack gap={2}>
            <UtcDateCell value={r.NextRunAt} empty="Ended" />
            {r.SkipNext ? (
              <Badge size="xs" color="yellow" variant="light" tt="none">
                will be skipped
              </Badge>
            ) : null}
          </Stack>
        ),
    },
    {
      key: 'LastStatus',
      header: 'Last result',
      nowrap: true,
      cell: (r) =>
        r.LastStatus && r.LastTaskID ? (
          <Tooltip label={r.LastDecision ?? ''} multiline w={320}>
            <Anchor
              component={Link}
              to={`${adminPath('transaction-scheduling-tasks', { merchantID: r.MerchantID })}?task=${r.LastTaskID}`}
            >
              <TaskStatusBadge status={r.LastStatus} />
            </Anchor>
          </Tooltip>
        ) : (
          <Text fz="sm" c="dimmed">
            Not run yet
          </Text>
        ),
    },
    {
      key: 'Status',
      header: 'Status',
      nowrap: true,
      cell: (r) => (
        <Tooltip label={r.StatusReason ?? ''} disabled={!r.StatusReason} multiline w={280}>
          <Badge
            color={STATUS_COLORS[r.Status]}
            variant="light"
            tt="none"
            styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
          >
            {r.Status}
          </Badge>
        </Tooltip>
      ),
    },
  ];

  return (
    <ListScreen
      title="Transaction Scheduling"
      description="Rules that pay a merchant's balance out on a schedule, through the payout rail and four-eyes."
      actions={
        <Group gap="xs">
          <Button
            variant="default"
            component={Link}
            to={adminPath('transaction-scheduling-tasks', merchantId ? { merchantID: merchantId } : {})}
          >
            Tasks Audit
          </Button>
          <Button onClick={() => setEditing('new')}>New schedule</Button>
        </Group>
      }
      filters={
        <FilterBar
          url={url}
          filters={[
            { kind: 'merchant', key: 'merchantId' },
            { kind: 'select', key: 'status', label: 'Status', options: STATUS_OPTIONS, width: 150 },
          ]}
        />
      }
    >
      <DataTable
        label="Transaction schedules"
        columns={columns}
        rowKey={(r) => r.ID}
        rows={query.data?.records}
        isLoading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={TRANSACTION_SCHEDULE_MESSAGES.emptyList}
        rowActions={(r) => (
          <Group gap={4} wrap="nowrap">
            <Button size="compact-xs" variant="light" onClick={() => setRunning(r)}>
              Run now
            </Button>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button size="compact-xs" variant="subtle" aria-label={`More actions for schedule ${r.ID}`}>
                  <IconDots size={14} />
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => setEditing(r)}>Edit (new version)</Menu.Item>
                {r.Status === 'active' ? (
                  <Menu.Item onClick={() => setPausing(r)}>Pause</Menu.Item>
                ) : (
                  <Menu.Item onClick={() => resume.mutate({ ID: r.ID })}>Resume</Menu.Item>
                )}
                <Menu.Item onClick={() => skip.mutate({ ID: r.ID, Skip: !r.SkipNext })}>
                  {r.SkipNext ? 'Do not skip next' : 'Skip next'}
                </Menu.Item>
                <Menu.Item onClick={() => setHistory(r)}>History</Menu.Item>
                <Menu.Item
                  onClick={() =>
                    void navigate(adminPath('transaction-scheduling-tasks', { merchantID: r.MerchantID }))
                  }
                >
                  Tasks
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        )}
      />
      <LayeredDrawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        position="right"
        size={600}
        title={
          editing === 'new' || editing === null
            ? 'New schedule'
            : `Edit schedule #${editing.ID} (v${editing.Version} → v${editing.Version + 1})`
        }
      >
        {editing !== null && (
          <ScheduleForm
            schedule={editing === 'new' ? null : editing}
            merchantId={merchantId}
            onSaved={() => setEditing(null)}
          />
        )}
      </LayeredDrawer>
      <Modal opened={pausing !== null} onClose={() => setPausing(null)} title="Pause schedule" centered>
        {pausing && <PauseForm schedule={pausing} onDone={() => setPausing(null)} />}
      </Modal>
      <LayeredDrawer
        opened={history !== null}
        onClose={() => setHistory(null)}
        position="right"
        size={640}
        title="Schedule history"
      >
        {history && <HistoryList schedule={history} />}
      </LayeredDrawer>
      {running ? (
        <StepUpDialog
          opened
          title={`Run schedule #${running.ID} now`}
          what={`${running.ShopTitle}: ${running.Rule}. A payout is requested now if the balance reaches the threshold.`}
          method={query.data?.StepUpWith ?? 'password'}
          confirmLabel="Run now"
          onClose={() => setRunning(null)}
          send={(proof) => run.mutateAsync({ ID: running.ID, ...proof })}
        />
      ) : null}
    </ListScreen>
  );
}

const blank = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

function ScheduleForm({
  schedule,
  merchantId,
  onSaved,
}: {
  schedule: TransactionScheduleRow | null;
  merchantId: number | undefined;
  onSaved: () => void;
}) {
  const coins = useAdminQuery('ListAltCoins', {}, { staleTime: 300_000 });
  const coinOptions = [...(coins.data ?? [])]
    .sort((a, b) => a.Name.localeCompare(b.Name))
    .map((c) => ({ value: String(c.ID), label: `${c.Name} (${c.ShortName})` }));
  const { form, onSubmit } = useCallForm(ADMIN_CALLS.SaveTransactionSchedule.params, {
    ID: blank(schedule?.ID),
    Version: blank(schedule?.Version),
    MerchantID: blank(schedule?.MerchantID ?? merchantId),
    Kind: schedule?.Kind ?? 'payout',
    AltCoinID: blank(schedule?.AltCoinID ?? 1),
    Frequency: schedule?.Frequency ?? 'weekly',
    Time: schedule?.Time ?? '09:00',
    Weekday: blank(schedule?.Weekday ?? 1),
    MonthDay: blank(schedule?.MonthDay ?? 1),
    Cron: schedule?.Frequency === 'cron' ? schedule.Cron : '',
    Timezone: schedule?.Timezone ?? 'Europe/Amsterdam',
    Threshold: schedule?.Threshold ?? '',
    MaxPerRun: blank(schedule?.MaxPerRun),
    Destination: blank(schedule?.Destination),
    ApprovalAboveEur: blank(schedule?.ApprovalAboveEur),
    StartsOn: schedule?.StartsOn ?? new Date().toISOString().slice(0, 10),
    EndsOn: blank(schedule?.EndsOn),
    Comment: '',
  });
  const save = useAdminMutation('SaveTransactionSchedule', {
    invalidates: ['ListTransactionSchedules'],
    success: (s) => `Schedule #${s.ID} v${s.Version} saved for ${s.ShopTitle}`,
    handlesErrors: true,
    onSuccess: onSaved,
  });
  const values = form.getValues();
  const merchant =
    values.MerchantID === '' || values.MerchantID === undefined ? undefined : Number(values.MerchantID);
  const frequency = String(values.Frequency);
  return (
    <form onSubmit={onSubmit((v) => save.mutateAsync(v))}>
      <Stack gap="sm">
        {schedule ? (
          <Text fz="sm">
            Merchant: <b>{schedule.ShopTitle}</b> (#{schedule.MerchantID})
          </Text>
        ) : (
          <MerchantFilter
            value={Number.isFinite(merchant) ? merchant : undefined}
            onChange={(id) => form.setFieldValue('MerchantID', id ?? '')}
            width={540}
          />
        )}
        {form.errors.MerchantID ? (
          <Text c="red" fz="xs" role="alert">
            {form.errors.MerchantID}
          </Text>
        ) : null}
        <Group grow align="flex-start">
          <Select
            label="Kind"
            data={KIND_OPTIONS}
            allowDeselect={false}
            description={NOT_BUILT}
            {...form.getInputProps('Kind')}
          />
          <Select
            label="Coin"
            data={coinOptions}
            searchable
            allowDeselect={false}
            {...form.getInputProps('AltCoinID')}
          />
        </Group>
        <Group grow align="flex-start">
          <Select
            label="Frequency"
            data={FREQUENCY_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('Frequency')}
          />
          {frequency === 'cron' ? (
            <TextInput label="Cron" placeholder="0 9 * * 1" ff="monospace" {...form.getInputProps('Cron')} />
          ) : (
            <TextInput label="Time" placeholder="09:00" {...form.getInputProps('Time')} />
          )}
          {frequency === 'weekly' ? (
            <Select
              label="Weekday"
              data={WEEKDAY_OPTIONS}
              allowDeselect={false}
              {...form.getInputProps('Weekday')}
            />
          ) : null}
          {frequency === 'monthly' ? (
            <TextInput label="Day of month" placeholder="1–28" {...form.getInputProps('MonthDay')} />
          ) : null}
        </Group>
        <TextInput label="Time zone" {...form.getInputProps('Timezone')} />
        <Group grow align="flex-start">
          <TextInput
            label="Threshold"
            withAsterisk
            placeholder="0.01000000"
            description="Pays when the balance reaches it"
            {...form.getInputProps('Threshold')}
          />
          <TextInput
            label="Max per run"
            placeholder="No maximum"
            description="The most one run pays"
            {...form.getInputProps('MaxPerRun')}
          />
        </Group>
        <TextInput
          label="Destination"
          placeholder="The merchant's payout schema default"
          description="Empty: the default of the merchant's payout schema and address book when the run happens"
          {...form.getInputProps('Destination')}
        />
        <TextInput
          label="Approval above (EUR)"
          placeholder="The platform's four-eyes amount"
          description="A payout above it waits for a second staff member"
          {...form.getInputProps('ApprovalAboveEur')}
        />
        <Group grow align="flex-start">
          <TextInput
            label="Starts on"
            withAsterisk
            placeholder="YYYY-MM-DD"
            {...form.getInputProps('StartsOn')}
          />
          <TextInput
            label="Ends on"
            placeholder="Open-ended"
            description="Last day it runs"
            {...form.getInputProps('EndsOn')}
          />
        </Group>
        <Textarea
          label="Comment"
          description="Why, for the history"
          autosize
          minRows={2}
          {...form.getInputProps('Comment')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {schedule ? `Save as v${schedule.Version + 1}` : 'Save schedule'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PauseForm({ schedule, onDone }: { schedule: TransactionScheduleRow; onDone: () => void }) {
  const { form, onSubmit } = useCallForm(ADMIN_CALLS.PauseTransactionSchedule.params, {
    ID: schedule.ID,
    Reason: '',
  });
  const pause = useAdminMutation('PauseTransactionSchedule', {
    invalidates: ['ListTransactionSchedules'],
    success: () => `Schedule #${schedule.ID} paused`,
    handlesErrors: true,
    onSuccess: onDone,
  });
  return (
    <form onSubmit={onSubmit((v) => pause.mutateAsync(v))}>
      <Stack gap="sm">
        <Text fz="sm">
          {schedule.ShopTitle}: {schedule.Rule}. No run happens until it is resumed; missed slots are not run.
        </Text>
        <TextInput label="Reason" withAsterisk {...form.getInputProps('Reason')} />
        <Group justify="flex-end">
          <Button type="submit" loading={pause.isPending}>
            Pause
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function HistoryList({ schedule }: { schedule: TransactionScheduleRow }) {
  const versions = useAdminQuery('TransactionScheduleHistory', { ID: schedule.ID });
  if (versions.isLoading) return <Text fz="sm">Loading…</Text>;
  if (versions.error) return <Text c="red">{versions.error.message}</Text>;
  return (
    <Stack gap="md">
      {(versions.data ?? []).map((v) => (
        <Stack key={v.Version} gap={4}>
          <Group gap="xs">
            <Badge variant="light" tt="none">
              v{v.Version}
            </Badge>
            <Text fz="sm">
              by {v.Author} · <UtcDateCell value={v.At} />
            </Text>
          </Group>
          {v.Comment ? <Text fz="sm">{v.Comment}</Text> : null}
          <Table withTableBorder fz="xs">
            <Table.Tbody>
              {Object.entries(v.Values).map(([key, value]) => (
                <Table.Tr key={key}>
                  <Table.Td w={160}>{key}</Table.Td>
                  <Table.Td ff="monospace">{value === null ? '—' : String(value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ))}
    </Stack>
  );
}
