import {
  ADMIN_CALLS,
  adminPath,
  COIN_HEALTH_STATUSES,
  type CoinHealthRow,
  formatUtcDate,
} from '@bo/contract';
import { Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { type Column, Dash, DataTable } from '../../../components/data-table/data-table';
import { pagedTable } from '../../../components/data-table/paged';
import { ListScreen } from '../../../components/list-screen/list-screen';
import { SearchField } from '../../../components/list-screen/search-field';
import { IntegrationModeBadge, PoolSummaryCards } from '../../../components/pool/pool-summary-cards';
import { useUrlParams } from '../../../components/url-params/use-url-params';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { CoinAmount, CoinStatusBadge, formatAge, formatHeight } from './coin-status-badge';

/** The list follows the probe: a new sample per coin every probe interval, so it asks again as often. */
const REFRESH_MS = 10_000;
const STATUS_LABELS = { red: 'Red', amber: 'Amber', green: 'Green' } as const;

const columns: Column<CoinHealthRow>[] = [
  {
    key: 'Name',
    header: 'Coin',
    sort: 'Name',
    cell: (r) => (
      <Stack gap={0}>
        <Text span fz="sm" fw={600}>
          {r.Name}
        </Text>
        <Text span fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {r.ShortName}
          {r.IsOnline ? '' : ' · offline'} · {r.Thresholds.Confirmations} conf.
        </Text>
      </Stack>
    ),
  },
  {
    key: 'Status',
    header: 'Status',
    sort: 'Status',
    cell: (r) => (
      <Group gap="xs" wrap="nowrap" align="flex-start" miw={220}>
        <CoinStatusBadge status={r.Status} />
        <Stack gap={0}>
          {r.Reasons.map((reason) => (
            <Text key={reason} span fz="xs">
              {reason}
            </Text>
          ))}
        </Stack>
      </Group>
    ),
  },
  {
    key: 'Lag',
    header: 'Height: node / reference',
    sort: 'Lag',
    align: 'right',
    cell: (r) =>
      r.NodeHeight === null ? (
        <Dash />
      ) : (
        <Stack gap={0} align="flex-end">
          <Text span fz="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
            {formatHeight(r.NodeHeight)} / {formatHeight(r.ReferenceHeight)}
          </Text>
          <Text span fz="xs" c={(r.Lag ?? 0) > r.Thresholds.MaxLagBlocks ? 'red' : 'dimmed'}>
            {r.Lag === 0 ? 'in step' : `${formatHeight(r.Lag)} behind`} · limit {r.Thresholds.MaxLagBlocks}
          </Text>
        </Stack>
      ),
  },
  {
    key: 'BlockAge',
    header: 'Last block',
    sort: 'BlockAge',
    align: 'right',
    nowrap: true,
    cell: (r) => (
      <Stack gap={0} align="flex-end">
        <Text span fz="sm">
          {formatAge(r.BlockAgeSeconds)} ago
        </Text>
        <Text span fz="xs" c="dimmed">
          limit {r.Thresholds.MaxBlockAgeMinutes} min
        </Text>
      </Stack>
    ),
  },
  {
    key: 'HotWallet',
    header: 'Hot wallet',
    nowrap: true,
    sort: 'HotWallet',
    align: 'right',
    cell: (r) => (
      <Stack gap={0} align="flex-end">
        <CoinAmount value={r.HotWallet} unit={r.ShortName} />
        <Text span fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} title="Minimum – maximum">
          <CoinAmount value={r.Thresholds.HotWalletMin} dimmed /> –{' '}
          <CoinAmount value={r.Thresholds.HotWalletMax} dimmed />
        </Text>
      </Stack>
    ),
  },
  {
    key: 'Pending',
    header: 'Pending',
    sort: 'Pending',
    align: 'right',
    nowrap: true,
    cell: (r) =>
      r.PendingDeposits === null ? <Dash /> : `${r.PendingDeposits} in / ${r.PendingWithdrawals ?? 0} out`,
  },
];

/**
 * Coin Health (SPEC §2.1 `coin-health`, admin-commander; ADR 0017): every coin's node and hot wallet as the
 * probe last read them, red / amber / green with the reason, worst first. A row opens the coin's history.
 */
export function CoinHealthPage() {
  const url = useUrlParams(ADMIN_CALLS.CoinHealth.params);
  const params = url.params;
  const query = useAdminQuery('CoinHealth', params, {
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
  const summary = query.data?.Summary;
  return (
    <ListScreen
      title="Coin Health"
      description="Each coin's node against the network's reference height, its last block, its confirmations policy and its hot wallet against the thresholds set per coin. Fiat and vFiat instruments have no node and are not listed."
      actions={summary ? <IntegrationModeBadge mode={summary.Mode} /> : null}
      before={
        summary ? (
          <PoolSummaryCards
            cards={[
              {
                title: 'Red',
                value: String(summary.Counts.red),
                isAlert: summary.Counts.red > 0,
                hint: 'needs someone now',
              },
              { title: 'Amber', value: String(summary.Counts.amber), hint: 'worth a look' },
              { title: 'Green', value: String(summary.Counts.green), hint: 'in step, within limits' },
              {
                title: 'Last probe',
                value: summary.LastProbeOn ? formatUtcDate(summary.LastProbeOn).slice(11) : '—',
                hint: `UTC · every ${summary.ProbeIntervalSeconds} s`,
              },
            ]}
          />
        ) : null
      }
      filters={
        <>
          <SearchField
            placeholder="Coin name or symbol"
            width={220}
            debounceMs={300}
            value={params.q}
            onChange={(q) => url.set({ q })}
          />
          <Select
            label="Status"
            placeholder="Any"
            clearable
            data={COIN_HEALTH_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
            value={params.status ?? null}
            onChange={(status) => url.set({ status })}
            w={130}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="coin-health-online">
              Coins
            </Text>
            <SegmentedControl
              aria-labelledby="coin-health-online"
              data={[
                { value: 'all', label: 'All' },
                { value: 'online', label: 'Online' },
                { value: 'offline', label: 'Offline' },
              ]}
              value={params.online}
              onChange={(online) => url.set({ online })}
            />
          </Stack>
          <Button variant="default" onClick={() => url.reset()} style={{ alignSelf: 'flex-end' }}>
            Reset
          </Button>
        </>
      }
    >
      <DataTable
        label="Coin health"
        columns={columns}
        rowKey={(row) => row.AltCoinID}
        empty="No coin matches"
        rowHref={(row) => adminPath('coin-health-detail', { id: row.AltCoinID })}
        minWidth={1000}
        {...pagedTable(query, url)}
      />
    </ListScreen>
  );
}
