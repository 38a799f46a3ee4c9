import { ADMIN_CALLS, type XrpPaymentRow } from '@bo/contract';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useCallForm } from '../../../components/call-form/use-call-form';
import { isApiError } from '../../../lib/api/api-error';
import { handleApiError } from '../../../lib/api/error-handler';
import { formatDecimal } from '../../../lib/format/decimal';
import { useAssignXrpPayment } from '../api/use-pools';

export interface AssignDialogProps {
  payment: XrpPaymentRow | null;
  onClose: () => void;
}

/** Assign to transaction: a T reference for an unmatched XRP payment; the server checks coin, status, amount. */
export function AssignDialog({ payment, onClose }: AssignDialogProps) {
  return (
    <Modal opened={payment !== null} onClose={onClose} title="Assign to transaction" centered>
      {payment ? <AssignForm key={payment.ID} payment={payment} onDone={onClose} /> : null}
    </Modal>
  );
}

function AssignForm({ payment, onDone }: { payment: XrpPaymentRow; onDone: () => void }) {
  const assign = useAssignXrpPayment();
  const { form, onSubmit, showServerErrors } = useCallForm(ADMIN_CALLS.AssignXrpPayment.params, {
    ID: payment.ID,
    Transaction: '',
  });
  const send = (values: { ID: unknown; Transaction: unknown }) =>
    assign
      .mutateAsync({ ID: payment.ID, Transaction: String(values.Transaction) })
      .then(onDone)
      .catch((error: unknown) => {
        // A refusal about the transaction (not XRP, already paid) belongs under the field; others go to the toast.
        if (showServerErrors(error)) return;
        if (isApiError(error) && (error.httpStatus === 409 || error.httpStatus === 404))
          form.setFieldError('Transaction', error.message);
        else handleApiError(error);
      });
  return (
    <form onSubmit={onSubmit(send)} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {formatDecimal(payment.Amount, 6)} XRP from {payment.From}
          {payment.DestTag === null ? ' without a destination tag' : ` with tag ${payment.DestTag}`}. The
          transaction must be in XRP and waiting or underpaid; it becomes paid when this covers its amount.
        </Text>
        <TextInput
          label="Transaction"
          placeholder="T000001234"
          withAsterisk
          {...form.getInputProps('Transaction')}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={assign.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={assign.isPending}>
            Assign
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
