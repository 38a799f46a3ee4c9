import {
  ADMIN_CALLS,
  type IssuedLicense,
  type IssueLicenseParams,
  LICENSE_ENTITLEMENTS,
  LICENSE_MESSAGES,
  LICENSE_STATUSES,
  type LicenseEvent,
  type LicenseRow,
  type LicenseStatus,
  type LicenseValidation,
  type LicensingOptions,
} from '@bo/contract';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
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
import { MerchantFilter } from '../../../components/list-screen/merchant-filter';
import { type DefinitionItem, DefinitionList } from '../../../components/ui/definition-list/definition-list';
import { LayeredDrawer } from '../../../components/ui/layered-drawer';
import { StepUpDialog, type StepUpProof } from '../../../components/ui/step-up-dialog';
import { useUrlParams } from '../../../components/url-params/use-url-params';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';
import { useAdminQuery } from '../../../lib/api/use-call-query';

const STATUS_COLORS: Record<LicenseStatus, string> = {
  active: 'green',
  expiring: 'yellow',
  expired: 'gray',
  suspended: 'orange',
  revoked: 'red',
};
const STATUS_OPTIONS = LICENSE_STATUSES.map((s) => ({ value: s, label: s[0]?.toUpperCase() + s.slice(1) }));
const CHANGED = ['ListLicenses', 'LicenseDetail'] as const;

function LicenseStatusBadge({ status }: { status: LicenseStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" tt="none">
      {status === 'expiring' ? 'expiring ≤ 30 days' : status}
    </Badge>
  );
}

const columns: Column<LicenseRow>[] = [
  {
    key: 'Key',
    header: 'Key',
    nowrap: true,
    cell: (r) => (
      <Text span fz="sm" ff="monospace">
        {r.Key}
      </Text>
    ),
  },
  { key: 'Licensee', header: 'Licensee', cell: (r) => r.Licensee },
  { key: 'Product', header: 'Product', cell: (r) => r.Product },
  { key: 'Policy', header: 'Policy', cell: (r) => r.Policy },
  {
    key: 'SeatsUsed',
    header: 'Seats used/max',
    align: 'right',
    nowrap: true,
    cell: (r) => `${r.SeatsUsed} / ${r.MaxActivations}`,
  },
  { key: 'ExpiresOn', header: 'Expires', sort: 'ExpiresOn', nowrap: true, cell: (r) => r.ExpiresOn },
  { key: 'Status', header: 'Status', cell: (r) => <LicenseStatusBadge status={r.Status} /> },
  {
    key: 'LastCheckIn',
    header: 'Last check-in',
    cell: (r) => <UtcDateCell value={r.LastCheckIn} empty="Never" stacked />,
  },
];

/** Licensing (SPEC §2.1 `platform-licensing`, admin-commander; ADR 0032): licence keys we issue and validate. */
export function LicensingPage() {
  const url = useUrlParams(ADMIN_CALLS.ListLicenses.params);
  const params = url.params;
  const query = useAdminQuery('ListLicenses', params, { placeholderData: keepPreviousData });
  const options = useAdminQuery('LicensingOptions', {}, { staleTime: 300_000 });
  const [issuing, setIssuing] = useState(false);
  const [issued, setIssued] = useState<IssuedLicense | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [simulating, setSimulating] = useState(false);
  const filtered = Boolean(params.merchantId || params.productId || params.status);
  const productOptions = (options.data?.Products ?? []).map((p) => ({ value: String(p.ID), label: p.Name }));
  return (
    <ListScreen
      title="Licensing"
      description="Licence keys for white-label partners, POS apps and plugins. A key is shown once, when it is issued."
      actions={
        <Group gap="xs">
          <ExportButton call="ListLicenses" params={params} columns={columns} />
          <Button variant="default" onClick={() => setSimulating(true)}>
            Simulate client
          </Button>
          <Button onClick={() => setIssuing(true)} disabled={!options.data}>
            Issue licence
          </Button>
        </Group>
      }
      filters={
        <FilterBar
          url={url}
          filters={[
            { kind: 'merchant', key: 'merchantId', label: 'Licensee' },
            { kind: 'select', key: 'productId', label: 'Product', options: productOptions, width: 200 },
            { kind: 'select', key: 'status', label: 'Status', options: STATUS_OPTIONS, width: 160 },
          ]}
        />
      }
    >
      <DataTable
        label="Licences"
        columns={columns}
        rowKey={(row) => row.ID}
        empty={filtered ? 'No licence matches these filters' : LICENSE_MESSAGES.empty}
        onRowClick={(row) => setOpenId(row.ID)}
        {...pagedTable(query, url)}
      />
      <LayeredDrawer
        opened={issuing}
        onClose={() => setIssuing(false)}
        position="right"
        size={560}
        title="Issue licence"
      >
        {issuing && options.data ? (
          <IssueForm
            options={options.data}
            onIssued={(answer) => {
              setIssuing(false);
              setIssued(answer);
            }}
          />
        ) : null}
      </LayeredDrawer>
      <KeyOnceDialog issued={issued} onClose={() => setIssued(null)} />
      <LayeredDrawer
        opened={openId !== null}
        onClose={() => setOpenId(null)}
        position="right"
        size={720}
        title="Licence"
      >
        {openId !== null && options.data ? (
          <LicenseDetailView id={openId} method={options.data.StepUpWith} />
        ) : null}
      </LayeredDrawer>
      <Modal
        opened={simulating}
        onClose={() => setSimulating(false)}
        title="Simulate client"
        size="lg"
        centered
      >
        {simulating ? <SimulateClient /> : null}
      </Modal>
    </ListScreen>
  );
}

const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function IssueForm({
  options,
  onIssued,
}: {
  options: LicensingOptions;
  onIssued: (answer: IssuedLicense) => void;
}) {
  const first = options.Policies[0];
  const { form, onSubmit } = useCallForm(ADMIN_CALLS.IssueLicense.params, {
    MerchantID: '',
    ProductID: String(first?.ProductID ?? ''),
    PolicyID: String(first?.ID ?? ''),
    ExpiresOn: dayAfter(first?.DurationDays ?? 365),
    MaxActivations: first?.MaxMachines ?? 1,
    Entitlements: [],
    Note: '',
  });
  const [pending, setPending] = useState<IssueLicenseParams | null>(null);
  const issue = useAdminMutation('IssueLicense', {
    invalidates: CHANGED,
    success: (answer) => `Licence ${answer.Licence.Key} issued to ${answer.Licence.Licensee}`,
    handlesErrors: true,
    onSuccess: onIssued,
  });
  const values = form.getValues();
  const merchant = values.MerchantID === '' ? undefined : Number(values.MerchantID);
  const policies = options.Policies.filter((p) => String(p.ProductID) === String(values.ProductID));
  const choosePolicy = (id: string | null) => {
    const policy = options.Policies.find((p) => String(p.ID) === id);
    form.setFieldValue('PolicyID', id ?? '');
    if (policy) {
      form.setFieldValue('MaxActivations', policy.MaxMachines);
      form.setFieldValue('ExpiresOn', dayAfter(policy.DurationDays));
    }
  };
  return (
    <form
      onSubmit={onSubmit(async (v) => {
        // The server checks against its own clock too; this spares a step-up for an answer known here.
        if (String(v.ExpiresOn) <= new Date().toISOString().slice(0, 10)) {
          form.setFieldError('ExpiresOn', LICENSE_MESSAGES.expiry);
          return;
        }
        setPending(v);
      })}
    >
      <Stack gap="sm">
        <MerchantFilter
          label="Licensee"
          value={Number.isFinite(merchant) ? merchant : undefined}
          onChange={(id) => form.setFieldValue('MerchantID', id ?? '')}
          width={500}
        />
        {form.errors.MerchantID ? (
          <Text c="red" fz="xs">
            {form.errors.MerchantID}
          </Text>
        ) : null}
        <Group grow align="flex-start">
          <Select
            label="Product"
            data={options.Products.map((p) => ({ value: String(p.ID), label: p.Name }))}
            allowDeselect={false}
            {...form.getInputProps('ProductID')}
            onChange={(id) => {
              form.setFieldValue('ProductID', id ?? '');
              choosePolicy(String(options.Policies.find((p) => String(p.ProductID) === id)?.ID ?? ''));
            }}
          />
          <Select
            label="Policy"
            data={policies.map((p) => ({
              value: String(p.ID),
              label: `${p.Name} (${p.DurationDays} d, ${p.MaxMachines} device${p.MaxMachines === 1 ? '' : 's'})`,
            }))}
            allowDeselect={false}
            {...form.getInputProps('PolicyID')}
            onChange={choosePolicy}
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label="Expires on"
            description="The last day it is valid (UTC)"
            withAsterisk
            placeholder="YYYY-MM-DD"
            {...form.getInputProps('ExpiresOn')}
          />
          <NumberInput
            label="Max activations"
            description="Devices at once, 1–1000"
            withAsterisk
            allowDecimal={false}
            min={1}
            max={1000}
            {...form.getInputProps('MaxActivations')}
          />
        </Group>
        <MultiSelect
          label="Entitlements"
          data={[...LICENSE_ENTITLEMENTS]}
          placeholder="None"
          {...form.getInputProps('Entitlements')}
        />
        <Textarea label="Note" autosize minRows={2} maxLength={500} {...form.getInputProps('Note')} />
        <Group justify="flex-end">
          <Button type="submit">Issue licence</Button>
        </Group>
      </Stack>
      <StepUpDialog
        opened={pending !== null}
        title="Confirm the new licence"
        what="Issuing a licence creates a key that unlocks the product. Confirm it is you."
        method={options.StepUpWith}
        confirmLabel="Issue licence"
        onClose={() => setPending(null)}
        send={(proof: StepUpProof) => issue.mutateAsync({ ...(pending ?? values), ...proof })}
      />
    </form>
  );
}

/** The new key, this once: after the dialog is closed only `LL-XXXX-…-XXXX` is ever shown again. */
function KeyOnceDialog({ issued, onClose }: { issued: IssuedLicense | null; onClose: () => void }) {
  return (
    <Modal
      opened={issued !== null}
      onClose={onClose}
      title="Licence issued"
      centered
      size="lg"
      closeOnClickOutside={false}
    >
      {issued ? (
        <Stack gap="sm">
          <Alert color="yellow" title="Copy the key now">
            This is the only time the whole key is shown. We keep only its fingerprint, so it cannot be shown
            again: if it is lost, revoke this licence and issue a new one.
          </Alert>
          <Text fz="sm">
            {issued.Licence.Product} for {issued.Licence.Licensee}, valid until {issued.Licence.ExpiresOn}.
          </Text>
          <Group gap="sm" wrap="nowrap">
            <Code block fz="md" aria-label="Licence key" style={{ flex: 1 }}>
              {issued.FullKey}
            </Code>
            <CopyButton value={issued.FullKey}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'light' : 'filled'}
                  color={copied ? 'green' : undefined}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              I have copied the key
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

type ActionName =
  | 'RenewLicense'
  | 'SuspendLicense'
  | 'ReinstateLicense'
  | 'RevokeLicense'
  | 'ResetLicenseActivations';
const ACTIONS: Record<
  ActionName,
  { label: string; title: string; what: (l: LicenseRow) => string; reason?: boolean; color?: string }
> = {
  RenewLicense: {
    label: 'Renew',
    title: 'Renew licence',
    what: (l) => `${l.Key} is extended by its policy's duration (${l.Policy}), from today if it has expired.`,
  },
  SuspendLicense: {
    label: 'Suspend',
    title: 'Suspend licence',
    what: (l) => `${l.Key} stops validating until it is reinstated. Its devices are told it is suspended.`,
    reason: true,
    color: 'orange',
  },
  ReinstateLicense: {
    label: 'Reinstate',
    title: 'Reinstate licence',
    what: (l) => `${l.Key} validates again until ${l.ExpiresOn}.`,
  },
  RevokeLicense: {
    label: 'Revoke',
    title: 'Revoke licence',
    what: (l) => `${l.Key} is revoked for good: it can never validate or be changed again.`,
    reason: true,
    color: 'red',
  },
  ResetLicenseActivations: {
    label: 'Reset activations',
    title: 'Reset activations',
    what: (l) => `The ${l.SeatsUsed} device(s) of ${l.Key} are forgotten, so its seats are free again.`,
  },
};

function actionsFor(l: LicenseRow): ActionName[] {
  if (l.Status === 'revoked') return [];
  return [
    'RenewLicense',
    l.Status === 'suspended' ? 'ReinstateLicense' : 'SuspendLicense',
    'ResetLicenseActivations',
    'RevokeLicense',
  ];
}

function LicenseDetailView({ id, method }: { id: number; method: 'totp' | 'password' }) {
  const detail = useAdminQuery('LicenseDetail', { ID: id });
  const [action, setAction] = useState<ActionName | null>(null);
  const mutations = {
    RenewLicense: useAdminMutation('RenewLicense', {
      invalidates: CHANGED,
      success: 'Licence renewed',
      handlesErrors: true,
    }),
    SuspendLicense: useAdminMutation('SuspendLicense', {
      invalidates: CHANGED,
      success: 'Licence suspended',
      handlesErrors: true,
    }),
    ReinstateLicense: useAdminMutation('ReinstateLicense', {
      invalidates: CHANGED,
      success: 'Licence reinstated',
      handlesErrors: true,
    }),
    RevokeLicense: useAdminMutation('RevokeLicense', {
      invalidates: CHANGED,
      success: 'Licence revoked',
      handlesErrors: true,
    }),
    ResetLicenseActivations: useAdminMutation('ResetLicenseActivations', {
      invalidates: CHANGED,
      success: 'Activations reset',
      handlesErrors: true,
    }),
  };
  if (detail.error) return <Alert color="red">{detail.error.message}</Alert>;
  if (!detail.data) return <Text c="dimmed">Loading…</Text>;
  const { Licence: l, Activations, Events } = detail.data;
  const chosen = action ? ACTIONS[action] : null;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text ff="monospace" fw={600} fz="lg">
            {l.Key}
          </Text>
          <Text fz="sm" c="dimmed">
            {l.Product} · {l.Policy} · {l.Licensee}
          </Text>
        </Stack>
        <LicenseStatusBadge status={l.Status} />
      </Group>
      <DefinitionList
        label="Licence"
        items={[
          ['Seats used/max', `${l.SeatsUsed} / ${l.MaxActivations}`],
          ['Expires', l.ExpiresOn],
          ['Entitlements', l.Entitlements.length ? l.Entitlements.join(', ') : <Dash key="e" />],
          ['Last check-in', <UtcDateCell key="c" value={l.LastCheckIn} empty="Never" />],
          ...(l.StatusReason ? [['Reason', l.StatusReason] satisfies DefinitionItem] : []),
          ['Note', l.Note || <Dash key="n" />],
          ['Issued', `${l.IssuedOn.slice(0, 10)} by ${l.IssuedBy}`],
        ]}
      />
      {actionsFor(l).length ? (
        <Group gap="xs" aria-label="Licence actions">
          {actionsFor(l).map((name) => (
            <Button
              key={name}
              size="xs"
              variant="light"
              color={ACTIONS[name].color}
              onClick={() => setAction(name)}
            >
              {ACTIONS[name].label}
            </Button>
          ))}
        </Group>
      ) : null}
      <Title order={4}>Activations</Title>
      {Activations.length ? (
        <Table striped aria-label="Activations" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fingerprint</Table.Th>
              <Table.Th>Hostname</Table.Th>
              <Table.Th>First seen</Table.Th>
              <Table.Th>Last seen</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {Activations.map((a) => (
              <Table.Tr key={a.Fingerprint}>
                <Table.Td ff="monospace">{a.Fingerprint}</Table.Td>
                <Table.Td>{a.Hostname || <Dash />}</Table.Td>
                <Table.Td>
                  <UtcDateCell value={a.FirstSeen} stacked />
                </Table.Td>
                <Table.Td>
                  <UtcDateCell value={a.LastSeen} stacked />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text fz="sm" c="dimmed">
          No device has validated this licence yet.
        </Text>
      )}
      <Title order={4}>Validation log</Title>
      <EventLog events={Events} />
      {chosen && action ? (
        <StepUpDialog
          opened
          title={chosen.title}
          what={chosen.what(l)}
          method={method}
          withComment={chosen.reason === true}
          commentLabel="Reason"
          commentDescription="Kept in the audit log and shown on the licence"
          commentRequired
          confirmLabel={chosen.label}
          onClose={() => setAction(null)}
          send={(proof, reason) =>
            action === 'SuspendLicense' || action === 'RevokeLicense'
              ? mutations[action].mutateAsync({ ID: l.ID, Reason: reason, ...proof })
              : mutations[action].mutateAsync({ ID: l.ID, ...proof })
          }
        />
      ) : null}
    </Stack>
  );
}

const EVENT_LABELS: Record<LicenseEvent['Kind'], string> = {
  issued: 'Issued',
  renewed: 'Renewed',
  suspended: 'Suspended',
  reinstated: 'Reinstated',
  revoked: 'Revoked',
  activations_reset: 'Activations reset',
  validation: 'Validation',
};

function EventLog({ events }: { events: LicenseEvent[] }) {
  if (!events.length)
    return (
      <Text fz="sm" c="dimmed">
        Nothing logged yet.
      </Text>
    );
  return (
    <Table striped aria-label="Validation log" fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>When</Table.Th>
          <Table.Th>What</Table.Th>
          <Table.Th>Device / by</Table.Th>
          <Table.Th>Detail</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {events.map((e) => (
          <Table.Tr key={e.ID}>
            <Table.Td>
              <UtcDateCell value={e.At} stacked />
            </Table.Td>
            <Table.Td>
              {e.Kind === 'validation' && e.Outcome ? (
                <Badge variant="light" tt="none" color={e.Outcome === 'valid' ? 'green' : 'red'}>
                  {e.Outcome.replaceAll('_', ' ')}
                </Badge>
              ) : (
                EVENT_LABELS[e.Kind]
              )}
            </Table.Td>
            <Table.Td>
              {e.Kind === 'validation'
                ? `${e.Fingerprint ?? ''}${e.Hostname ? ` (${e.Hostname})` : ''} · ${e.Source === 'simulated' ? `simulated by ${e.By}` : e.Source}`
                : (e.By ?? <Dash />)}
            </Table.Td>
            <Table.Td>{e.Detail || <Dash />}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Validates a key exactly as a device would, so staff can check what a customer's device is told. */
function SimulateClient() {
  const [answer, setAnswer] = useState<LicenseValidation | null>(null);
  const { form, onSubmit } = useCallForm(ADMIN_CALLS.SimulateLicenseClient.params, {
    Key: '',
    Fingerprint: 'backoffice-simulator',
    Hostname: 'back office',
  });
  const simulate = useAdminMutation('SimulateLicenseClient', {
    invalidates: CHANGED,
    handlesErrors: true,
    onSuccess: setAnswer,
  });
  return (
    <form onSubmit={onSubmit((v) => simulate.mutateAsync(v))}>
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          Sends the key as a device's <Code>POST /api/licensing/validate-key</Code> would: a valid answer
          takes a seat for this fingerprint, and the check is logged as simulated.
        </Text>
        <TextInput label="Licence key" withAsterisk ff="monospace" {...form.getInputProps('Key')} />
        <Group grow align="flex-start">
          <TextInput label="Device fingerprint" withAsterisk {...form.getInputProps('Fingerprint')} />
          <TextInput label="Hostname" {...form.getInputProps('Hostname')} />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={simulate.isPending}>
            Validate
          </Button>
        </Group>
        {answer ? (
          <Alert
            color={answer.Valid ? 'green' : 'red'}
            title={answer.Valid ? 'Valid' : `Not valid: ${answer.Code.replaceAll('_', ' ')}`}
          >
            <Text fz="sm">{answer.Message}</Text>
            {answer.Product ? (
              <Text fz="sm">
                {answer.Product} · expires {answer.ExpiresOn} · seats {answer.SeatsUsed} /{' '}
                {answer.MaxActivations}
                {answer.Entitlements.length ? ` · ${answer.Entitlements.join(', ')}` : ''}
              </Text>
            ) : null}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
