import { ADMIN_CALLS, type CoinHealthRow } from '@bo/contract';
import { Button, Group, NumberInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useCallForm } from '../../../components/call-form/use-call-form';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';

/** Trailing zeros of an 8-place amount dropped for typing ('5000.50000000' → '5000.5'). */
const short = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

/** The coin's thresholds, editable by an administrator; the change is audited on the server. */
export function ThresholdsForm({ coin }: { coin: CoinHealthRow }) {
  const t = coin.Thresholds;
  const { form, onSubmit } = useCallForm(ADMIN_CALLS.UpdateCoinHealthThresholds.params, {
    ID: coin.AltCoinID,
    MaxLagBlocks: t.MaxLagBlocks,
    Confirmations: t.Confirmations,
    MaxBlockAgeMinutes: t.MaxBlockAgeMinutes,
    HotWalletMin: short(t.HotWalletMin),
    HotWalletMax: short(t.HotWalletMax),
  });
  const save = useAdminMutation('UpdateCoinHealthThresholds', {
    invalidates: ['CoinHealth', 'CoinHealthDetail', 'AltCoinStats'],
    success: `Thresholds of ${coin.Name} saved`,
    handlesErrors: false,
  });
  return (
    <form onSubmit={onSubmit((values) => save.mutateAsync(values))} aria-label="Thresholds" noValidate>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
        <NumberInput
          label="Lag limit (blocks)"
          description="Red beyond it, amber past half"
          min={1}
          allowDecimal={false}
          {...form.getInputProps('MaxLagBlocks')}
        />
        <NumberInput
          label="Confirmations"
          description="Needed before a deposit counts"
          min={0}
          allowDecimal={false}
          {...form.getInputProps('Confirmations')}
        />
        <NumberInput
          label="Block age limit (min)"
          description="Amber without a block for longer"
          min={1}
          allowDecimal={false}
          {...form.getInputProps('MaxBlockAgeMinutes')}
        />
        <TextInput
          label={`Hot wallet minimum (${coin.ShortName})`}
          description="Red below it: payouts may fail"
          inputMode="decimal"
          {...form.getInputProps('HotWalletMin')}
        />
        <TextInput
          label={`Hot wallet maximum (${coin.ShortName})`}
          description="Amber above it: to cold storage"
          inputMode="decimal"
          {...form.getInputProps('HotWalletMax')}
        />
      </SimpleGrid>
      <Group justify="space-between" mt="sm">
        <Text size="xs" c="dimmed">
          {t.UpdatedBy ? `Last changed by ${t.UpdatedBy}` : 'Defaults: never changed'}
          {t.UpdatedOn ? ` on ${t.UpdatedOn.slice(0, 16).replace('T', ' ')} UTC` : ''}
        </Text>
        <Button type="submit" loading={save.isPending}>
          Save thresholds
        </Button>
      </Group>
    </form>
  );
}
