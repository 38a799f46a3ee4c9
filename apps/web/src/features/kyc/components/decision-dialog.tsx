import { KYC_REASON_MAX_LENGTH, KYC_REASON_REQUIRED, type KycDecision } from '@bo/contract';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../lib/api/api-error';
import { handleApiError } from '../../../lib/api/error-handler';
import { notifySuccess } from '../../../lib/notify';

const TITLES: Record<KycDecision, string> = {
  approve: 'Approve this KYC case',
  reject: 'Reject this KYC case',
  'more-info': 'Request more information',
};
const DONE: Record<KycDecision, string> = {
  approve: 'KYC case approved',
  reject: 'KYC case rejected',
  'more-info': 'More information requested',
};

/** The field message a 400 answer carries for the reason (`data.issues[{path, message}]`), if any. */
const reasonIssue = (error: unknown): string | null => {
  if (!isApiError(error) || error.statusCode !== 400) return null;
  const issues = (error.data as { issues?: Array<{ path?: string; message?: string }> } | null)?.issues;
  return issues?.find((issue) => issue.path === 'Reason')?.message ?? null;
};

export interface DecisionDialogProps {
  decision: KycDecision | null;
  shopTitle: string;
  onClose: () => void;
  onSubmit: (decision: KycDecision, reason: string) => Promise<unknown>;
}

/**
 * Confirms a decision, asking for the reason a rejection or a request for more needs (the merchant reads
 * it). A refused decision keeps the dialog and the typed reason; a field refusal shows under the field.
 */
export function DecisionDialog({ decision, shopTitle, onClose, onSubmit }: DecisionDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  useEffect(() => {
    if (decision) {
      setReason('');
      setError(null);
    }
  }, [decision]);
  if (!decision) return null;
  const required = KYC_REASON_REQUIRED[decision];
  const submit = async () => {
    if (required && reason.trim() === '') {
      setError(required);
      return;
    }
    setSending(true);
    try {
      await onSubmit(decision, reason.trim());
      notifySuccess(`${DONE[decision]}: ${shopTitle}`);
      onClose();
    } catch (failure) {
      const issue = reasonIssue(failure);
      if (issue) setError(issue);
      else handleApiError(failure);
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={TITLES[decision]} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {decision === 'approve'
              ? `${shopTitle} will be marked KYC approved on its merchant record.`
              : decision === 'reject'
                ? `${shopTitle} will be marked KYC rejected; the reason is kept with the decision.`
                : `${shopTitle} will be asked for more; the case waits for a new submission.`}
          </Text>
          <Textarea
            label="Reason"
            description={required ? undefined : 'Optional'}
            withAsterisk={Boolean(required)}
            resize="vertical"
            rows={3}
            maxLength={KYC_REASON_MAX_LENGTH}
            value={reason}
            error={error}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isSending} color={decision === 'reject' ? 'red' : 'teal'}>
              {decision === 'approve' ? 'Approve' : decision === 'reject' ? 'Reject' : 'Request information'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
