import {
  currentStatusChoice,
  initialStatusChoice,
  STATUS_CHOICES,
  type StatusChoice,
  statusSubmitParams,
  type Transaction,
} from '@bo/contract';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useStatusUpdate } from '../api/use-transaction-changes';
import { safeTransactionRef } from './transaction-ref';

export interface StatusDialogProps {
  tx: Transaction;
  opened: boolean;
  onClose: () => void;
}

/**
 * The transaction status dialog (SPEC §2.8, §4): Expired, Waiting, Paid, Not Enough with the initial choice
 * of SPEC §4; Not Enough is sent as Paid with notenough=1. On failure the dialog stays open with the choice.
 */
export function StatusDialog({ tx, opened, onClose }: StatusDialogProps) {
  const ref = safeTransactionRef(tx.Prefix, tx.TransactionID);
  return (
    <Modal opened={opened} onClose={onClose} title={`Transaction status — ${ref}`} centered>
      {/* Mounted only while open, so each opening starts from the row's current status. */}
      {opened ? <StatusForm tx={tx} txRef={ref} onDone={onClose} /> : null}
    </Modal>
  );
}

function StatusForm({ tx, txRef, onDone }: { tx: Transaction; txRef: string; onDone: () => void }) {
  const [choice, setChoice] = useState<StatusChoice | null>(initialStatusChoice(tx));
  const [isMissing, setIsMissing] = useState(false);
  const update = useStatusUpdate();
  const current = currentStatusChoice(tx);
  const currentLabel = STATUS_CHOICES.find((c) => c.id === current)?.label ?? tx.Status;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (choice === null) {
      setIsMissing(true);
      return;
    }
    update.mutate(
      {
        TransactionID: txRef,
        targetMerchant: tx.MerchantID,
        ...statusSubmitParams(choice),
      },
      {
        onSuccess: () => {
          notifySuccess('Transaction status update requested successfully');
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Now: {currentLabel}
        </Text>
        <Radio.Group
          label="Status"
          withAsterisk
          value={choice === null ? null : String(choice)}
          onChange={(value) => {
            setChoice(Number(value) as StatusChoice);
            setIsMissing(false);
          }}
          error={isMissing ? 'Status is required' : undefined}
        >
          <Stack gap="xs" mt="xs">
            {STATUS_CHOICES.map((option) => (
              <Radio key={option.id} value={String(option.id)} label={option.label} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Submit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
