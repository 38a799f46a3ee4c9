import {
  ADMIN_CALLS,
  type EffectiveFee,
  type EffectiveFeeParams,
  FEE_DEFAULT_CURRENCY_ID,
  FEE_FLOWS,
  FEE_PAID_BY,
  FEE_PRECEDENCE,
  FEE_RULE_STATUSES,
  type FeeRuleRow,
} from '@bo/contract';
import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useCallForm } from '../../../components/call-form/use-call-form';
import { type Column, Dash, DataTable } from '../../../components/data-table/data-table';
import { ExportButton } from '../../../components/data-table/export-button';
import { pagedTable } from '../../../components/data-table/paged';
import { FilterBar } from '../../../components/list-screen/filter-bar';
import { ListScreen } from '../../../components/list-screen/list-screen';
import { MerchantFilter } from '../../../components/list-screen/merchant-filter';
import { LayeredDrawer } from '../../../components/ui/layered-drawer';
import { useUrlParams } from '../../../components/url-params/use-url-params';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';
import { useAdminQuery } from '../../../lib/api/use-call-query';

const FLOW_LABELS = {
  incoming: 'Incoming',
  payout: 'Payout',
  conversion: 'Conversion',
  card: 'Card',
} as const;
const FLOW_OPTIONS = FEE_FLOWS.map((f) => ({ value: f, label: FLOW_LABELS[f] }));
const STATUS_OPTIONS = FEE_RULE_STATUSES.map((s) => ({ value: s, label: s[0]?.toUpperCase() + s.slice(1) }));
const STATUS_COLORS = { active: 'green', scheduled: 'blue', expired: 'gray', ended: 'red' } as const;
const PAID_BY_OPTIONS = FEE_PAID_BY.map((p) => ({ value: p, label: p[0]?.toUpperCase() + p.slice(1) }));

/** Trailing zeros of a numeric string dropped for reading ('0.50000000' → '0.5'); the value is unchanged. */
const plain = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);

const columns: Column<FeeRuleRow>[] = [
  {
    key: 'Merchant',
    header: 'Merchant',
    cell: (r) => (
      <Stack gap={0}>
        <Text fz="sm" fw={500}>
          {r.Merchant}
        </Text>
        <Text fz="xs" c="dimmed">
          #{r.MerchantID} · {r.Precedence}
        </Text>
      </Stack>
    ),
  },
  { key: 'Flow', header: 'Flow', cell: (r) => FLOW_LABELS[r.Flow] },
  { key: 'Coin', header: 'Coin', cell: (r) => r.Coin ?? <Text c="dimmed">Any</Text> },
  {
    key: 'Provider',
    header: 'Provider / payout type',
    cell: (r) => r.Provider ?? <Text c="dimmed">Any</Text>,
  },
  {
    key: 'FeePercent',
    header: 'Fee %',
    sort: 'FeePercent',
    align: 'right',
    cell: (r) => `${r.FeePercent} %`,
  },
  {
    key: 'FixedFee',
    header: 'Fixed fee',
    align: 'right',
    nowrap: true,
    cell: (r) => `${plain(r.FixedFee)} ${r.FeeCurrency}`,
  },
  {
    key: 'MinFee',
    header: 'Min / Max',
    nowrap: true,
    cell: (r) =>
      r.MinFee || r.MaxFee ? (
        `${r.MinFee ? plain(r.MinFee) : '–'} / ${r.MaxFee ? plain(r.MaxFee) : '–'}`
      ) : (
        <Dash />
      ),
  },
  {
    key: 'PaidBy',
    header: 'Paid by',
    cell: (r) =>
      r.PaidBy === 'shared'
        ? `Shared (merchant ${plain(r.MerchantSharePercent ?? '0')} %)`
        : PAID_BY_LABEL[r.PaidBy],
  },
  {
    key: 'ValidFrom',
    header: 'Valid from → to',
    sort: 'ValidFrom',
    nowrap: true,
    cell: (r) => `${r.ValidFrom} → ${r.ValidTo ?? 'open'}`,
  },
  {
    key: 'Status',
    header: 'Status',
    cell: (r) => (
      <Badge color={STATUS_COLORS[r.Status]} variant="light" tt="none">
        {r.Status}
      </Badge>
    ),
  },
  { key: 'Note', header: 'Note', cell: (r) => r.Note || (r.EndReason ? `Ended: ${r.EndReason}` : <Dash />) },
];
const PAID_BY_LABEL = { merchant: 'Merchant', customer: 'Customer', shared: 'Shared' } as const;

/** Merchant Fees Custom (SPEC §2.1 `merchant-fees-custom`, admin-commander): negotiated fee rules and the calculator. */
export function FeesPage() {
  const url = useUrlParams(ADMIN_CALLS.ListFeeRules.params);
  const params = url.params;
  const query = useAdminQuery('ListFeeRules', params, { placeholderData: keepPreviousData });
  const [creating, setCreating] = useState(false);
  const [ending, setEnding] = useState<FeeRuleRow | null>(null);
  return (
    <ListScreen
      title="Merchant Fees Custom"
      description={`Precedence: ${FEE_PRECEDENCE.join(' > ')}.`}
      actions={
        <Group gap="xs">
          <ExportButton call="ListFeeRules" params={params} columns={columns} />
          <Button onClick={() => setCreating(true)}>New rule</Button>
        </Group>
      }
      filters={
        <FilterBar
          url={url}
          filters={[
            { kind: 'merchant', key: 'merchantId' },
            { kind: 'select', key: 'flow', label: 'Flow', options: FLOW_OPTIONS, width: 150 },
            { kind: 'select', key: 'status', label: 'Status', options: STATUS_OPTIONS, width: 150 },
          ]}
        />
      }
    >
      <Calculator />
      <DataTable
        label="Fee rules"
        columns={columns}
        rowKey={(row) => row.ID}
        empty="No fee rule matches"
        rowActions={(row) =>
          row.Status === 'ended' || row.Status === 'expired' ? null : (
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => setEnding(row)}>
              End
            </Button>
          )
        }
        {...pagedTable(query, url)}
      />
      <LayeredDrawer
        opened={creating}
        onClose={() => setCreating(false)}
        position="right"
        size={560}
        title="New fee rule"
      >
        {creating && <RuleForm onSaved={() => setCreating(false)} />}
      </LayeredDrawer>
      <Modal opened={ending !== null} onClose={() => setEnding(null)} title="End fee rule" centered>
        {ending && <EndForm rule={ending} onDone={() => setEnding(null)} />}
      </Modal>
    </ListScreen>
  );
}

function useOptions() {
  const coins = useAdminQuery('ListAltCoins', {}, { staleTime: 300_000 });
  const providers = useAdminQuery('ListFeeProviders', {}, { staleTime: 300_000 });
  const coinOptions = [...(coins.data ?? [])]
    .sort((a, b) => a.Name.localeCompare(b.Name))
    .map((c) => ({ value: String(c.ID), label: `${c.Name} (${c.ShortName})` }));
  const providerOptions = (flow: string | undefined) =>
    (providers.data ?? [])
      .filter((p) => (flow === 'payout' ? p.Kind === 'payout_type' : p.Kind === 'provider'))
      .map((p) => ({ value: String(p.ID), label: p.Name }));
  return { coinOptions, providerOptions };
}

const idOrEmpty = (v: string | null) => v ?? '';

function RuleForm({ onSaved }: { onSaved: () => void }) {
  const { coinOptions, providerOptions } = useOptions();
  const { form, onSubmit } = useCallForm(ADMIN_CALLS.SaveFeeRule.params, {
    MerchantID: '',
    Flow: 'incoming',
    AltCoinID: '',
    ProviderID: '',
    FeePercent: '',
    FixedFee: '0',
    FeeCurrencyID: String(FEE_DEFAULT_CURRENCY_ID),
    MinFee: '',
    MaxFee: '',
    PaidBy: 'merchant',
    MerchantSharePercent: '',
    ValidFrom: new Date().toISOString().slice(0, 10),
    ValidTo: '',
    Note: '',
  });
  const save = useAdminMutation('SaveFeeRule', {
    invalidates: ['ListFeeRules', 'EffectiveFee'],
    success: (rule) => `Rule for ${rule.Merchant} saved`,
    handlesErrors: true,
    onSuccess: onSaved,
  });
  const values = form.getValues();
  const merchant =
    values.MerchantID === '' || values.MerchantID === undefined ? undefined : Number(values.MerchantID);
  return (
    <form onSubmit={onSubmit((v) => save.mutateAsync(v))}>
      <Stack gap="sm">
        <MerchantFilter
          value={Number.isFinite(merchant) ? merchant : undefined}
          onChange={(id) => form.setFieldValue('MerchantID', idOrEmpty(id))}
          width={500}
        />
        {form.errors.MerchantID ? (
          <Text c="red" fz="xs">
            {form.errors.MerchantID}
          </Text>
        ) : null}
        <Group grow>
          <Select label="Flow" data={FLOW_OPTIONS} allowDeselect={false} {...form.getInputProps('Flow')} />
          <Select
            label="Coin"
            placeholder="Any coin"
            data={coinOptions}
            searchable
            clearable
            {...form.getInputProps('AltCoinID')}
            onChange={(v) => form.setFieldValue('AltCoinID', idOrEmpty(v))}
          />
        </Group>
        <Select
          label="Provider / payout type"
          placeholder="Any"
          data={providerOptions(String(values.Flow))}
          clearable
          {...form.getInputProps('ProviderID')}
          onChange={(v) => form.setFieldValue('ProviderID', idOrEmpty(v))}
        />
        <Group grow align="flex-start">
          <TextInput label="Fee %" withAsterisk placeholder="0.7500" {...form.getInputProps('FeePercent')} />
          <TextInput label="Fixed fee" {...form.getInputProps('FixedFee')} />
          <Select
            label="Fee currency"
            data={coinOptions}
            searchable
            allowDeselect={false}
            {...form.getInputProps('FeeCurrencyID')}
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput label="Minimum fee" placeholder="None" {...form.getInputProps('MinFee')} />
          <TextInput label="Maximum fee" placeholder="None" {...form.getInputProps('MaxFee')} />
        </Group>
        <Group grow align="flex-start">
          <Select
            label="Paid by"
            data={PAID_BY_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('PaidBy')}
          />
          <TextInput
            label="Merchant's share %"
            disabled={values.PaidBy !== 'shared'}
            placeholder={values.PaidBy === 'shared' ? '50' : 'Only for shared'}
            {...form.getInputProps('MerchantSharePercent')}
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label="Valid from"
            withAsterisk
            placeholder="YYYY-MM-DD"
            {...form.getInputProps('ValidFrom')}
          />
          <TextInput
            label="Valid to"
            placeholder="Open-ended"
            description="First day it no longer applies"
            {...form.getInputProps('ValidTo')}
          />
        </Group>
        <Textarea label="Note" autosize minRows={2} {...form.getInputProps('Note')} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save rule
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EndForm({ rule, onDone }: { rule: FeeRuleRow; onDone: () => void }) {
  const { form, onSubmit } = useCallForm(ADMIN_CALLS.EndFeeRule.params, { ID: rule.ID, Reason: '' });
  const end = useAdminMutation('EndFeeRule', {
    invalidates: ['ListFeeRules', 'EffectiveFee'],
    success: () => `Rule for ${rule.Merchant} ended`,
    handlesErrors: true,
    onSuccess: onDone,
  });
  return (
    <form onSubmit={onSubmit((v) => end.mutateAsync(v))}>
      <Stack gap="sm">
        <Text fz="sm">
          {rule.Merchant} · {rule.Coin ?? 'any coin'} · {rule.Provider ?? 'any provider'} · {rule.FeePercent}{' '}
          %. It stops applying now.
        </Text>
        <TextInput label="Reason" withAsterisk {...form.getInputProps('Reason')} />
        <Group justify="flex-end">
          <Button type="submit" color="red" loading={end.isPending}>
            End rule
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The effective-fee calculator: which rule wins for a merchant, coin, provider and amount, and the fee. */
function Calculator() {
  const { coinOptions, providerOptions } = useOptions();
  const [asked, setAsked] = useState<EffectiveFeeParams | null>(null);
  const { form, onSubmit } = useCallForm(ADMIN_CALLS.EffectiveFee.params, {
    MerchantID: '',
    Flow: 'incoming',
    AltCoinID: '1',
    ProviderID: '',
    Amount: '',
    On: '',
  });
  const answer = useAdminQuery(
    'EffectiveFee',
    asked ?? { MerchantID: 0, Flow: 'incoming', AltCoinID: 0, Amount: '' },
    {
      enabled: asked !== null,
    },
  );
  const values = form.getValues();
  const merchant =
    values.MerchantID === '' || values.MerchantID === undefined ? undefined : Number(values.MerchantID);
  return (
    <Card withBorder mb="md" aria-label="Effective-fee calculator">
      <Title order={4} mb="xs">
        Effective-fee calculator
      </Title>
      <form
        onSubmit={onSubmit(async (v) => {
          setAsked(v);
        })}
      >
        <Group align="flex-end" gap="sm">
          <Stack gap={2}>
            <MerchantFilter
              value={Number.isFinite(merchant) ? merchant : undefined}
              onChange={(id) => form.setFieldValue('MerchantID', idOrEmpty(id))}
              width={240}
            />
            {form.errors.MerchantID ? (
              <Text c="red" fz="xs">
                {form.errors.MerchantID}
              </Text>
            ) : null}
          </Stack>
          <Select
            label="Flow"
            data={FLOW_OPTIONS}
            allowDeselect={false}
            w={130}
            {...form.getInputProps('Flow')}
          />
          <Select
            label="Coin"
            data={coinOptions}
            searchable
            allowDeselect={false}
            w={200}
            {...form.getInputProps('AltCoinID')}
          />
          <Select
            label="Provider"
            placeholder="None"
            data={providerOptions(String(values.Flow))}
            clearable
            w={160}
            {...form.getInputProps('ProviderID')}
            onChange={(v) => form.setFieldValue('ProviderID', idOrEmpty(v))}
          />
          <TextInput label="Amount" w={150} {...form.getInputProps('Amount')} />
          <TextInput label="On day" placeholder="Today" w={120} {...form.getInputProps('On')} />
          <Button type="submit" loading={answer.isFetching}>
            Calculate
          </Button>
        </Group>
      </form>
      {answer.data ? <FeeAnswer fee={answer.data} /> : null}
      {answer.error ? (
        <Text c="red" fz="sm" mt="sm">
          {answer.error.message}
        </Text>
      ) : null}
    </Card>
  );
}

function FeeAnswer({ fee }: { fee: EffectiveFee }) {
  const rule = fee.Rule;
  return (
    <Stack gap="xs" mt="md" aria-label="Calculated fee">
      <Text fz="sm">
        Winning rule:{' '}
        <Text span fw={600}>
          {rule
            ? `#${rule.ID} ${rule.Precedence} (${rule.Coin ?? 'any coin'} · ${rule.Provider ?? 'any provider'})`
            : `platform default (${fee.DefaultSource})`}
        </Text>
      </Text>
      <SimpleGrid cols={{ base: 2, md: 6 }}>
        {(
          [
            ['Fee %', `${fee.FeePercent} %`],
            ['Percent part', fee.PercentPart],
            ['Fixed part', fee.FixedPart],
            ['Fee', `${fee.Fee} ${fee.Currency}${fee.Limited ? ` (${fee.Limited} applied)` : ''}`],
            ['Merchant pays', fee.MerchantPays],
            ['Customer pays', fee.CustomerPays],
          ] as const
        ).map(([label, value]) => (
          <Stack gap={0} key={label}>
            <Text fz="xs" c="dimmed">
              {label}
            </Text>
            <Text fz="sm" ff="monospace" data-testid={`fee-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`}>
              {value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
