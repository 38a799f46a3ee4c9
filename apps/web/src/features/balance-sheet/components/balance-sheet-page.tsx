import {
  AMOUNT_DECIMALS,
  adminPath,
  type BalanceSheetBuyFilter,
  type BalanceSheetList,
  type BalanceSheetRow,
  formatUtcDate,
  VOLUME_DECIMALS,
} from '@bo/contract';
import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type CSSProperties, type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { formatAskedAmount, formatCount, formatDecimal } from '../../../lib/format/decimal';
import { privacyStyle } from '../../../lib/format/privacy-style';
import { useAppStore } from '../../../lib/session/session.store';
import { useBalanceSheet, useBalanceSheetCoins } from '../api/use-balance-sheet';
import { useBalanceSheetQuery } from '../hooks/use-balance-sheet-query';

const LISTS: ReadonlyArray<{ value: BalanceSheetList; label: string }> = [
  { value: 'online', label: 'Online' },
  { value: 'offline', label: 'Offline' },
];
const BUY_FILTERS: ReadonlyArray<{ value: BalanceSheetBuyFilter; label: string }> = [
  { value: 'enabled', label: 'Buy Enabled' },
  { value: 'disabled', label: 'Buy Disabled' },
  { value: 'both', label: 'Both' },
];

const nowrap: CSSProperties = { whiteSpace: 'nowrap' };
const isNegative = (value: string) => value.startsWith('-') && /[1-9]/.test(value);

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

function Amount({
  value,
  decimals = AMOUNT_DECIMALS,
  detail,
  blur,
  isSigned = false,
}: {
  value: string | null;
  decimals?: number;
  detail?: string;
  blur: CSSProperties | undefined;
  isSigned?: boolean;
}) {
  if (value === null)
    return (
      <Text span c="dimmed" fz="sm">
        —
      </Text>
    );
  return (
    <>
      <Text
        fz="sm"
        ff="monospace"
        style={{ ...nowrap, ...blur }}
        c={isSigned && isNegative(value) ? 'red.7' : undefined}
        fw={isSigned ? 600 : undefined}
      >
        {formatDecimal(value, decimals)}
      </Text>
      {detail ? (
        <Text fz="xs" c="dimmed" style={nowrap}>
          {detail}
        </Text>
      ) : null}
    </>
  );
}

function CoinRow({
  row,
  isHighlighted,
  blur,
}: {
  row: BalanceSheetRow;
  isHighlighted: boolean;
  blur: CSSProperties | undefined;
}) {
  const ref = useRef<HTMLTableRowElement>(null);
  // The failure box links here for one coin: bring it into view once its row is there.
  useEffect(() => {
    if (isHighlighted) ref.current?.scrollIntoView({ block: 'center' });
  }, [isHighlighted]);
  const cell = (content: ReactNode) => (
    <Table.Td ta="right" valign="top">
      {content}
    </Table.Td>
  );
  return (
    <Table.Tr
      ref={ref}
      aria-current={isHighlighted ? 'true' : undefined}
      bg={isHighlighted ? 'var(--mantine-color-yellow-light)' : undefined}
      style={
        isHighlighted ? { outline: '2px solid var(--mantine-color-yellow-5)', outlineOffset: -2 } : undefined
      }
    >
      <Table.Td valign="top">
        <Text fz="sm" fw={600} title={row.LongName} style={nowrap}>
          {row.Name}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Text fz="xs" c="dimmed">
            {row.ShortName}
          </Text>
          {row.BuyEnabled ? null : (
            <Badge
              size="xs"
              variant="light"
              color="gray"
              tt="none"
              styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
            >
              Buy Disabled
            </Badge>
          )}
        </Group>
      </Table.Td>
      {cell(
        <Amount value={row.Received} blur={blur} detail={plural(row.ReceivedCount, 'payment', 'payments')} />,
      )}
      {cell(
        <Amount value={row.PaidOut} blur={blur} detail={plural(row.PaidOutCount, 'payout', 'payouts')} />,
      )}
      {cell(
        <Amount
          value={row.PendingPayouts}
          blur={blur}
          detail={plural(row.PendingPayoutsCount, 'payout', 'payouts')}
        />,
      )}
      {cell(<Amount value={row.Balance} blur={blur} isSigned />)}
      {cell(
        row.RateEUR === null ? (
          <Text span c="dimmed" fz="sm">
            No rate
          </Text>
        ) : (
          <Amount
            value={row.BalanceEUR}
            decimals={VOLUME_DECIMALS}
            blur={blur}
            isSigned
            detail={`at ${formatAskedAmount(row.RateEUR)}`}
          />
        ),
      )}
      {cell(
        row.OpenXChange > 0 ? (
          <Anchor
            component={Link}
            to={`${adminPath('xchange-offline-pool')}?coin=${row.ID}`}
            fz="sm"
            aria-label={`${row.OpenXChange} open xChange transactions of ${row.Name}`}
          >
            {formatCount(row.OpenXChange)}
          </Anchor>
        ) : (
          <Text span fz="sm" c="dimmed">
            0
          </Text>
        ),
      )}
    </Table.Tr>
  );
}

/**
 * The Balance Sheet (SPEC §2.1, §3): one of six lists — online or offline coins, buying enabled, disabled
 * or both — with each coin's received payments, payouts, balance and its EUR value (ADR 0008). `?coin=`
 * (from the Transaction Failure box) opens the list holding that coin and highlights it.
 */
export function BalanceSheetPage() {
  const coins = useBalanceSheetCoins();
  const query = useBalanceSheetQuery(coins.data, !coins.isPending);
  const sheet = useBalanceSheet({ online: query.online, buy: query.buy }, query.isReady);
  const blur = privacyStyle(useAppStore((s) => s.privacyMode));
  const records = sheet.data?.records ?? [];
  const highlighted = query.coinId === null ? undefined : coins.data?.find((c) => c.ID === query.coinId);
  const isHighlightedListed = highlighted !== undefined && records.some((r) => r.ID === highlighted.ID);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Balance Sheet"
        description="Per coin: payments received, payouts made and pending, and the balance left, valued in EUR at the current rate."
        actions={
          <Group gap="sm" wrap="wrap">
            <SegmentedControl
              aria-label="Coin status"
              data={[...LISTS]}
              value={query.online}
              onChange={(value) => query.setList(value as BalanceSheetList, query.buy)}
            />
            <SegmentedControl
              aria-label="Buying"
              data={[...BUY_FILTERS]}
              value={query.buy}
              onChange={(value) => query.setList(query.online, value as BalanceSheetBuyFilter)}
            />
          </Group>
        }
      />

      {query.problems.length > 0 ? (
        <Alert color="red" variant="light" title="This address has a problem" icon={<IconAlertTriangle />}>
          {query.problems.map((p) => (
            <Text key={p} fz="sm">
              {p}
            </Text>
          ))}
        </Alert>
      ) : null}
      {highlighted && sheet.isSuccess && !sheet.isPlaceholderData && !isHighlightedListed ? (
        <Alert color="yellow" variant="light">
          <Group gap="xs">
            <Text fz="sm">{highlighted.Name} is not in this list.</Text>
            <Anchor
              component="button"
              type="button"
              fz="sm"
              onClick={() => query.setList(highlighted.isOnline ? 'online' : 'offline', 'both')}
            >
              Show it
            </Anchor>
          </Group>
        </Alert>
      ) : null}

      <Card component="section" aria-labelledby="balance-sheet-heading" padding="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h5" id="balance-sheet-heading">
            {LISTS.find((l) => l.value === query.online)?.label} coins ·{' '}
            {BUY_FILTERS.find((b) => b.value === query.buy)?.label}
          </Title>
          {sheet.data ? (
            <Text fz="xs" c="dimmed">
              As of {formatUtcDate(sheet.data.AsOf)} UTC
            </Text>
          ) : null}
        </Group>
        {sheet.isPending ? (
          <Skeleton h={320} />
        ) : sheet.isError && !sheet.data ? (
          <Text size="sm" c="dimmed">
            Could not load the balance sheet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={960}>
            <Table
              verticalSpacing={6}
              horizontalSpacing="sm"
              fz="sm"
              striped
              highlightOnHover
              aria-label="Balance sheet"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Coin</Table.Th>
                  <Table.Th ta="right">Received</Table.Th>
                  <Table.Th ta="right">Paid Out</Table.Th>
                  <Table.Th ta="right">Pending Payouts</Table.Th>
                  <Table.Th ta="right">Balance</Table.Th>
                  <Table.Th ta="right">Value (EUR)</Table.Th>
                  <Table.Th ta="right">Open xChange</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {records.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={7} ta="center">
                      <Text size="sm" c="dimmed">
                        No coin in this list
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  records.map((row) => (
                    <CoinRow key={row.ID} row={row} isHighlighted={row.ID === query.coinId} blur={blur} />
                  ))
                )}
              </Table.Tbody>
              {records.length > 0 && sheet.data ? (
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th colSpan={5}>Total ({plural(records.length, 'coin', 'coins')})</Table.Th>
                    <Table.Td ta="right">
                      <Amount
                        value={sheet.data.TotalBalanceEUR}
                        decimals={VOLUME_DECIMALS}
                        blur={blur}
                        isSigned
                      />
                    </Table.Td>
                    <Table.Td />
                  </Table.Tr>
                </Table.Tfoot>
              ) : null}
            </Table>
          </Table.ScrollContainer>
        )}
        <Text fz="xs" c="dimmed" mt="sm">
          Balance = Received − Paid Out − Pending Payouts. Received counts paid and underpaid payments; a
          negative balance means more was paid out in the coin than received in it, the rest bought through
          xChange. Values use the current EUR rate.
        </Text>
      </Card>
    </Stack>
  );
}
