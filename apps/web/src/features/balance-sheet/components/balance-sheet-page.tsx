import {
  ADMIN_CALLS,
  adminPath,
  type BalanceSheetBuyFilter,
  type BalanceSheetList,
  type BalanceSheetRow,
  formatUtcDate,
} from '@bo/contract';
import { Alert, Anchor, Badge, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MoneyCell, VolumeCell } from '../../../components/data-table/cells';
import { type Column, DataTable } from '../../../components/data-table/data-table';
import { ExportButton } from '../../../components/data-table/export-button';
import { queryState } from '../../../components/data-table/paged';
import { ListCard, ScreenHeader } from '../../../components/list-screen/list-screen';
import { useUrlParams } from '../../../components/url-params/use-url-params';
import { formatAskedAmount, formatCount } from '../../../lib/format/decimal';
import { useBalanceSheet, useBalanceSheetCoins } from '../api/use-balance-sheet';

const LISTS: ReadonlyArray<{ value: BalanceSheetList; label: string }> = [
  { value: 'online', label: 'Online' },
  { value: 'offline', label: 'Offline' },
];
const BUY_FILTERS: ReadonlyArray<{ value: BalanceSheetBuyFilter; label: string }> = [
  { value: 'enabled', label: 'Buy Enabled' },
  { value: 'disabled', label: 'Buy Disabled' },
  { value: 'both', label: 'Both' },
];

const sheetParams = ADMIN_CALLS.BalanceSheet.params.shape;
/**
 * The address: the list's own params, `online` without its default (absent, a `?coin=` picks the list
 * holding that coin), and the coin to highlight, read as the offline pool reads it.
 */
const urlSchema = ADMIN_CALLS.BalanceSheet.params.extend({
  online: sheetParams.online.unwrap().optional(),
  coin: ADMIN_CALLS.XChangeOfflinePool.params.shape.coin.optional(),
});

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** A cell's figure with a dimmed line under it (counts, the rate). */
const withDetail = (figure: ReactNode, detail: string) => (
  <>
    {figure}
    <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {detail}
    </Text>
  </>
);

const columns: Column<BalanceSheetRow>[] = [
  {
    key: 'Name',
    header: 'Coin',
    cell: (row) => (
      <>
        <Text fz="sm" fw={600} title={row.LongName} style={{ whiteSpace: 'nowrap' }}>
          {row.Name}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Text fz="xs" c="dimmed">
            {row.ShortName}
          </Text>
          {row.BuyEnabled ? null : (
            <Badge size="xs" variant="light" color="gray" tt="none">
              Buy Disabled
            </Badge>
          )}
        </Group>
      </>
    ),
  },
  {
    key: 'Received',
    header: 'Received',
    align: 'right',
    cell: (row) =>
      withDetail(<MoneyCell value={row.Received} />, plural(row.ReceivedCount, 'payment', 'payments')),
  },
  {
    key: 'PaidOut',
    header: 'Paid Out',
    align: 'right',
    cell: (row) =>
      withDetail(<MoneyCell value={row.PaidOut} />, plural(row.PaidOutCount, 'payout', 'payouts')),
  },
  {
    key: 'PendingPayouts',
    header: 'Pending Payouts',
    align: 'right',
    cell: (row) =>
      withDetail(
        <MoneyCell value={row.PendingPayouts} />,
        plural(row.PendingPayoutsCount, 'payout', 'payouts'),
      ),
  },
  {
    key: 'Balance',
    header: 'Balance',
    align: 'right',
    cell: (row) => <MoneyCell value={row.Balance} signed />,
  },
  {
    key: 'BalanceEUR',
    header: 'Value (EUR)',
    align: 'right',
    cell: (row) =>
      row.RateEUR === null ? (
        <Text span c="dimmed" fz="sm">
          No rate
        </Text>
      ) : (
        withDetail(<VolumeCell value={row.BalanceEUR} signed />, `at ${formatAskedAmount(row.RateEUR)}`)
      ),
  },
  {
    key: 'OpenXChange',
    header: 'Open xChange',
    align: 'right',
    cell: (row) =>
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
  },
];

/**
 * The Balance Sheet (SPEC §2.1, §3): one of six lists — online or offline coins, buying enabled, disabled
 * or both — with each coin's received payments, payouts, balance and its EUR value (ADR 0008). `?coin=`
 * (from the Transaction Failure box) opens the list holding that coin and highlights it.
 */
export function BalanceSheetPage() {
  const url = useUrlParams(urlSchema);
  const coins = useBalanceSheetCoins();
  const coinId = url.params.coin;
  const coin = coinId === undefined ? undefined : coins.data?.find((c) => c.ID === coinId);
  const online = url.params.online ?? (coin && !coin.isOnline ? 'offline' : 'online');
  const { buy } = url.params;
  const params = { online, buy };
  // A `?coin=` without `online` waits for the coins: no loading the online list first, then the offline one.
  const isReady = coinId === undefined || url.params.online !== undefined || !coins.isPending;
  const sheet = useBalanceSheet(params, isReady);
  const records = sheet.data?.records;
  const isCoinListed = coin !== undefined && (records ?? []).some((r) => r.ID === coin.ID);
  const problems = url.problems.map((p) => `${p.message} (${p.key}=${p.value})`);
  if (coinId !== undefined && coins.data && !coin) problems.push(`No coin found with ID ${coinId}`);
  const setList = (next: { online: BalanceSheetList; buy: BalanceSheetBuyFilter }) => url.set(next);

  return (
    <Stack gap="lg">
      <ScreenHeader
        title="Balance Sheet"
        description="Per coin: payments received, payouts made and pending, and the balance left, valued in EUR at the current rate."
        actions={
          <Group gap="sm" wrap="wrap">
            <SegmentedControl
              aria-label="Coin status"
              data={[...LISTS]}
              value={online}
              onChange={(value) => setList({ online: value as BalanceSheetList, buy })}
            />
            <SegmentedControl
              aria-label="Buying"
              data={[...BUY_FILTERS]}
              value={buy}
              onChange={(value) => setList({ online, buy: value as BalanceSheetBuyFilter })}
            />
          </Group>
        }
      />

      {problems.length > 0 ? (
        <Alert color="red" variant="light" title="This address has a problem" icon={<IconAlertTriangle />}>
          {problems.map((p) => (
            <Text key={p} fz="sm">
              {p}
            </Text>
          ))}
        </Alert>
      ) : null}
      {coin && sheet.isSuccess && !sheet.isPlaceholderData && !isCoinListed ? (
        <Alert color="yellow" variant="light">
          <Group gap="xs">
            <Text fz="sm">{coin.Name} is not in this list.</Text>
            <Anchor
              component="button"
              type="button"
              fz="sm"
              onClick={() => setList({ online: coin.isOnline ? 'online' : 'offline', buy: 'both' })}
            >
              Show it
            </Anchor>
          </Group>
        </Alert>
      ) : null}

      <ListCard
        title={`${LISTS.find((l) => l.value === online)?.label} coins · ${BUY_FILTERS.find((b) => b.value === buy)?.label}`}
        actions={
          <Group gap="sm">
            {sheet.data ? (
              <Text fz="xs" c="dimmed">
                As of {formatUtcDate(sheet.data.AsOf)} UTC
              </Text>
            ) : null}
            <ExportButton call="BalanceSheet" params={isReady ? params : null} columns={columns} />
          </Group>
        }
      >
        <DataTable
          label="Balance sheet"
          columns={columns}
          rowKey={(row) => row.ID}
          empty="No coin in this list"
          minWidth={960}
          {...queryState(sheet, records)}
          currentRow={(row) => row.ID === coin?.ID}
          footer={
            records && sheet.data ? (
              <Table.Tr>
                <Table.Th colSpan={5}>Total ({plural(records.length, 'coin', 'coins')})</Table.Th>
                <Table.Td ta="right">
                  <VolumeCell value={sheet.data.TotalBalanceEUR} signed />
                </Table.Td>
                <Table.Td />
              </Table.Tr>
            ) : null
          }
        />
        <Text fz="xs" c="dimmed" mt="sm">
          Balance = Received − Paid Out − Pending Payouts. Received counts paid and underpaid payments; a
          negative balance means more was paid out in the coin than received in it, the rest bought through
          xChange. Values use the current EUR rate.
        </Text>
      </ListCard>
    </Stack>
  );
}
