import { adminPath, MERCHANT_TABS, type MerchantTabId, type UserDetail } from '@bo/contract';
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowsExchange, IconBuildingBank, IconCreditCard } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { fieldIssues, useCallForm } from '../../../components/call-form/use-call-form';
import { UtcDateCell } from '../../../components/data-table/cells';
import { ScreenHeader } from '../../../components/list-screen/list-screen';
import { DefinitionList } from '../../../components/ui/definition-list/definition-list';
import { isApiError } from '../../../lib/api/api-error';
import { handleApiError } from '../../../lib/api/error-handler';
import { queryKey } from '../../../lib/api/query-keys';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { useProductName } from '../../../lib/config/use-product-config';
import { formatCount } from '../../../lib/format/decimal';
import { useHasPermission } from '../../../lib/session/use-permission';
import { ApiKey } from './api-key';
import { MerchantField } from './merchant-field';
import {
  changedFieldNames,
  firstErrorTab,
  merchantFormSchema,
  toFormValues,
  updateParams,
} from './merchant-form';
import { MerchantHistory } from './merchant-history';
import { KycBadge } from './merchant-labels';
import { MerchantPayouts } from './merchant-payouts';

type TabId = MerchantTabId | 'history' | 'payouts-list';

/** `users/{id}`: one merchant's record. */
export function UserDetailPage() {
  const { id } = useParams();
  const merchantId = Number(id);
  if (!Number.isInteger(merchantId) || merchantId <= 0)
    return (
      <Alert color="red" title="No such merchant">
        A merchant id is a positive whole number.
      </Alert>
    );
  return <MerchantScreen key={merchantId} id={merchantId} />;
}

function MerchantScreen({ id }: { id: number }) {
  const query = useAdminQuery('UserDetail', { ID: id });
  if (query.error)
    return (
      <Alert color="red" title="Could not load the merchant">
        {query.error.message}
        <Group mt="sm">
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  if (!query.data)
    return (
      <Stack>
        <Skeleton h={40} w={300} />
        <Skeleton h={160} />
        <Skeleton h={400} />
      </Stack>
    );
  return <MerchantRecordScreen record={query.data} refetch={query.refetch} />;
}

function Summary({ record, canEdit }: { record: UserDetail; canEdit: boolean }) {
  const kyc = record.LatestKyc ? (
    <Anchor component={Link} to={adminPath('kyc', { id: record.LatestKyc.ID })} aria-label="KYC case">
      <KycBadge status={record.KYCStatus} />
    </Anchor>
  ) : (
    <KycBadge status={record.KYCStatus} />
  );
  return (
    <Card padding="md" component="section" aria-label="Summary">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <DefinitionList
          items={[
            ['Owner', `${record.Name} (${record.OwnerNickName})`],
            ['E-mail', record.Email],
            ['KYC state', kyc],
            ['Registered', <UtcDateCell key="r" value={record.RegisteredOn} />],
          ]}
        />
        <DefinitionList
          items={[
            ['API key', <ApiKey key="k" id={record.ID} masked={record.APIKey} canReveal={canEdit} />],
            ['Transactions', formatCount(record.Counts.Transactions)],
            ['Payouts', formatCount(record.Counts.Payouts)],
            ['KYC submissions', formatCount(record.Counts.KycSubmissions)],
          ]}
        />
      </SimpleGrid>
    </Card>
  );
}

function MerchantRecordScreen({ record, refetch }: { record: UserDetail; refetch: () => Promise<unknown> }) {
  const canEdit = useHasPermission('admin-commander');
  const product = useProductName();
  const client = useQueryClient();
  const [tab, setTab] = useState<TabId>('profile');
  // The record the form was made against: its version goes with a save.
  const [base, setBase] = useState(record);
  const [conflict, setConflict] = useState<string | null>(null);
  const { form } = useCallForm(merchantFormSchema, toFormValues(base));
  const initial = toFormValues(base);
  const save = useAdminMutation('UpdateMerchant', {
    invalidates: ['MerchantHistory', 'ListMerchants'],
    success: 'User saved',
    handlesErrors: true,
    onSuccess: (saved) => {
      client.setQueryData(queryKey('admin', 'UserDetail', { ID: saved.ID }), saved);
      setBase(saved);
      form.setInitialValues(toFormValues(saved));
      form.setValues(toFormValues(saved));
      form.resetDirty(toFormValues(saved));
    },
  });
  const changed = changedFieldNames(form.getValues(), initial);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setConflict(null);
    const result = form.validate();
    if (result.hasErrors) {
      const errorTab = firstErrorTab(result.errors);
      if (errorTab) setTab(errorTab);
      return;
    }
    try {
      await save.mutateAsync(updateParams(base.ID, base.Version, form.getValues(), initial));
    } catch (error) {
      if (isApiError(error) && error.httpStatus === 409) {
        setConflict(error.message);
        return;
      }
      const issues = fieldIssues(error);
      if (Object.keys(issues).length > 0) {
        form.setErrors(issues);
        const errorTab = firstErrorTab(issues);
        if (errorTab) setTab(errorTab);
        return;
      }
      handleApiError(error);
    }
  };

  /** The newest record, with what was typed laid over it, so the change can be saved again. */
  const loadLatest = async () => {
    const typed = form.getValues();
    const edited = changedFieldNames(typed, initial);
    await refetch();
    const latest = client.getQueryData<UserDetail>(queryKey('admin', 'UserDetail', { ID: base.ID })) ?? base;
    const next = toFormValues(latest);
    setBase(latest);
    form.setInitialValues(next);
    form.setValues({ ...next, ...Object.fromEntries(edited.map((field) => [field, typed[field]])) });
    setConflict(null);
  };

  const transactions = `${adminPath('dashboard')}?merchant=${base.ID}`;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={adminPath('users')} fz="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden /> Users
        </Group>
      </Anchor>
      <ScreenHeader
        title={base.ShopTitle}
        description={`ID ${base.ID}`}
        actions={
          <Group gap="xs">
            {canEdit ? (
              <Button
                component={Link}
                to={adminPath('config-merchants-bank', { id: base.ID })}
                variant="default"
                leftSection={<IconBuildingBank size={16} aria-hidden />}
              >
                Bank config
              </Button>
            ) : null}
            {canEdit ? (
              <Button
                component={Link}
                to={adminPath('config-merchants-cc', { id: base.ID })}
                variant="default"
                leftSection={<IconCreditCard size={16} aria-hidden />}
              >
                Card config
              </Button>
            ) : null}
            <Button
              component={Link}
              to={transactions}
              variant="light"
              leftSection={<IconArrowsExchange size={16} aria-hidden />}
            >
              Transactions
            </Button>
          </Group>
        }
      />
      <Summary record={base} canEdit={canEdit} />
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Merchant record">
        <Card padding="md">
          {conflict ? (
            <Alert color="orange" title="The record changed meanwhile" mb="md">
              <Text fz="sm">{conflict}</Text>
              <Group mt="sm">
                <Button size="xs" variant="light" onClick={() => void loadLatest()}>
                  Load latest
                </Button>
              </Group>
            </Alert>
          ) : null}
          {tab === 'history' || tab === 'payouts-list' ? null : canEdit ? (
            <Group justify="flex-end" mb="sm" gap="sm">
              <Text fz="sm" c="dimmed">
                {changed.length === 0
                  ? 'No changes'
                  : `${changed.length} field${changed.length === 1 ? '' : 's'} changed`}
              </Text>
              <Button
                variant="default"
                disabled={changed.length === 0 || save.isPending}
                onClick={() => {
                  form.setValues(initial);
                  form.clearErrors();
                }}
              >
                Discard
              </Button>
              <Button type="submit" loading={save.isPending} disabled={changed.length === 0}>
                Save
              </Button>
            </Group>
          ) : (
            <Text fz="sm" c="dimmed" mb="sm">
              Read-only: changing a merchant record needs admin-commander.
            </Text>
          )}
          <Tabs
            value={tab}
            onChange={(next) => next && setTab(next as TabId)}
            keepMounted={false}
            styles={{ tab: { paddingInline: 10 } }}
          >
            <Tabs.List mb="md">
              {MERCHANT_TABS.map((t) => (
                <Tabs.Tab key={t.id} value={t.id}>
                  {t.label}
                </Tabs.Tab>
              ))}
              <Tabs.Tab value="history">History</Tabs.Tab>
              <Tabs.Tab value="payouts-list">Payouts list</Tabs.Tab>
            </Tabs.List>
            {MERCHANT_TABS.map((t) => (
              <Tabs.Panel key={t.id} value={t.id}>
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md">
                  {t.fields.map((field) => (
                    <div key={field} style={field === 'AddressBook' ? { gridColumn: '1 / -1' } : undefined}>
                      <MerchantField field={field} form={form} disabled={!canEdit} product={product} />
                    </div>
                  ))}
                </SimpleGrid>
              </Tabs.Panel>
            ))}
            <Tabs.Panel value="history">
              <MerchantHistory id={base.ID} />
            </Tabs.Panel>
            <Tabs.Panel value="payouts-list">
              <MerchantPayouts id={base.ID} />
            </Tabs.Panel>
          </Tabs>
        </Card>
      </form>
    </Stack>
  );
}
