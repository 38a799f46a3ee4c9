import { PAYOUT_REASON_MAX, type PayoutBulkResult } from '@bo/contract';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { handleApiError } from '../../../lib/api/error-handler';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';

export interface CancelPayoutsDialogProps {
  ids: readonly number[];
  subject: string;
  opened: boolean;
  onClose: () => void;
  onBulkDone?: (result: PayoutBulkResult) => void;
}

const INVALIDATES = ['ListPayouts', 'PayoutSummary', 'PayoutDetail'] as const;

/** Asks for the reason and cancels one payout or the selection; a payout already sent is refused (409). */
export function CancelPayoutsDialog({ ids, subject, opened, onClose, onBulkDone }: CancelPayoutsDialogProps) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const cancelOne = useAdminMutation('CancelPayout', {
    invalidates: INVALIDATES,
    success: (data) => `Payout ${data.ID} cancelled`,
    handlesErrors: true,
  });
  const cancelMany = useAdminMutation('BulkCancelPayouts', { invalidates: INVALIDATES, handlesErrors: true });
  const isSending = useRef(false);
  useEffect(() => {
    if (opened) {
      setReason('');
      setProblem(null);
    }
  }, [opened]);
  const submit = async () => {
    if (isSending.current) return;
    isSending.current = true;
    try {
      if (ids.length === 1 && !onBulkDone)
        await cancelOne.mutateAsync({ ID: ids[0] as number, Reason: reason });
      else onBulkDone?.(await cancelMany.mutateAsync({ IDs: [...ids], Reason: reason }));
      onClose();
    } catch (error) {
      if (error instanceof Error) setProblem(error.message);
      else handleApiError(error);
    } finally {
      isSending.current = false;
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Cancel payout" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {subject} will not be paid. The reason is kept in the payout's history and the audit log.
          </Text>
          <Textarea
            label="Reason"
            withAsterisk
            rows={3}
            maxLength={PAYOUT_REASON_MAX}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setProblem(null);
            }}
            data-autofocus
          />
          {problem ? (
            <Alert color="red" role="alert" title="Not cancelled">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep it
            </Button>
            <Button type="submit" color="red" loading={cancelOne.isPending || cancelMany.isPending}>
              Cancel payout
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
