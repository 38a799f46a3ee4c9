import { formatUtcDate, VTOKEN_BADGE_STATUS, type VTokenDetail } from '@bo/contract';
import { Alert, Button, Drawer, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  CopyableId,
  MerchantLink,
  MoneyCell,
  StatusBadge,
  TransactionRefLink,
} from '../../../components/data-table/cells';
import { Dash } from '../../../components/data-table/data-table';
import { AuditTable } from '../../../components/ui/audit-table/audit-table';
import { type DefinitionItem, DefinitionList } from '../../../components/ui/definition-list/definition-list';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { CancelVTokenDialog } from './cancel-vtoken-dialog';

const ACTION_LABELS = { 'vtoken.cancel': 'Cancelled' };

const when = (value: string | null) => (value ? `${formatUtcDate(value)} UTC` : <Dash />);

function Details({ vtoken }: { vtoken: VTokenDetail }) {
  const [isCancelling, setCancelling] = useState(false);
  const items: DefinitionItem[] = [
    ['Claim code', <CopyableId key="c" value={vtoken.Code} label="Copy claim code" />],
    ['Status', <StatusBadge key="s" status={VTOKEN_BADGE_STATUS[vtoken.Status]} />],
    ['Amount', <MoneyCell key="a" value={vtoken.Amount} unit={vtoken.Coin} />],
    ['Sold for', <MoneyCell key="o" value={vtoken.OriginalAmount} unit={vtoken.InputCurrency} />],
    ['Merchant', <MerchantLink key="m" id={vtoken.MerchantID} name={vtoken.ShopTitle} />],
    ['Created (UTC)', when(vtoken.CreatedOn)],
    ['Claimed (UTC)', when(vtoken.ClaimedOn)],
    ['Holder', vtoken.ClaimedBy ?? <Dash />],
    ['Cancelled (UTC)', when(vtoken.CancelledOn)],
    ['Cancelled by', vtoken.CancelledBy ?? (vtoken.CancelledOn ? 'not recorded' : <Dash />)],
    ['Reason', vtoken.CancelReason ?? <Dash />],
  ];
  const transaction: DefinitionItem[] = [
    ['Transaction', <TransactionRefLink key="t" prefix={vtoken.Prefix} id={vtoken.TransactionID} />],
    ['Transaction status', <StatusBadge key="s" status={vtoken.Transaction.Status} />],
    [
      'XChange ID',
      vtoken.Transaction.XChangeID === null ? <Dash key="x" /> : `xc${vtoken.Transaction.XChangeID}`,
    ],
  ];
  return (
    <Stack gap="md">
      {vtoken.Status === 'active' ? (
        <Button
          color="red"
          variant="light"
          onClick={() => setCancelling(true)}
          style={{ alignSelf: 'flex-start' }}
        >
          Cancel vToken…
        </Button>
      ) : null}
      <DefinitionList label="vToken" items={items} />
      <Title order={3} size="h6">
        Its transaction
      </Title>
      <DefinitionList label="Transaction" items={transaction} />
      {vtoken.Transaction.Comments ? (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          {vtoken.Transaction.Comments}
        </Text>
      ) : null}
      <Title order={3} size="h6">
        History
      </Title>
      <AuditTable
        label="vToken history"
        entries={vtoken.Audit}
        actionLabels={ACTION_LABELS}
        emptyText="No staff change yet"
      />
      <CancelVTokenDialog vtoken={vtoken} opened={isCancelling} onClose={() => setCancelling(false)} />
    </Stack>
  );
}

/** One vToken beside the list: its fields, its transaction (linked), its history, and Cancel while active. */
export function VTokenDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const query = useAdminQuery('VTokenDetail', { ID: id ?? 0 }, { enabled: id !== null });
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        <Title order={2} size="h4">
          {query.data ? `vToken ${query.data.Code}` : 'vToken'}
        </Title>
      }
    >
      {query.error ? (
        <Alert color="red" title="This vToken could not be loaded">
          {query.error.message}
        </Alert>
      ) : query.data ? (
        <Details vtoken={query.data} />
      ) : (
        <Stack>
          <Skeleton h={24} />
          <Skeleton h={24} />
          <Skeleton h={24} />
        </Stack>
      )}
    </Drawer>
  );
}
