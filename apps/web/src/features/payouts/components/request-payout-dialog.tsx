import { ADMIN_CALLS } from '@bo/contract';
import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useCallForm } from '../../../components/call-form/use-call-form';
import { handleApiError } from '../../../lib/api/error-handler';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';
import { useAdminQuery } from '../../../lib/api/use-call-query';

/**
 * Asks for a payout to a merchant: at or under the four-eyes amount it is approved at once; above it, it
 * waits in Awaiting approval for another staff member.
 */
export function RequestPayoutDialog({
  opened,
  onClose,
  fourEyesEur,
}: {
  opened: boolean;
  onClose: () => void;
  fourEyesEur: string | undefined;
}) {
  const coins = useAdminQuery('ListAltCoins', {}, { staleTime: 300_000, enabled: opened });
  const { form, onSubmit, showServerErrors } = useCallForm(ADMIN_CALLS.RequestPayout.params, {
    MerchantID: '' as unknown as number,
    AltCoinID: '' as unknown as number,
    Amount: '',
    Destination: '',
    Note: '',
  });
  const request = useAdminMutation('RequestPayout', {
    invalidates: ['ListPayouts', 'PayoutSummary'],
    success: (data) =>
      data.State === 'approved'
        ? `Payout ${data.ID} requested and approved`
        : `Payout ${data.ID} requested: it awaits a second approval`,
    handlesErrors: true,
  });
  const isSending = useRef(false);
  const { reset } = form;
  useEffect(() => {
    if (opened) reset();
  }, [opened, reset]);
  const coinOptions = [...(coins.data ?? [])]
    .sort((a, b) => a.Name.localeCompare(b.Name))
    .map((c) => ({ value: String(c.ID), label: `${c.Name} (${c.ShortName})` }));
  return (
    <Modal opened={opened} onClose={onClose} title="Request payout" centered>
      <form
        onSubmit={onSubmit(async (values) => {
          if (isSending.current) return;
          isSending.current = true;
          try {
            await request.mutateAsync(values);
            onClose();
          } catch (error) {
            if (!showServerErrors(error)) handleApiError(error);
          } finally {
            isSending.current = false;
          }
        })}
      >
        <Stack gap="sm">
          <Text size="sm">
            A payout worth more than {fourEyesEur ?? '…'} EUR waits for a second staff member's approval; you
            cannot approve your own request.
          </Text>
          <TextInput
            label="Merchant ID"
            withAsterisk
            inputMode="numeric"
            {...form.getInputProps('MerchantID')}
          />
          <Select
            label="Coin"
            withAsterisk
            searchable
            data={coinOptions}
            value={form.getValues().AltCoinID ? String(form.getValues().AltCoinID) : null}
            onChange={(value) => form.setFieldValue('AltCoinID', (value ?? '') as unknown as number)}
            error={form.errors.AltCoinID}
          />
          <TextInput
            label="Amount"
            withAsterisk
            inputMode="decimal"
            placeholder="0.25"
            {...form.getInputProps('Amount')}
          />
          <TextInput
            label="Destination"
            placeholder="Empty: where the merchant's payout schema pays"
            {...form.getInputProps('Destination')}
          />
          <Textarea label="Note" rows={2} {...form.getInputProps('Note')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={request.isPending}>
              Request payout
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
