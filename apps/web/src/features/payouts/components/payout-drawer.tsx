import { formatUtcDate, type PayoutDetail } from '@bo/contract';
import { Alert, Button, Drawer, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { CopyableId, MerchantLink, MoneyCell } from '../../../components/data-table/cells';
import { Dash } from '../../../components/data-table/data-table';
import { AuditTable } from '../../../components/ui/audit-table/audit-table';
import { type DefinitionItem, DefinitionList } from '../../../components/ui/definition-list/definition-list';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { ApprovePayoutsDialog } from './approve-payouts-dialog';
import { CancelPayoutsDialog } from './cancel-payouts-dialog';
import { PayoutStateBadge, SchemaLabel } from './payout-labels';

const ACTION_LABELS = {
  'payout.request': 'Requested',
  'payout.approve': 'Approved',
  'payout.send': 'Sent',
  'payout.complete': 'Completed',
  'payout.fail': 'Failed',
  'payout.cancel': 'Cancelled',
};

const when = (value: string | null) => (value ? `${formatUtcDate(value)} UTC` : <Dash />);

function Details({ payout }: { payout: PayoutDetail }) {
  const [dialog, setDialog] = useState<'approve' | 'cancel' | null>(null);
  const send = useAdminMutation('SendPayout', {
    invalidates: ['ListPayouts', 'PayoutSummary', 'PayoutDetail'],
    success: (data) => `Payout ${data.ID} sent`,
  });
  const subject = `payout ${payout.ID} of ${payout.ShopTitle} (${payout.Amount} ${payout.Coin})`;
  const items: DefinitionItem[] = [
    ['State', <PayoutStateBadge key="s" state={payout.State} />],
    ['Amount', <MoneyCell key="a" value={payout.Amount} unit={payout.Coin} />],
    ['Value (EUR)', <MoneyCell key="e" value={payout.EurValue} decimals={2} unit="EUR" />],
    ['Four-eyes', payout.NeedsSecondApproval ? 'Above the four-eyes amount: a second approver' : 'No'],
    ['Merchant', <MerchantLink key="m" id={payout.MerchantID} name={payout.ShopTitle} />],
    ['Payout schema', <SchemaLabel key="ps" value={payout.PayoutSchema} />],
    ['Destination', <CopyableId key="d" value={payout.Destination} label="Copy destination" />],
    ['Requested by', payout.RequestedBy ?? 'the platform'],
    ['Requested (UTC)', when(payout.RequestedOn)],
    ['Approved by', payout.ApprovedBy ?? (payout.ApprovedOn ? 'on request' : <Dash key="ab" />)],
    ['Approved (UTC)', when(payout.ApprovedOn)],
    ['Sent (UTC)', when(payout.SentOn)],
    ['Rail reference', payout.RailReference ?? <Dash key="r" />],
    ['Completed (UTC)', when(payout.CompletedOn)],
    ['Failed (UTC)', when(payout.FailedOn)],
    ['Failure', payout.FailureReason ?? <Dash key="f" />],
    ['Cancelled (UTC)', when(payout.CancelledOn)],
    ['Cancelled by', payout.CancelledBy ?? <Dash key="cb" />],
    ['Reason', payout.CancelReason ?? <Dash key="cr" />],
    ['Note', payout.Note ?? <Dash key="n" />],
  ];
  return (
    <Stack gap="md">
      <Group gap="xs">
        {payout.State === 'awaiting-approval' ? (
          <Button color="green" onClick={() => setDialog('approve')}>
            Approve…
          </Button>
        ) : null}
        {payout.State === 'approved' ? (
          <Button variant="light" loading={send.isPending} onClick={() => send.mutate({ ID: payout.ID })}>
            Send now
          </Button>
        ) : null}
        {payout.State === 'awaiting-approval' || payout.State === 'approved' ? (
          <Button color="red" variant="light" onClick={() => setDialog('cancel')}>
            Cancel payout…
          </Button>
        ) : null}
      </Group>
      <DefinitionList label="Payout" items={items} />
      <Title order={3} size="h6">
        History
      </Title>
      <AuditTable
        label="Payout history"
        entries={payout.History}
        actionLabels={ACTION_LABELS}
        emptyText="No step recorded"
      />
      <ApprovePayoutsDialog
        ids={[payout.ID]}
        subject={subject}
        opened={dialog === 'approve'}
        onClose={() => setDialog(null)}
      />
      <CancelPayoutsDialog
        ids={[payout.ID]}
        subject={`Payout ${payout.ID} of ${payout.ShopTitle}`}
        opened={dialog === 'cancel'}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}

/** One payout beside the list: its fields, its steps (audited history), and what can be done next. */
export function PayoutDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const query = useAdminQuery('PayoutDetail', { ID: id ?? 0 }, { enabled: id !== null });
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={
        <Title order={2} size="h4">
          {id !== null ? `Payout ${id}` : 'Payout'}
        </Title>
      }
    >
      {query.error ? (
        <Alert color="red" title="This payout could not be loaded">
          {query.error.message}
        </Alert>
      ) : query.data ? (
        <Details payout={query.data} />
      ) : (
        <Stack>
          <Skeleton h={24} />
          <Skeleton h={24} />
          <Skeleton h={24} />
        </Stack>
      )}
      <Text size="xs" c="dimmed" mt="md">
        The history shows each step with who took it; the payout rail's steps appear as payout-rail.
      </Text>
    </Drawer>
  );
}
