import {
  ADMIN_CALLS,
  AUTONOMY_LEVEL_LABELS,
  AUTONOMY_LEVELS,
  AUTONOMY_MESSAGES,
  type AutonomyLevel,
  type AutonomyRow,
} from '@bo/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useCallForm } from '../../../components/call-form/use-call-form';
import { UtcDateCell } from '../../../components/data-table/cells';
import { type Column, Dash, DataTable } from '../../../components/data-table/data-table';
import { ExportButton } from '../../../components/data-table/export-button';
import { pagedTable } from '../../../components/data-table/paged';
import { FilterBar } from '../../../components/list-screen/filter-bar';
import { ListScreen } from '../../../components/list-screen/list-screen';
import { useUrlParams } from '../../../components/url-params/use-url-params';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';
import { useAdminQuery } from '../../../lib/api/use-call-query';

const LEVEL_COLORS: Record<AutonomyLevel, string> = { 0: 'gray', 1: 'blue', 2: 'green' };
const levelName = (level: number) => `${level} ${AUTONOMY_LEVEL_LABELS[level as AutonomyLevel] ?? ''}`;
const LEVEL_OPTIONS = AUTONOMY_LEVELS.map((l) => ({ value: String(l), label: levelName(l) }));
/** Limits are kept with 8 decimals; shown with the 2 they are set with. */
const eur = (v: string) => {
  const [whole = '0', fraction = ''] = v.split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
};

const columns: Column<AutonomyRow>[] = [
  {
    key: 'Merchant',
    header: 'Merchant',
    sort: 'Merchant',
    cell: (r) => (
      <Stack gap={0} miw={120}>
        <Text fz="sm" fw={500}>
          {r.Merchant}
        </Text>
        <Text fz="xs" c="dimmed">
          #{r.MerchantID}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'Level',
    header: 'Level',
    sort: 'Level',
    nowrap: true,
    cell: (r) => (
      <Stack gap={2}>
        <Badge
          color={LEVEL_COLORS[r.Level]}
          variant="light"
          tt="none"
          styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
        >
          {levelName(r.Level)}
        </Badge>
        {r.ExpiresOn ? (
          <Text fz="xs" c="dimmed">
            until {r.ExpiresOn}, then {r.PreviousLevel}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  { key: 'KycStatus', header: 'KYC', cell: (r) => r.KycStatus },
  { key: 'RiskProfileID', header: 'Risk', align: 'right', cell: (r) => r.RiskProfileID },
  {
    key: 'Volume30dEur',
    header: '30-day EUR',
    sort: 'Volume30dEur',
    align: 'right',
    nowrap: true,
    cell: (r) => r.Volume30dEur,
  },
  {
    key: 'DailyAutoPayoutEur',
    header: 'Daily / payout EUR',
    align: 'right',
    nowrap: true,
    cell: (r) => `${eur(r.DailyAutoPayoutEur)} / ${eur(r.PerPayoutEur)}`,
  },
  {
    key: 'AddressChangeCooldownH',
    header: 'Cooldown',
    align: 'right',
    nowrap: true,
    cell: (r) => `${r.AddressChangeCooldownH} h`,
  },
  {
    key: 'ChangedBy',
    header: 'Changed by/at',
    cell: (r) =>
      r.ChangedBy ? (
        <Stack gap={0}>
          <Text fz="sm">{r.ChangedBy}</Text>
          <UtcDateCell value={r.ChangedOn} stacked />
        </Stack>
      ) : (
        <Dash />
      ),
  },
  {
    key: 'Suggestion',
    header: 'Suggestion',
    cell: (r) =>
      r.Suggestion ? (
        <Text fz="xs" fw={600} c={r.Suggestion.startsWith('Downgrade') ? 'red' : 'green'} maw={150}>
          {r.Suggestion}
        </Text>
      ) : (
        <Dash />
      ),
  },
];

/** Merchant Autonomy (SPEC §2.1 `merchant-autonomy`, admin-commander; ADR 0032): what merchants may do unreviewed. */
export function AutonomyPage() {
  const url = useUrlParams(ADMIN_CALLS.ListAutonomy.params);
  const params = url.params;
  const query = useAdminQuery('ListAutonomy', params, { placeholderData: keepPreviousData });
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<AutonomyRow[] | null>(null);
  return (
    <ListScreen
      title="Autonomy"
      description="0 Supervised: every payout is reviewed. 1 Assisted: auto-payout up to the limits. 2 Autonomous: also address-book changes without review, after the cooldown."
      actions={
        <Group gap="xs">
          <ExportButton call="ListAutonomy" params={params} columns={columns} />
          <Button
            disabled={selected.length === 0}
            onClick={() =>
              setEditing((query.data?.records ?? []).filter((r) => selected.includes(r.MerchantID)))
            }
          >
            {selected.length ? `Change ${selected.length} selected` : 'Change selected'}
          </Button>
        </Group>
      }
      filters={
        <FilterBar
          url={url}
          filters={[
            { kind: 'search', key: 'q', placeholder: 'Shop or merchant id' },
            { kind: 'select', key: 'level', label: 'Level', options: LEVEL_OPTIONS, width: 180 },
          ]}
        />
      }
    >
      <DataTable
        label="Merchant autonomy"
        columns={columns}
        rowKey={(row) => row.MerchantID}
        empty={params.level !== undefined ? AUTONOMY_MESSAGES.emptyLevel : 'No merchant matches'}
        selection={{ selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        rowActions={(row) => (
          <Button size="compact-xs" variant="subtle" onClick={() => setEditing([row])}>
            Edit
          </Button>
        )}
        {...pagedTable(query, url)}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing && editing.length === 1
            ? `Autonomy of ${editing[0]?.Merchant}`
            : `Autonomy of ${editing?.length} merchants`
        }
        size="lg"
        centered
      >
        {editing ? (
          <EditForm
            rows={editing}
            onDone={() => {
              setEditing(null);
              setSelected([]);
            }}
          />
        ) : null}
      </Modal>
    </ListScreen>
  );
}

function EditForm({ rows, onDone }: { rows: AutonomyRow[]; onDone: () => void }) {
  const first = rows[0];
  const { form, onSubmit } = useCallForm(ADMIN_CALLS.SetAutonomy.params, {
    MerchantIDs: rows.map((r) => r.MerchantID),
    Level: first?.Level ?? 0,
    DailyAutoPayoutEur: first ? eur(first.DailyAutoPayoutEur) : '0.00',
    PerPayoutEur: first ? eur(first.PerPayoutEur) : '0.00',
    AddressChangeCooldownH: first?.AddressChangeCooldownH ?? 24,
    ExpiresOn: '',
    Reason: '',
  });
  const save = useAdminMutation('SetAutonomy', {
    invalidates: ['ListAutonomy'],
    success: (changed) =>
      changed.length === 1
        ? `Autonomy of ${changed[0]?.Merchant} saved`
        : `Autonomy of ${changed.length} merchants saved`,
    handlesErrors: true,
    onSuccess: onDone,
  });
  const values = form.getValues();
  return (
    <form onSubmit={onSubmit((v) => save.mutateAsync(v))}>
      <Stack gap="sm">
        {rows.length > 1 ? (
          <Text fz="sm" c="dimmed">
            {rows.map((r) => r.Merchant).join(', ')}: all are changed, or none.
          </Text>
        ) : null}
        <Select
          label="Level"
          data={LEVEL_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('Level')}
          value={String(values.Level)}
          onChange={(v) => form.setFieldValue('Level', Number(v))}
        />
        <Group grow align="flex-start">
          <TextInput
            label="dailyAutoPayoutEur"
            description="EUR, 2 decimals"
            {...form.getInputProps('DailyAutoPayoutEur')}
          />
          <TextInput
            label="perPayoutEur"
            description="EUR, at most the daily limit"
            {...form.getInputProps('PerPayoutEur')}
          />
        </Group>
        <Group grow align="flex-start">
          <NumberInput
            label="addressChangeCooldownH"
            description="Hours, 0–168"
            allowDecimal={false}
            min={0}
            max={168}
            {...form.getInputProps('AddressChangeCooldownH')}
          />
          <TextInput
            label="expiresOn"
            description="Optional: the elevation's last day; the level before it returns after"
            placeholder="YYYY-MM-DD"
            {...form.getInputProps('ExpiresOn')}
          />
        </Group>
        <Textarea
          label="Reason"
          withAsterisk
          autosize
          minRows={2}
          maxLength={500}
          {...form.getInputProps('Reason')}
        />
        {save.error && !Object.keys(form.errors).length ? (
          <Alert color="red" title="Not saved">
            {save.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
