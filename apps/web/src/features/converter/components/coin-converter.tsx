import {
  type AltCoin,
  AMOUNT_DECIMALS,
  CONVERTER_DEFAULTS,
  fiatLookupParamsSchema,
  floorDecimals,
  limitConverterInput,
} from '@bo/contract';
import { ActionIcon, Group, Popover, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowsExchange, IconArrowsUpDown, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDecimal } from '../../../lib/format/decimal';
import { notifySuccess } from '../../../lib/notify';
import { useConversion } from '../api/use-conversion';
import { useConverterCoins } from '../api/use-converter-coins';

// Long enough to stop asking on every keystroke, short enough to feel live.
const AMOUNT_DEBOUNCE_MS = 300;

const coinLabel = (coin: AltCoin): string => `${coin.Name} (${coin.ShortName})`;

interface CoinSelectProps {
  label: string;
  coins: AltCoin[];
  value: number;
  onChange: (id: number) => void;
}

function CoinSelect({ label, coins, value, onChange }: CoinSelectProps) {
  return (
    <Select
      label={label}
      size="xs"
      searchable
      allowDeselect={false}
      nothingFoundMessage="No coin found"
      data={coins.map((c) => ({ value: String(c.ID), label: coinLabel(c) }))}
      value={String(value)}
      onChange={(id) => {
        if (id !== null) onChange(Number(id));
      }}
      // Inside the popover: a dropdown in a portal would count as a click outside and close it.
      comboboxProps={{ withinPortal: false }}
    />
  );
}

/**
 * The header's coin converter (SPEC §2.5, §5, §9): from Bitcoin, 1, to the euro by default; typed amounts
 * are cleaned and floored to 8 decimals, and the value comes from the server's rates.
 */
export function CoinConverter() {
  const [isOpen, setIsOpen] = useState(false);
  // Kept here rather than in the dropdown, so closing the popover does not forget the pair.
  const [sourceId, setSourceId] = useState<number>(CONVERTER_DEFAULTS.sourceAltCoinId);
  const [targetId, setTargetId] = useState<number>(CONVERTER_DEFAULTS.targetAltCoinId);
  const [amount, setAmount] = useState<string>(CONVERTER_DEFAULTS.source);
  const [debouncedAmount] = useDebouncedValue(amount, AMOUNT_DEBOUNCE_MS);

  const coins = useConverterCoins();
  const list = coins.data ?? [];
  const source = list.find((c) => c.ID === sourceId);
  const target = list.find((c) => c.ID === targetId);
  const amountCheck = fiatLookupParamsSchema.shape.Amount.safeParse(floorDecimals(debouncedAmount));
  const isAmountValid = debouncedAmount === '' || amountCheck.success;

  const conversion = useConversion({
    sourceId,
    targetId,
    source,
    target,
    amount: isAmountValid ? debouncedAmount : '',
    isEnabled: isOpen,
  });
  const value = amount === '' || !isAmountValid ? null : (conversion.data ?? null);
  const hasNoRate = conversion.isSuccess && conversion.data === null && amount !== '';

  const refresh = async () => {
    const result = await conversion.refetch();
    if (result.isSuccess) notifySuccess('Rate refreshed');
  };

  return (
    <Popover
      opened={isOpen}
      onChange={setIsOpen}
      position="bottom-end"
      width={320}
      shadow="md"
      withArrow
      trapFocus
    >
      <Popover.Target>
        <Tooltip label="Coin converter">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Coin converter"
            aria-expanded={isOpen}
            onClick={() => setIsOpen((o) => !o)}
          >
            <IconArrowsExchange size={18} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown aria-label="Coin converter">
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600} size="sm">
              Coin converter
            </Text>
            <Tooltip label="Refresh rate">
              <ActionIcon
                variant="subtle"
                aria-label="Refresh rate"
                loading={conversion.isFetching}
                disabled={amount === '' || !isAmountValid}
                onClick={() => void refresh()}
              >
                <IconRefresh size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <CoinSelect label="From" coins={list} value={sourceId} onChange={setSourceId} />
          <TextInput
            label="Amount"
            size="xs"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            error={isAmountValid ? undefined : amountCheck.error?.issues[0]?.message}
            onChange={(e) => setAmount(limitConverterInput(e.currentTarget.value, AMOUNT_DECIMALS))}
          />
          <Group justify="center">
            <ActionIcon
              variant="subtle"
              aria-label="Swap coins"
              onClick={() => {
                setSourceId(targetId);
                setTargetId(sourceId);
              }}
            >
              <IconArrowsUpDown size={16} />
            </ActionIcon>
          </Group>
          <CoinSelect label="To" coins={list} value={targetId} onChange={setTargetId} />
          <TextInput
            label="Result"
            size="xs"
            readOnly
            value={value === null ? '' : formatDecimal(value, AMOUNT_DECIMALS)}
            rightSection={
              target ? (
                <Text size="xs" c="dimmed" pr={4}>
                  {target.ShortName}
                </Text>
              ) : null
            }
            rightSectionWidth={target ? Math.max(40, target.ShortName.length * 9) : undefined}
          />
          {hasNoRate ? (
            <Text size="xs" c="dimmed">
              No rate for this pair.
            </Text>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
