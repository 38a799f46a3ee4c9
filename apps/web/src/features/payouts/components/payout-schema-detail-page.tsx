import {
  ADMIN_CALLS,
  adminPath,
  DISABLE_FLAG_OPTIONS,
  optionLabel,
  PAYOUT_SCHEMA_OPTIONS,
  type PayoutSchemaDetail,
} from '@bo/contract';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useCallForm } from '../../../components/call-form/use-call-form';
import { MerchantLink, StatusBadge } from '../../../components/data-table/cells';
import { Dash } from '../../../components/data-table/data-table';
import { ScreenHeader } from '../../../components/list-screen/list-screen';
import { AuditTable } from '../../../components/ui/audit-table/audit-table';
import { type DefinitionItem, DefinitionList } from '../../../components/ui/definition-list/definition-list';
import { handleApiError } from '../../../lib/api/error-handler';
import { queryKey } from '../../../lib/api/query-keys';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { useProductName } from '../../../lib/config/use-product-config';
import { SchemaLabel } from './payout-labels';

const ACTION_LABELS = {
  'merchant.payout-schema': 'Payout schema changed',
  'merchant.update': 'Record changed (User Detail)',
};

/** The edit form: schema, pay-to, payouts on or off, and the address book's defaults. */
function SchemaForm({ record }: { record: PayoutSchemaDetail }) {
  const product = useProductName();
  const client = useQueryClient();
  const bankDefault = record.AddressBook.transferwise.find((e) => e.default)?.id;
  const cryptoDefault = record.AddressBook.crypto.find((e) => e.default)?.id;
  const initial = {
    ID: record.ID,
    ExpectedVersion: record.Version,
    PayoutSchema: record.PayoutSchema,
    PayoutTo: record.PayoutTo,
    DisablePayout: record.DisablePayout,
    BankDefault: bankDefault,
    CryptoDefault: cryptoDefault,
  };
  const { form, onSubmit, showServerErrors } = useCallForm(ADMIN_CALLS.UpdatePayoutSchema.params, initial);
  const save = useAdminMutation('UpdatePayoutSchema', {
    invalidates: ['ListPayoutSchemas', 'UserDetail', 'MerchantHistory'],
    success: 'Payout schema saved',
    handlesErrors: true,
    onSuccess: (data) => client.setQueryData(queryKey('admin', 'PayoutSchemaDetail', { ID: data.ID }), data),
  });
  const isSending = useRef(false);
  const { setValues, resetDirty } = form;
  // A newer version of the record (saved here or elsewhere) becomes the form's starting point.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new version resets the form
  useEffect(() => {
    setValues(initial);
    resetDirty(initial);
  }, [record.Version]);
  return (
    <form
      onSubmit={onSubmit(async (values) => {
        if (isSending.current) return;
        isSending.current = true;
        try {
          await save.mutateAsync({ ...values, ID: record.ID, ExpectedVersion: record.Version });
        } catch (error) {
          if (!showServerErrors(error)) {
            handleApiError(error);
            // A 409 (changed by someone else): show the record as it now is.
            void client.invalidateQueries({ queryKey: queryKey('admin', 'PayoutSchemaDetail').slice(0, 2) });
          }
        } finally {
          isSending.current = false;
        }
      })}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Select
            label="Payout schema"
            withAsterisk
            allowDeselect={false}
            data={PAYOUT_SCHEMA_OPTIONS.map((o) => ({ value: o.value, label: optionLabel(o, product) }))}
            {...form.getInputProps('PayoutSchema')}
          />
          <TextInput
            label="Pay out to"
            placeholder="Wallet address or account"
            value={String(form.getValues().PayoutTo ?? '')}
            onChange={(event) => form.setFieldValue('PayoutTo', event.currentTarget.value)}
            error={form.errors.PayoutTo}
          />
          <Select
            label="Payout"
            allowDeselect={false}
            data={DISABLE_FLAG_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }))}
            value={String(form.getValues().DisablePayout)}
            onChange={(value) => form.setFieldValue('DisablePayout', value === 'true')}
            error={form.errors.DisablePayout}
          />
          <Select
            label="Bank address book default"
            placeholder={
              record.AddressBook.transferwise.length === 0 ? 'No bank account in the address book' : 'Choose'
            }
            disabled={record.AddressBook.transferwise.length === 0}
            allowDeselect={false}
            data={record.AddressBook.transferwise.map((e) => ({
              value: e.id,
              label: `${e.label} (${e.currency}, ${e.iban ?? e.accountNumber ?? ''})`,
            }))}
            {...form.getInputProps('BankDefault')}
            value={form.getValues().BankDefault ?? null}
          />
          <Select
            label="Crypto address book default"
            placeholder={
              record.AddressBook.crypto.length === 0 ? 'No crypto address in the address book' : 'Choose'
            }
            disabled={record.AddressBook.crypto.length === 0}
            allowDeselect={false}
            data={record.AddressBook.crypto.map((e) => ({ value: e.id, label: `${e.label} (${e.address})` }))}
            {...form.getInputProps('CryptoDefault')}
            value={form.getValues().CryptoDefault ?? null}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => form.setValues(initial)} disabled={!form.isDirty()}>
            Undo changes
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            Save payout schema
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One merchant's payout schema (`payouts/{id}`): what it is, its edit (audited, version-checked) and its history. */
export function PayoutSchemaDetailPage({ id }: { id: number }) {
  const query = useAdminQuery('PayoutSchemaDetail', { ID: id });
  const record = query.data;
  const items: DefinitionItem[] = record
    ? [
        ['Merchant', <MerchantLink key="m" id={record.ID} name={record.ShopTitle} />],
        ['E-mail', record.Email],
        ['Payout schema', <SchemaLabel key="s" value={record.PayoutSchema} />],
        ['Pays to', record.PaysTo ?? <Dash key="p" />],
        ['Payout', <StatusBadge key="d" status={record.DisablePayout ? 'Disabled' : 'Enabled'} />],
        ['PayPal e-mail', record.PayPalEmail ?? <Dash key="pp" />],
        ['Payeer account', record.PayeerAccount ?? <Dash key="py" />],
        ['IBAN', record.IBAN ?? <Dash key="i" />],
        [
          'Excluded coins',
          record.PayoutExcludes.length === 0 ? <Dash key="x" /> : record.PayoutExcludes.join(', '),
        ],
        ['Version', String(record.Version)],
      ]
    : [];
  return (
    <Stack gap="lg">
      <ScreenHeader
        title={record ? `Payout schema of ${record.ShopTitle}` : 'Payout schema'}
        description={
          <Anchor component={Link} to={adminPath('payout-schemas')} fz="sm">
            ← All payout schemas
          </Anchor>
        }
      />
      {query.error ? (
        <Alert color="red" title="This payout schema could not be loaded">
          {query.error.message}
        </Alert>
      ) : !record ? (
        <Stack>
          <Skeleton h={24} />
          <Skeleton h={24} />
          <Skeleton h={120} />
        </Stack>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <Card padding="md" component="section" aria-label="Current payout schema">
              <Title order={2} size="h5" mb="sm">
                Now
              </Title>
              <DefinitionList label="Payout schema" items={items} />
            </Card>
            <Card padding="md" component="section" aria-label="Change the payout schema">
              <Title order={2} size="h5" mb="sm">
                Change
              </Title>
              <SchemaForm record={record} />
            </Card>
          </SimpleGrid>
          <Card padding="md" component="section" aria-label="Payout schema history">
            <Title order={2} size="h5" mb="sm">
              History
            </Title>
            <AuditTable
              label="Payout schema history"
              entries={record.History}
              actionLabels={ACTION_LABELS}
              emptyText="No change of the payout fields yet"
            />
          </Card>
        </>
      )}
    </Stack>
  );
}
