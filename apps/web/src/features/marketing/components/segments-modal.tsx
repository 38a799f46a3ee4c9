import { ADMIN_CALLS, MERCHANT_KYC_STATUSES, type Segment, type SegmentDefinition } from '@bo/contract';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useCallForm } from '../../../components/call-form/use-call-form';
import { openConfirm } from '../../../components/ui/confirm';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';
import { useAdminQuery } from '../../../lib/api/use-call-query';

const YES_NO_OPTIONS = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];
const KYC_LABELS: Record<(typeof MERCHANT_KYC_STATUSES)[number], string> = {
  none: 'No KYC yet',
  pending: 'Pending',
  'more-info': 'More info asked',
  approved: 'Approved',
  rejected: 'Rejected',
};

const describe = (d: SegmentDefinition): string => {
  const parts = [
    d.KYCStatus && `KYC ${KYC_LABELS[d.KYCStatus].toLowerCase()}`,
    d.Country && `in ${d.Country}`,
    d.Locale && `locale ${d.Locale}`,
    d.RegisteredFrom && `registered from ${d.RegisteredFrom}`,
    d.RegisteredTo && `registered to ${d.RegisteredTo}`,
    d.LifetimeMember && `lifetime member: ${d.LifetimeMember}`,
    d.CheckoutDisabled && `checkout disabled: ${d.CheckoutDisabled}`,
    d.PayoutDisabled && `payout disabled: ${d.PayoutDisabled}`,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'every merchant';
};

/** The saved segments with their live counts, and the form that makes or changes one. */
export function SegmentsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const segments = useAdminQuery('ListSegments', {}, { enabled: opened });
  const [editing, setEditing] = useState<Segment | 'new' | null>(null);
  const remove = useAdminMutation('DeleteSegment', {
    invalidates: ['ListSegments', 'ListCampaigns', 'CampaignDetail'],
    success: 'Segment deleted',
  });
  const confirmDelete = (s: Segment) =>
    openConfirm({
      title: 'Delete segment',
      message: `Delete the segment ${s.Name}? Draft campaigns that use it must pick another segment before they are sent; sent campaigns keep their recipients. A segment a campaign is sending to cannot be deleted.`,
      confirmLabel: 'Delete segment',
      isDanger: true,
      onConfirm: () => remove.mutate({ ID: s.ID }),
    });
  return (
    <Modal opened={opened} onClose={onClose} title="Segments" size="xl">
      {editing === null ? (
        <Stack gap="sm">
          <Table striped aria-label="Segments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Merchants</Table.Th>
                <Table.Th>Recipients now</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(segments.data ?? []).map((s) => (
                <Table.Tr key={s.ID}>
                  <Table.Td>{s.Name}</Table.Td>
                  <Table.Td>
                    <Text fz="xs">{describe(s.Definition)}</Text>
                  </Table.Td>
                  <Table.Td>{s.Recipients}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="xs" variant="subtle" onClick={() => setEditing(s)}>
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${s.Name}`}
                        loading={remove.isPending && remove.variables?.ID === s.ID}
                        onClick={() => confirmDelete(s)}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {segments.data?.length === 0 && <Text c="dimmed">No segment yet.</Text>}
          <Group justify="flex-end">
            <Button onClick={() => setEditing('new')}>New segment</Button>
          </Group>
        </Stack>
      ) : (
        <SegmentForm segment={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      )}
    </Modal>
  );
}

function SegmentForm({ segment, onDone }: { segment: Segment | null; onDone: () => void }) {
  const d = segment?.Definition ?? {};
  const { form, onSubmit } = useCallForm(ADMIN_CALLS.SaveSegment.params, {
    ID: segment?.ID,
    Name: segment?.Name ?? '',
    KYCStatus: d.KYCStatus,
    Country: d.Country ?? '',
    Locale: d.Locale ?? '',
    RegisteredFrom: d.RegisteredFrom ?? '',
    RegisteredTo: d.RegisteredTo ?? '',
    LifetimeMember: d.LifetimeMember,
    CheckoutDisabled: d.CheckoutDisabled,
    PayoutDisabled: d.PayoutDisabled,
  });
  const values = form.getValues();
  const { ID: _id, Name: _name, ...definition } = values;
  // The live count follows the fields as they are typed, asked once typing pauses.
  const [asked] = useDebouncedValue(definition, 300);
  const parsed = ADMIN_CALLS.CountAudience.params.safeParse(asked);
  const count = useAdminQuery('CountAudience', parsed.success ? asked : {}, { enabled: parsed.success });
  const save = useAdminMutation('SaveSegment', {
    invalidates: ['ListSegments'],
    success: (data) => `Segment ${data.Name} saved`,
    handlesErrors: true,
    onSuccess: onDone,
  });
  const select = (field: keyof typeof values) => ({
    value: (values[field] as string | undefined) ?? null,
    onChange: (v: string | null) => form.setFieldValue(field, v ?? undefined),
    error: form.errors[field],
  });
  return (
    <form onSubmit={onSubmit((v) => save.mutateAsync(v))}>
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk {...form.getInputProps('Name')} />
        <SimpleGrid cols={3} spacing="sm">
          <Select
            label="KYC state"
            placeholder="Any"
            clearable
            data={MERCHANT_KYC_STATUSES.map((s) => ({ value: s, label: KYC_LABELS[s] }))}
            {...select('KYCStatus')}
          />
          <TextInput
            label="Country"
            placeholder="Any (e.g. NL)"
            maxLength={2}
            {...form.getInputProps('Country')}
          />
          <TextInput label="Locale" placeholder="Any (e.g. en)" {...form.getInputProps('Locale')} />
          <TextInput
            label="Registered from"
            placeholder="YYYY-MM-DD"
            {...form.getInputProps('RegisteredFrom')}
          />
          <TextInput label="Registered to" placeholder="YYYY-MM-DD" {...form.getInputProps('RegisteredTo')} />
          <Select
            label="Lifetime member"
            placeholder="Either"
            clearable
            data={YES_NO_OPTIONS}
            {...select('LifetimeMember')}
          />
          <Select
            label="Checkout disabled"
            placeholder="Either"
            clearable
            data={YES_NO_OPTIONS}
            {...select('CheckoutDisabled')}
          />
          <Select
            label="Payout disabled"
            placeholder="Either"
            clearable
            data={YES_NO_OPTIONS}
            {...select('PayoutDisabled')}
          />
        </SimpleGrid>
        <Text fz="sm" data-testid="audience-count" aria-live="polite">
          {!parsed.success
            ? (parsed.error.issues[0]?.message ?? 'Check the fields')
            : count.data
              ? `${count.data.Recipients} recipients now (${count.data.Excluded} matching merchants left out: no email or unsubscribed)`
              : 'Counting…'}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Back
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save segment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
