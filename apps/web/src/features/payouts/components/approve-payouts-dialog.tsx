import type { PayoutBulkResult } from '@bo/contract';
import { Alert, Button, Group, Modal, PinInput, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { handleApiError } from '../../../lib/api/error-handler';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';

export interface ApprovePayoutsDialogProps {
  /** The payouts to approve: one (from its drawer) or the selection. */
  ids: readonly number[];
  /** What the dialog names: "P 1234 of Shop, 0.5 BTC" or "3 payouts". */
  subject: string;
  opened: boolean;
  onClose: () => void;
  /** Told what a bulk approval did to each payout. */
  onBulkDone?: (result: PayoutBulkResult) => void;
}

const INVALIDATES = ['ListPayouts', 'PayoutSummary', 'PayoutDetail'] as const;

/**
 * The step-up (ADR 0016): the approver types the code his authenticator shows now; the server checks it and
 * takes it once. A refusal (own request, no authenticator, wrong or used code) is shown in the dialog, so
 * the approver can type the next code without reopening it.
 */
export function ApprovePayoutsDialog({
  ids,
  subject,
  opened,
  onClose,
  onBulkDone,
}: ApprovePayoutsDialogProps) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const approveOne = useAdminMutation('ApprovePayout', {
    invalidates: INVALIDATES,
    success: (data) => `Payout ${data.ID} approved`,
    handlesErrors: true,
  });
  const approveMany = useAdminMutation('BulkApprovePayouts', {
    invalidates: INVALIDATES,
    handlesErrors: true,
  });
  const isSending = useRef(false);
  useEffect(() => {
    if (opened) {
      setCode('');
      setProblem(null);
    }
  }, [opened]);
  const submit = async () => {
    if (isSending.current) return;
    if (!/^\d{6}$/.test(code)) {
      setProblem('Type the 6-digit code of your authenticator app');
      return;
    }
    isSending.current = true;
    try {
      if (ids.length === 1 && !onBulkDone) await approveOne.mutateAsync({ ID: ids[0] as number, Code: code });
      else onBulkDone?.(await approveMany.mutateAsync({ IDs: [...ids], Code: code }));
      onClose();
    } catch (error) {
      setCode('');
      if (error instanceof Error) setProblem(error.message);
      else handleApiError(error);
    } finally {
      isSending.current = false;
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Approve with your authenticator" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Approving {subject} sends it to the payout rail. Type the 6-digit code your authenticator app
            shows now; each code is taken once.
          </Text>
          <Group justify="center">
            <PinInput
              length={6}
              type="number"
              oneTimeCode
              aria-label="Authenticator code"
              value={code}
              onChange={(value) => {
                setCode(value);
                setProblem(null);
              }}
              data-autofocus
            />
          </Group>
          {problem ? (
            <Alert color="red" role="alert" title="Not approved">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Not now
            </Button>
            <Button type="submit" color="green" loading={approveOne.isPending || approveMany.isPending}>
              Approve
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
