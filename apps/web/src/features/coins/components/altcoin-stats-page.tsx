import '@mantine/charts/styles.css';
import { ADMIN_CALLS, type AltCoinStatsRow, adminPath, VOLUME_DECIMALS } from '@bo/contract';
import { Sparkline } from '@mantine/charts';
import { Alert, Anchor, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { MoneyCell } from '../../../components/data-table/cells';
import { type Column, Dash, DataTable } from '../../../components/data-table/data-table';
import { pagedTable } from '../../../components/data-table/paged';
import { ListScreen } from '../../../components/list-screen/list-screen';
import { useUrlParams } from '../../../components/url-params/use-url-params';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { formatCount, formatDecimal } from '../../../lib/format/decimal';
import { privacyStyle } from '../../../lib/format/privacy-style';
import { useAppStore } from '../../../lib/session/session.store';
import { AltCoinDrawer } from './altcoin-drawer';
import { CoinAmount, CoinStatusBadge, formatAge } from './coin-status-badge';

/** A EUR figure (2 dp) under the amount it values: small, dimmed, blurred in Privacy Mode. */
function EurUnder({ value }: { value: string }) {
  const blur = privacyStyle(useAppStore((st) => st.privacyMode));
  return (
    <Text span fz="xs" c="dimmed" ff="monospace" style={{ whiteSpace: 'nowrap', ...blur }}>
      {formatDecimal(value, VOLUME_DECIMALS)} EUR
    </Text>
  );
}

const percent = (value: number | null) => (value === null ? <Dash /> : `${value.toFixed(1)} %`);

const columns: Column<AltCoinStatsRow>[] = [
  {
    key: 'Name',
    header: 'Coin',
    sort: 'Coin',
    // The incoming-per-day sparkline sits beside the name, not in a column of its own: the table fits 1440 px.
    cell: (r) => (
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <Stack gap={0}>
          <Text span fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {r.Name}
          </Text>
          <Text span fz="xs" c="dimmed">
            {r.ShortName}
            {r.IsOnline ? '' : ' · offline'}
          </Text>
        </Stack>
        <Sparkline
          w={64}
          h={26}
          data={r.Spark}
          curveType="linear"
          color={r.Anomaly ? 'red' : 'blue'}
          fillOpacity={0.3}
          strokeWidth={1.5}
          aria-label={`${r.Name}: ${r.Spark.join(', ')} incoming per day`}
        />
      </Group>
    ),
  },
  {
    key: 'Incoming',
    header: 'Incoming',
    sort: 'Incoming',
    align: 'right',
    cell: (r) => formatCount(r.Incoming),
  },
  {
    key: 'PaidPct',
    header: 'Paid',
    sort: 'PaidPct',
    align: 'right',
    nowrap: true,
    cell: (r) => percent(r.PaidPct),
  },
  {
    key: 'ExpiredPct',
    header: 'Expired',
    sort: 'ExpiredPct',
    align: 'right',
    nowrap: true,
    cell: (r) => (
      <Text span fz="sm" c={r.Anomaly?.includes('expired') ? 'red' : undefined}>
        {percent(r.ExpiredPct)}
      </Text>
    ),
  },
  {
    key: 'UnderpaidPct',
    header: 'Underpaid',
    sort: 'UnderpaidPct',
    align: 'right',
    nowrap: true,
    cell: (r) => percent(r.UnderpaidPct),
  },
  // The coin's own volume (8 dp) with its EUR value under it (2 dp): one column, so the table fits 1440 px.
  // Sorted by EUR, the only volume comparable across coins.
  {
    key: 'VolumeEur',
    header: 'Volume / EUR',
    sort: 'VolumeEur',
    align: 'right',
    cell: (r) => (
      <Stack gap={0} align="flex-end">
        <MoneyCell value={r.Volume} />
        <EurUnder value={r.VolumeEur} />
      </Stack>
    ),
  },
  {
    key: 'AvgConfirm',
    header: 'Avg confirm',
    sort: 'AvgConfirm',
    align: 'right',
    nowrap: true,
    cell: (r) => (r.AvgConfirmSeconds === null ? <Dash /> : formatAge(r.AvgConfirmSeconds)),
  },
  {
    key: 'Payouts',
    header: 'Payouts',
    sort: 'Payouts',
    align: 'right',
    cell: (r) => (
      <Stack gap={0} align="flex-end">
        <Text span fz="sm">
          {formatCount(r.Payouts.Count)}
        </Text>
        {r.Payouts.Count > 0 ? <CoinAmount value={r.Payouts.Volume} dimmed /> : null}
      </Stack>
    ),
  },
  {
    key: 'Failures',
    header: 'Failures',
    sort: 'Failures',
    align: 'right',
    cell: (r) => formatCount(r.Failures),
  },
  {
    key: 'HotWallet',
    header: 'Hot wallet',
    sort: 'HotWallet',
    align: 'right',
    cell: (r) =>
      r.HotWallet ? (
        <Stack gap={2} align="flex-end">
          <CoinStatusBadge status={r.HotWallet.Status} />
          <CoinAmount value={r.HotWallet.Balance} dimmed />
        </Stack>
      ) : (
        <Dash />
      ),
  },
];

/**
 * AltCoin Stats (SPEC §2.1 `altcoin-stats`, admin-commander; ADR 0017): each coin's business and health
 * figures over a period, from the daily table (today counted so far), with today's anomalies.
 */
export function AltCoinStatsPage() {
  const url = useUrlParams(ADMIN_CALLS.AltCoinStats.params);
  const params = url.params;
  const query = useAdminQuery('AltCoinStats', params, { placeholderData: keepPreviousData });
  const [open, setOpen] = useState<AltCoinStatsRow | null>(null);
  const data = query.data;
  const table = pagedTable(query, url);
  // Coins are listed whether or not they had traffic; a period with none at all says so instead.
  const anyTraffic = (data?.records ?? []).some((r) => r.Incoming > 0 || r.Payouts.Count > 0);
  return (
    <ListScreen
      title="AltCoin Stats"
      description={
        data
          ? `Days ${data.FromDay} to ${data.ToDay} (UTC), today counted so far${data.LiveAsOf ? ` (as of ${data.LiveAsOf.slice(11, 16)} UTC)` : ''}. Price change is not shown: no rate history is kept yet.`
          : 'Per-coin business and health figures.'
      }
      filters={
        <>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="altcoin-period">
              Period
            </Text>
            <SegmentedControl
              aria-labelledby="altcoin-period"
              data={[
                { value: '24h', label: '24 h' },
                { value: '7d', label: '7 d' },
                { value: '30d', label: '30 d' },
              ]}
              value={params.period}
              onChange={(period) => url.set({ period })}
            />
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="altcoin-online">
              Coins
            </Text>
            <SegmentedControl
              aria-labelledby="altcoin-online"
              data={[
                { value: 'all', label: 'All' },
                { value: 'online', label: 'Online' },
                { value: 'offline', label: 'Offline' },
              ]}
              value={params.online}
              onChange={(online) => url.set({ online })}
            />
          </Stack>
        </>
      }
      before={
        data && data.Anomalies.length > 0 ? (
          <Stack gap="xs" role="region" aria-label="Anomalies">
            {data.Anomalies.map((a) => (
              <Alert key={`${a.AltCoinID}-${a.Kind}`} color="orange" title={a.Message}>
                <Group gap="md">
                  <Anchor
                    component={Link}
                    to={adminPath('coin-health-detail', { id: a.AltCoinID })}
                    size="sm"
                  >
                    Coin Health of {a.Name}
                  </Anchor>
                  <Anchor component={Link} to={adminPath('dashboard')} size="sm">
                    Failure causes (dashboard)
                  </Anchor>
                </Group>
              </Alert>
            ))}
          </Stack>
        ) : null
      }
    >
      <DataTable
        label="AltCoin stats"
        columns={columns}
        rowKey={(row) => row.AltCoinID}
        empty="No transaction in this period"
        onRowClick={(row) => setOpen(row)}
        currentRow={(row) => row.AltCoinID === open?.AltCoinID}
        minWidth={1280}
        {...table}
        rows={data && !anyTraffic ? [] : table.rows}
      />
      <AltCoinDrawer row={open} onClose={() => setOpen(null)} />
    </ListScreen>
  );
}
