import {
  ADMIN_CALLS,
  adminPath,
  CARD_BRANDS,
  CARD_CURRENCIES,
  CARD_SECRET_FIELDS,
  CARD_STATUS_MOVES,
  type CardSecretField,
  type CardStatusAction,
  type CardVersion,
  type MerchantCardConfig,
  THREE_DS_MODES,
} from '@bo/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  MultiSelect,
  PasswordInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { fieldIssues, useCallForm } from '../../../components/call-form/use-call-form';
import { UtcDateCell } from '../../../components/data-table/cells';
import { type Column, DataTable } from '../../../components/data-table/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { StepUpDialog, type StepUpProof } from '../../../components/ui/step-up-dialog';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { CardStatusBadge } from './merchant-cc-page';

const SECRET_LABELS: Record<CardSecretField, string> = {
  SubMerchantApiKey: 'Sub-merchant API key',
  WebhookSecret: 'Webhook secret',
};
const ACTION_LABELS: Record<CardStatusAction, string> = {
  apply: 'Apply',
  activate: 'Activate',
  suspend: 'Suspend card acceptance',
  reinstate: 'Reinstate',
  terminate: 'Terminate',
};
const utc = (iso: string) => `${iso.replace('T', ' ').slice(0, 16)} UTC`;

/** `config-merchants-cc/{id}`: one merchant's card acceptance, its limits and its status. */
export function MerchantCcConfigPage() {
  const { id } = useParams();
  const merchantId = Number(id);
  if (!Number.isInteger(merchantId) || merchantId <= 0)
    return (
      <Alert color="red" title="Merchant CC Config">
        No merchant found with ID {id}
      </Alert>
    );
  return <CardScreen key={merchantId} id={merchantId} />;
}

function CardScreen({ id }: { id: number }) {
  // The screen shows a refusal (404) itself, in place of the page: no toast besides.
  const query = useAdminQuery('GetMerchantCardConfig', { ID: id }, { meta: { handlesErrors: true } });
  if (query.error)
    return (
      <Alert color="red" title="Merchant CC Config">
        {query.error.message}
      </Alert>
    );
  if (!query.data)
    return (
      <Stack>
        <Skeleton h={40} w={320} />
        <Skeleton h={420} />
      </Stack>
    );
  return <CardConfig config={query.data} />;
}

function CardConfig({ config }: { config: MerchantCardConfig }) {
  const [moving, setMoving] = useState<CardStatusAction | null>(null);
  const actions = (Object.keys(CARD_STATUS_MOVES) as CardStatusAction[]).filter(
    (a) => config.Version > 0 && CARD_STATUS_MOVES[a].from.includes(config.Status),
  );
  const m = config.Merchant;
  return (
    <Stack gap="md" maw={1200}>
      <Anchor component={Link} to={adminPath('merchant-cc')} fz="sm">
        ← Merchant CC
      </Anchor>
      <PageHeader
        title="Merchant CC Config"
        description={`Card acceptance of ${m.ShopTitle} (ID ${m.ID}). Every save and status change needs your step-up and is kept as a version.`}
        actions={
          <Group gap="xs">
            <Badge variant="light" color={m.KycStatus === 'approved' ? 'green' : 'yellow'} tt="none">
              KYC {m.KycStatus}
            </Badge>
            <CardStatusBadge status={config.Status} />
            <Badge variant="outline" color="gray" tt="none">
              v{config.Version}
            </Badge>
          </Group>
        }
      />
      {config.StatusReason ? (
        <Alert
          color={config.Status === 'active' ? 'blue' : 'orange'}
          title={`Card acceptance ${config.Status}`}
        >
          {config.StatusReason}
        </Alert>
      ) : null}
      {actions.length > 0 ? (
        <Group gap="xs">
          {actions.map((a) => (
            <Button
              key={a}
              size="xs"
              variant={a === 'suspend' || a === 'terminate' ? 'light' : 'filled'}
              color={a === 'suspend' ? 'orange' : a === 'terminate' ? 'red' : undefined}
              onClick={() => setMoving(a)}
            >
              {ACTION_LABELS[a]}
            </Button>
          ))}
        </Group>
      ) : null}
      <CardForm key={config.Version} config={config} />
      <Card padding="md">
        <Title order={2} size="h5" mb="xs">
          History
        </Title>
        <DataTable
          label="Card config versions"
          columns={versionColumns}
          rows={config.History}
          rowKey={(v) => v.Version}
          empty="No version yet"
        />
      </Card>
      {moving ? <StatusDialog action={moving} config={config} onClose={() => setMoving(null)} /> : null}
    </Stack>
  );
}

const versionColumns: Column<CardVersion>[] = [
  { key: 'Version', header: 'Version', cell: (v) => `v${v.Version}` },
  { key: 'Change', header: 'Change', nowrap: true },
  { key: 'Status', header: 'Status', nowrap: true, cell: (v) => <CardStatusBadge status={v.Status} /> },
  {
    key: 'Settings',
    header: 'Limits EUR (tx · day · month)',
    nowrap: true,
    cell: (v) => `${v.Settings.MaxTxEur} · ${v.Settings.DailyCapEur} · ${v.Settings.MonthlyCapEur}`,
  },
  {
    key: 'Secrets',
    header: 'Secrets',
    cell: (v) =>
      Object.entries(v.Secrets)
        .filter(([, s]) => s === 'changed')
        .map(([f]) => `${SECRET_LABELS[f as CardSecretField] ?? f} changed`)
        .join(', ') || 'unchanged',
  },
  { key: 'Reason', header: 'Reason', cell: (v) => v.Reason ?? '' },
  { key: 'By', header: 'By' },
  { key: 'At', header: 'At', cell: (v) => <UtcDateCell value={v.At} /> },
];

/** The descriptor as a card holder's statement shows it, and whether it names the shop. */
function DescriptorPreview({ descriptor, shop }: { descriptor: string; shop: string }) {
  const words = shop
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((w) => w.length >= 3);
  const named = words.some((w) => descriptor.toUpperCase().includes(w));
  return (
    <Stack gap={4}>
      <Text fz="xs" c="dimmed">
        On the card holder's bank statement
      </Text>
      <Text
        ff="monospace"
        fz="sm"
        p="xs"
        style={{ background: 'var(--mantine-color-gray-1)', borderRadius: 4, whiteSpace: 'pre' }}
        data-testid="descriptor-preview"
      >
        {`28 NOV   ${(descriptor || '—').padEnd(22, ' ')}   -12.50 EUR`}
      </Text>
      {descriptor && !named ? (
        <Text fz="xs" c="orange">
          The descriptor does not contain the shop name: card holders who do not recognise a charge dispute
          it.
        </Text>
      ) : null}
    </Stack>
  );
}

function CardForm({ config }: { config: MerchantCardConfig }) {
  const s = config.Settings;
  const { form } = useCallForm(ADMIN_CALLS.SaveMerchantCardConfig.params, {
    MerchantID: config.Merchant.ID,
    ExpectedVersion: config.Version,
    ProviderID: s?.ProviderID ?? '',
    MID: s?.MID ?? '',
    MCC: s?.MCC ?? '',
    Descriptor: s?.Descriptor ?? '',
    ThreeDs: s?.ThreeDs ?? 'always',
    Brands: s?.Brands ?? ['Visa', 'Mastercard'],
    InternationalCards: s?.InternationalCards ?? false,
    Currencies: s?.Currencies ?? ['EUR'],
    MinTxEur: s?.MinTxEur ?? '1.00',
    MaxTxEur: s?.MaxTxEur ?? '',
    DailyCapEur: s?.DailyCapEur ?? '',
    MonthlyCapEur: s?.MonthlyCapEur ?? '',
    RollingReservePct: s?.RollingReservePct ?? '0',
    ReserveHoldDays: s?.ReserveHoldDays ?? 90,
    SubMerchantApiKey: '',
    WebhookSecret: '',
  });
  const [confirming, setConfirming] = useState(false);
  const save = useAdminMutation('SaveMerchantCardConfig', {
    invalidates: ['GetMerchantCardConfig', 'ListMerchantCardAccounts'],
    success: (answer) => `Card config saved as v${answer.Version}`,
    handlesErrors: true,
  });
  const send = async (proof: StepUpProof) => {
    try {
      await save.mutateAsync({ ...form.getValues(), ...proof });
    } catch (error) {
      form.setErrors(fieldIssues(error));
      throw error;
    }
  };
  const terminated = config.Status === 'terminated';
  const values = form.getValues();
  return (
    <Card padding="md">
      <form
        aria-label="Card settings"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!form.validate().hasErrors) setConfirming(true);
        }}
      >
        <fieldset disabled={terminated} style={{ border: 0, padding: 0, margin: 0 }}>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <Stack gap="sm">
              <Title order={2} size="h5">
                Acquiring
              </Title>
              <Select
                label="Provider"
                description="Fiat payment providers"
                data={config.Providers.map((p) => ({ value: String(p.ID), label: p.Name }))}
                clearable
                {...form.getInputProps('ProviderID')}
                value={
                  values.ProviderID === '' || values.ProviderID === undefined
                    ? null
                    : String(values.ProviderID)
                }
                onChange={(v) => form.setFieldValue('ProviderID', v ?? '')}
              />
              <Group grow>
                <TextInput
                  label="MID"
                  description="Needed before activation"
                  {...form.getInputProps('MID')}
                />
                <TextInput label="MCC" withAsterisk maxLength={4} {...form.getInputProps('MCC')} />
              </Group>
              <TextInput
                label="Descriptor"
                withAsterisk
                description="5–22 characters: letters, digits, spaces, . * -"
                maxLength={22}
                {...form.getInputProps('Descriptor')}
              />
              <DescriptorPreview
                descriptor={String(values.Descriptor ?? '')}
                shop={config.Merchant.ShopTitle}
              />
              <Select
                label="3-D Secure"
                data={[...THREE_DS_MODES]}
                allowDeselect={false}
                {...form.getInputProps('ThreeDs')}
              />
              <MultiSelect label="Brands" data={[...CARD_BRANDS]} {...form.getInputProps('Brands')} />
              <MultiSelect
                label="Currencies"
                data={[...CARD_CURRENCIES]}
                {...form.getInputProps('Currencies')}
              />
              <Switch
                label="International cards (ShowInternationalCC)"
                {...form.getInputProps('InternationalCards', { type: 'checkbox' })}
              />
            </Stack>
            <Stack gap="sm">
              <Title order={2} size="h5">
                Limits and reserve
              </Title>
              <Group grow>
                <TextInput label="Min per transaction EUR" {...form.getInputProps('MinTxEur')} />
                <TextInput label="Max per transaction EUR" {...form.getInputProps('MaxTxEur')} />
              </Group>
              <Group grow align="flex-start">
                <TextInput label="Daily cap EUR" {...form.getInputProps('DailyCapEur')} />
                <TextInput label="Monthly cap EUR" {...form.getInputProps('MonthlyCapEur')} />
              </Group>
              <Group grow>
                <TextInput
                  label="Rolling reserve %"
                  description="0–20"
                  {...form.getInputProps('RollingReservePct')}
                />
                <TextInput
                  label="Reserve hold days"
                  description="0–180"
                  {...form.getInputProps('ReserveHoldDays')}
                />
              </Group>
              <Title order={2} size="h5" mt="sm">
                Secrets
              </Title>
              {CARD_SECRET_FIELDS.map((field) => {
                const stored = config.Secrets[field];
                return (
                  <PasswordInput
                    key={field}
                    label={SECRET_LABELS[field]}
                    description={
                      stored
                        ? `•••• ${stored.Last4} · ${stored.Fingerprint.slice(0, 8)} · set ${utc(stored.SetAt)} by ${stored.SetBy}. Type to replace.`
                        : 'Not set. Write-only: never shown again after saving.'
                    }
                    autoComplete="new-password"
                    {...form.getInputProps(field)}
                  />
                );
              })}
            </Stack>
          </SimpleGrid>
          <Group justify="flex-end" mt="md">
            <Button type="submit" disabled={terminated}>
              Save card settings
            </Button>
          </Group>
        </fieldset>
      </form>
      <StepUpDialog
        opened={confirming}
        title="Confirm card settings"
        what={`Saves the card settings of ${config.Merchant.ShopTitle} as v${config.Version + 1}.`}
        method={config.StepUpWith}
        confirmLabel="Save card settings"
        onClose={() => setConfirming(false)}
        send={send}
      />
    </Card>
  );
}

function StatusDialog({
  action,
  config,
  onClose,
}: {
  action: CardStatusAction;
  config: MerchantCardConfig;
  onClose: () => void;
}) {
  const needsReason = action === 'suspend' || action === 'terminate';
  const move = useAdminMutation('SetMerchantCardStatus', {
    invalidates: ['GetMerchantCardConfig', 'ListMerchantCardAccounts'],
    success: (answer) => `Card acceptance is now ${answer.Status}`,
    handlesErrors: true,
  });
  return (
    <StepUpDialog
      opened
      title={ACTION_LABELS[action]}
      what={
        needsReason
          ? `${ACTION_LABELS[action]} for ${config.Merchant.ShopTitle}. Give the reason as the comment: it is kept in the audit log.`
          : `${ACTION_LABELS[action]} card acceptance for ${config.Merchant.ShopTitle}.`
      }
      method={config.StepUpWith}
      withComment={needsReason}
      confirmLabel={ACTION_LABELS[action]}
      onClose={onClose}
      send={(proof: StepUpProof, comment: string) =>
        move.mutateAsync({ MerchantID: config.Merchant.ID, Action: action, Reason: comment, ...proof })
      }
    />
  );
}
