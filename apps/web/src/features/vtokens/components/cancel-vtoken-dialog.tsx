import { ADMIN_CALLS, VTOKEN_CANCEL_REASON_MAX, type VTokenDetail } from '@bo/contract';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useCallForm } from '../../../components/call-form/use-call-form';
import { handleApiError } from '../../../lib/api/error-handler';
import { queryKey } from '../../../lib/api/query-keys';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';

export interface CancelVTokenDialogProps {
  vtoken: Pick<VTokenDetail, 'ID' | 'Code' | 'ShopTitle'>;
  opened: boolean;
  onClose: () => void;
}

/**
 * Asks for the reason and cancels. The button is busy while the call runs, so a double click sends one
 * call; the server refuses any later one (409, its message as a toast) and changes nothing.
 */
export function CancelVTokenDialog({ vtoken, opened, onClose }: CancelVTokenDialogProps) {
  const client = useQueryClient();
  const { form, onSubmit, showServerErrors } = useCallForm(ADMIN_CALLS.CancelVToken.params, {
    ID: vtoken.ID,
    Reason: '',
  });
  const cancel = useAdminMutation('CancelVToken', {
    invalidates: ['ListVTokens', 'VTokenDetail'],
    success: (data) => `vToken ${data.Code} cancelled`,
    handlesErrors: true,
    onSuccess: (data) => client.setQueryData(queryKey('admin', 'VTokenDetail', { ID: data.ID }), data),
  });
  // A second click arrives before the busy button is drawn: the ref, not the mutation's state, keeps it out.
  const isSending = useRef(false);
  const { reset } = form;
  useEffect(() => {
    if (opened) reset();
  }, [opened, reset]);
  return (
    <Modal opened={opened} onClose={onClose} title="Cancel this vToken" centered>
      <form
        onSubmit={onSubmit(async (values) => {
          if (isSending.current) return;
          isSending.current = true;
          try {
            await cancel.mutateAsync({ ...values, ID: vtoken.ID });
            onClose();
          } catch (error) {
            // A field refusal goes under its field; anything else (409: no longer active) is the server's toast.
            if (!showServerErrors(error)) {
              handleApiError(error);
              onClose();
            }
          } finally {
            isSending.current = false;
          }
        })}
      >
        <Stack gap="sm">
          <Text size="sm">
            {vtoken.Code} of {vtoken.ShopTitle} can no longer be claimed once cancelled. The reason is kept in
            the audit log and in the transaction's log.
          </Text>
          <Textarea
            label="Reason"
            withAsterisk
            rows={3}
            maxLength={VTOKEN_CANCEL_REASON_MAX}
            data-autofocus
            {...form.getInputProps('Reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep it
            </Button>
            <Button type="submit" color="red" loading={cancel.isPending}>
              Cancel vToken
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
