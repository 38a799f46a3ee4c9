import { formatUtcDate, type ProviderDetail, type Transaction } from '@bo/contract';
import { Modal, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DefinitionList } from '../../../components/ui/definition-list/definition-list';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { formatAskedAmount } from '../../../lib/format/decimal';
import { safeTransactionRef } from './transaction-ref';

/** Cents as a decimal amount: 1250 → '12.50'; exact, integer arithmetic only. */
export const centsToAmount = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${formatAskedAmount(`${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`)}`;
};

const dateOrText = (value: string): string => formatUtcDate(value) || value;

/** The fields of SPEC §3 for each provider, as label and value. */
export function providerFields(detail: ProviderDetail): Array<[string, ReactNode]> {
  switch (detail.kind) {
    case 'card':
      return [
        ['ID', detail.id],
        ['Email', detail.email ?? '—'],
        ['Order amount', `${formatAskedAmount(detail.order_amount.value)} ${detail.order_amount.currency}`],
        ['State', detail.state],
        ['Type', detail.type],
        ['Created at', dateOrText(detail.created_at)],
        ['Updated at', dateOrText(detail.updated_at)],
      ];
    case 'bank':
      return [
        ['ID', detail.id],
        ['Reference', detail.reference],
        ...detail.legs.map((leg, i): [string, ReactNode] => [
          detail.legs.length > 1 ? `Leg ${i + 1}` : 'Leg',
          `${formatAskedAmount(leg.amount)} ${leg.currency} — ${leg.description}`,
        ]),
        ['State', detail.state],
        ['Type', detail.type],
        ['Updated at', dateOrText(detail.updated_at)],
      ];
    case 'bunq':
      return [
        ['ID', detail.id],
        ['Display name', detail.displayname],
        ['Received', `${formatAskedAmount(detail.receivedamount)} ${detail.receivedcurrency}`],
        ['Check amount', formatAskedAmount(detail.checkamount)],
        ['Status', detail.status],
        ['Description', detail.description],
        ['Message', detail.message ?? '—'],
      ];
    case 'square':
      return [
        ['ID', detail.id],
        ['Total', centsToAmount(detail.totalMoney)],
        ['Approved', centsToAmount(detail.approvedMoney)],
        ['Status', detail.status],
        ['Note', detail.note ?? '—'],
        ['Receipt', detail.receiptUrl ?? '—'],
      ];
    case 'stripe':
      return [
        ['ID', detail.id],
        ['Amount', `${centsToAmount(detail.amount)} ${detail.currency.toUpperCase()}`],
        ['Status', detail.status],
        ['Description', detail.description ?? '—'],
        ['Receipt', detail.receipt_url ?? '—'],
      ];
    case 'rapyd':
    case 'payrexx':
      return [['ID', detail.id], ...Object.entries(detail.fields)];
  }
}

export interface ProviderDialogProps {
  tx: Transaction;
  provider: string;
  opened: boolean;
  onClose: () => void;
}

/** The result dialog of a payment provider (SPEC §2.8, §3): the acquirer's own record of the payment. */
export function ProviderDialog({ tx, provider, opened, onClose }: ProviderDialogProps) {
  const ref = safeTransactionRef(tx.Prefix, tx.TransactionID);
  const detail = useAdminQuery(
    'PaymentProvider',
    { ID: tx.TransactionID, Payout: tx.Prefix === 'P' ? 1 : 0, ProviderID: provider },
    { enabled: opened, staleTime: 0 },
  );
  return (
    <Modal opened={opened} onClose={onClose} title={`${provider} — ${ref}`} centered size="lg">
      {detail.isPending ? (
        <Skeleton h={160} />
      ) : detail.isError ? (
        <Text size="sm" c="dimmed">
          The provider could not be asked.
        </Text>
      ) : detail.data === null ? (
        <Text size="sm">No record found!</Text>
      ) : (
        <DefinitionList items={providerFields(detail.data)} label={`${provider} record`} />
      )}
    </Modal>
  );
}
