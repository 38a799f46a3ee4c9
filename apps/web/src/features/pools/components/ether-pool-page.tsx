import {
  ADMIN_CALLS,
  decimalToUnits,
  ETHER_POOL_VIEWS,
  type EtherDepositRow,
  type EtherPool,
  EVM_STATE_LABELS,
  EVM_SWEEPABLE_STATES,
  EVM_TOKEN_NAMES,
  EVM_TOKENS,
  formatUtcDate,
  gasPriceTooHighMessage,
} from '@bo/contract';
import { Alert, Button, Group, Menu, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconDots } from '@tabler/icons-react';
import { MoneyCell, TransactionRefLink, VolumeCell } from '../../../components/data-table/cells';
import type { Column } from '../../../components/data-table/data-table';
import { ExportButton } from '../../../components/data-table/export-button';
import { ScreenHeader } from '../../../components/list-screen/list-screen';
import { IntegrationModeBadge, PoolSummaryCards } from '../../../components/pool/pool-summary-cards';
import { PoolTable } from '../../../components/pool/pool-table';
import { openConfirm } from '../../../components/ui/confirm';
import { useUrlParams } from '../../../components/url-params/use-url-params';
import { formatCount, formatDecimal } from '../../../lib/format/decimal';
import {
  useEtherPool,
  useMarkEtherDust,
  useSweepAllEther,
  useSweepEtherAddress,
  useTopUpEtherGas,
} from '../api/use-pools';
import { PoolBadge } from './pool-badge';
import { ageOf, EVM_STATE_COLORS, shortHash } from './pool-format';

const VIEW_LABELS: Record<(typeof ETHER_POOL_VIEWS)[number], string> = {
  'to-sweep': 'To sweep',
  all: 'All addresses',
  ...EVM_STATE_LABELS,
};

const isSweepable = (row: EtherDepositRow) => (EVM_SWEEPABLE_STATES as readonly string[]).includes(row.State);
/** Token amounts as SPEC §9 shows amounts: 8 decimals (USDT has 6 on chain, shown padded). */
const amount = (value: string, token: string) => <MoneyCell value={value} unit={token} />;

/** In the CSV only: on screen the balance carries its token. */
const TOKEN_COLUMN: Column<EtherDepositRow> = { key: 'Token', header: 'Token' };

function columns(): Column<EtherDepositRow>[] {
  return [
    {
      key: 'Address',
      header: 'Address',
      nowrap: true,
      cell: (row) => (
        <Text span fz="sm" ff="monospace" title={row.Address}>
          {shortHash(row.Address)}
        </Text>
      ),
    },
    { key: 'Balance', header: 'Balance', align: 'right', cell: (row) => amount(row.Balance, row.Token) },
    {
      key: 'GasBalance',
      header: 'Gas (ETH)',
      align: 'right',
      // An ETH address pays its gas out of its own balance.
      cell: (row) => (row.Token === 'ETH' ? null : <MoneyCell value={row.GasBalance} />),
    },
    {
      key: 'State',
      header: 'State',
      nowrap: true,
      cell: (row) => {
        const badge = (
          <PoolBadge color={EVM_STATE_COLORS[row.State]}>{EVM_STATE_LABELS[row.State]}</PoolBadge>
        );
        return row.LastError ? (
          <Tooltip label={row.LastError} multiline w={320}>
            {badge}
          </Tooltip>
        ) : (
          badge
        );
      },
    },
    {
      key: 'LinkedTransactions',
      header: 'Transactions',
      nowrap: true,
      cell: (row) =>
        row.LastTransactionID === null ? (
          <Text span fz="sm" c="dimmed">
            None
          </Text>
        ) : (
          <Group gap={6} wrap="nowrap">
            <TransactionRefLink prefix="T" id={row.LastTransactionID} />
            {row.LinkedTransactions > 1 ? (
              <Text span fz="xs" c="dimmed">
                +{row.LinkedTransactions - 1}
              </Text>
            ) : null}
          </Group>
        ),
    },
    {
      key: 'LastTxHash',
      header: 'Last tx',
      nowrap: true,
      cell: (row) =>
        row.LastTxHash ? (
          <Text span fz="sm" ff="monospace" title={row.LastTxHash}>
            {shortHash(row.LastTxHash)}
          </Text>
        ) : null,
    },
    {
      key: 'ValueEUR',
      header: 'Value (EUR)',
      align: 'right',
      cell: (row) => <VolumeCell value={row.ValueEUR} />,
    },
    {
      key: 'UpdatedOn',
      header: 'Updated',
      sort: 'UpdatedOn',
      nowrap: true,
      cell: (row) => (
        <Text span fz="sm" title={`${formatUtcDate(row.UpdatedOn)} UTC`}>
          {ageOf(row.UpdatedOn)} ago
        </Text>
      ),
    },
  ];
}

function Summary({ pool }: { pool: EtherPool }) {
  const s = pool.Summary;
  return (
    <PoolSummaryCards
      cards={[
        {
          title: 'Hot wallet',
          value: `${formatDecimal(s.HotWallet.ETH, 4)} ETH`,
          hint: `${formatDecimal(s.HotWallet.USDT, 2)} USDT · ${shortHash(s.HotWallet.Address)}`,
          isPrivate: true,
        },
        {
          title: 'Gas keeper',
          value: `${formatDecimal(s.GasKeeper.Balance, 4)} ETH`,
          hint: s.GasKeeper.IsLow
            ? `Below its threshold of ${formatDecimal(s.GasKeeper.Threshold, 2)} ETH: top it up`
            : `Threshold ${formatDecimal(s.GasKeeper.Threshold, 2)} ETH`,
          isAlert: s.GasKeeper.IsLow,
          isPrivate: true,
        },
        {
          title: 'Gas price',
          value: `${formatDecimal(s.GasPrice.NowGwei, 1)} gwei`,
          hint: `Maximum ${formatDecimal(s.GasPrice.MaxGwei, 0)} gwei`,
          isAlert: s.GasPrice.IsTooHigh,
        },
        {
          title: 'Sweeps pending',
          value: formatCount(s.SweepsPending),
          hint: 'Addresses with funds to sweep',
        },
        {
          title: 'Value waiting (EUR)',
          value: formatDecimal(s.ValueWaitingEUR, 2),
          hint: 'At the current rate',
          isPrivate: true,
        },
      ]}
    />
  );
}

function RowActions({ row }: { row: EtherDepositRow }) {
  const sweep = useSweepEtherAddress();
  const topUp = useTopUpEtherGas();
  const dust = useMarkEtherDust();
  if (!isSweepable(row)) return null;
  const isBusy = sweep.isPending || topUp.isPending || dust.isPending;
  const needsGas = row.Token !== 'ETH' && decimalToUnits(row.GasBalance, 18) === 0n;
  const confirmSweep = () =>
    openConfirm({
      title: row.State === 'failed' ? 'Retry the sweep' : 'Sweep now',
      message: `Sweep ${formatDecimal(row.Balance, 8)} ${row.Token} from ${row.Address} to the hot wallet?${needsGas ? ' The gas keeper first sends this address the ETH its transfer needs.' : ''}`,
      confirmLabel: 'Sweep',
      isDanger: true,
      onConfirm: () => sweep.mutate({ ID: row.ID }),
    });
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Button
        size="compact-sm"
        variant="light"
        loading={sweep.isPending}
        disabled={isBusy || !row.IsAboveMinimum}
        title={
          row.IsAboveMinimum ? undefined : `Below the minimum ${EVM_TOKENS[row.Token].minimum} ${row.Token}`
        }
        onClick={confirmSweep}
        aria-label={`Sweep ${row.Address} now`}
      >
        {row.State === 'failed' ? 'Retry' : 'Sweep'}
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            size="compact-sm"
            variant="subtle"
            disabled={isBusy}
            aria-label={`More actions for ${row.Address}`}
          >
            <IconDots size={16} />
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {row.Token !== 'ETH' ? (
            <Menu.Item
              onClick={() =>
                openConfirm({
                  title: 'Top up gas',
                  message: `Send ${row.Address} the ETH its ${row.Token} transfer needs, from the gas keeper?`,
                  confirmLabel: 'Send gas',
                  onConfirm: () => topUp.mutate({ ID: row.ID }),
                })
              }
            >
              Top up gas
            </Menu.Item>
          ) : null}
          <Menu.Item
            onClick={() =>
              openConfirm({
                title: 'Mark as dust',
                message: `${formatDecimal(row.Balance, 8)} ${row.Token} on ${row.Address} is not worth its gas: leave it out of sweeps?`,
                confirmLabel: 'Mark as dust',
                onConfirm: () => dust.mutate({ ID: row.ID }),
              })
            }
          >
            Mark as dust
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/**
 * The Ether Pool (SPEC §2.1 `transaction-ether-pool`, ADR 0019): ETH and USDT deposit addresses waiting to
 * be swept to the hot wallet, the hot wallet, the gas keeper and the gas price; staff sweep one address, top
 * up its gas, mark it as dust, or sweep every address at or above its minimum.
 */
export function EtherPoolPage() {
  const url = useUrlParams(ADMIN_CALLS.EtherPool.params);
  const { params } = url;
  const query = useEtherPool(params);
  const sweepAll = useSweepAllEther();
  const pool = query.isError ? undefined : query.data;
  const cols = columns();
  const gas = pool?.Summary.GasPrice;
  return (
    <Stack gap="lg">
      <ScreenHeader
        title="Ether Pool"
        description="ETH and USDT deposit addresses swept to the hot wallet; an ERC-20 address gets gas from the keeper first."
        actions={
          <Group gap="sm">
            {pool ? <IntegrationModeBadge mode={pool.Summary.Mode} /> : null}
            <Button
              loading={sweepAll.isPending}
              onClick={() =>
                openConfirm({
                  title: 'Sweep all ≥ minimum',
                  message: `Sweep every ${params?.token ?? 'ETH and USDT'} address at or above its minimum (${EVM_TOKEN_NAMES.map((t) => `${EVM_TOKENS[t].minimum} ${t}`).join(', ')}) to the hot wallet, 50 at most per click?`,
                  confirmLabel: 'Sweep all',
                  isDanger: true,
                  onConfirm: () => sweepAll.mutate(params?.token ? { token: params.token } : {}),
                })
              }
            >
              Sweep all ≥ minimum
            </Button>
          </Group>
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Show"
          data={ETHER_POOL_VIEWS.map((v) => ({ value: v, label: VIEW_LABELS[v] }))}
          value={params?.view ?? 'to-sweep'}
          allowDeselect={false}
          onChange={(value) => value && url.set({ view: value })}
          w={200}
        />
        <Select
          label="Token"
          placeholder="ETH and USDT"
          clearable
          data={[...EVM_TOKEN_NAMES]}
          value={params?.token ?? null}
          onChange={(value) => url.set({ token: value ?? undefined })}
          w={160}
        />
      </Group>
      {pool ? <Summary pool={pool} /> : null}
      {gas?.IsTooHigh ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle />}
          title="Sweeps wait for cheaper gas"
        >
          {gasPriceTooHighMessage(decimalToUnits(gas.NowGwei, 9), decimalToUnits(gas.MaxGwei, 9))}.
        </Alert>
      ) : null}
      {params ? (
        <PoolTable
          title="Deposit addresses"
          columns={cols}
          query={query}
          url={url}
          rowKey={(row) => row.ID}
          empty={params.view === 'to-sweep' ? 'Every deposit address is swept' : 'No deposit address'}
          actions={<ExportButton call="EtherPool" params={params} columns={[TOKEN_COLUMN, ...cols]} />}
          rowActions={(row) => <RowActions row={row} />}
        />
      ) : null}
      {pool ? (
        <Text size="xs" c="dimmed">
          Minimum to accumulate: {EVM_TOKEN_NAMES.map((t) => `${pool.Summary.Minimums[t]} ${t}`).join(' · ')}.
          Addresses below it wait until more arrives or are marked as dust. Dates in UTC; values at the
          current rate.
        </Text>
      ) : null}
    </Stack>
  );
}
