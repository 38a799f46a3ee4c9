import '@mantine/charts/styles.css';
import {
  ADMIN_CALLS,
  adminPath,
  COIN_HEALTH_WINDOW_NAMES,
  type CoinHealthDetail,
  type CoinHealthSample,
  type CoinHealthWindow,
  formatUtcDate,
} from '@bo/contract';
import { AreaChart, LineChart } from '@mantine/charts';
import {
  Alert,
  Anchor,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { MoneyCell, TransactionRefLink } from '../../../components/data-table/cells';
import { type Column, DataTable } from '../../../components/data-table/data-table';
import { queryState } from '../../../components/data-table/paged';
import { ListCard, ScreenHeader } from '../../../components/list-screen/list-screen';
import { IntegrationModeBadge } from '../../../components/pool/pool-summary-cards';
import { type DefinitionItem, DefinitionList } from '../../../components/ui/definition-list/definition-list';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { formatAskedAmount } from '../../../lib/format/decimal';
import { privacyStyle } from '../../../lib/format/privacy-style';
import { useAppStore } from '../../../lib/session/session.store';
import { CoinAmount, CoinStatusBadge, formatAge, formatHeight } from './coin-status-badge';
import { ThresholdsForm } from './thresholds-form';

const REFRESH_MS = 10_000;
const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
const WINDOW_LABELS: Record<CoinHealthWindow, string> = { '24h': '24 h', '7d': '7 d', '30d': '30 d' };

const sampleColumns: Column<CoinHealthSample>[] = [
  {
    key: 'SampledOn',
    header: 'Probed (UTC)',
    nowrap: true,
    cell: (r) => formatUtcDate(r.SampledOn),
  },
  { key: 'Status', header: 'Status', nowrap: true, cell: (r) => <CoinStatusBadge status={r.Status} /> },
  {
    key: 'Height',
    header: 'Node / reference',
    align: 'right',
    nowrap: true,
    cell: (r) => (
      <Text span fz="sm" ff="monospace">
        {formatHeight(r.NodeHeight)} / {formatHeight(r.ReferenceHeight)}
      </Text>
    ),
  },
  { key: 'Lag', header: 'Behind', align: 'right', cell: (r) => formatHeight(r.Lag) },
  {
    key: 'HotWallet',
    header: 'Hot wallet',
    align: 'right',
    cell: (r) => <CoinAmount value={r.HotWallet} />,
  },
  {
    key: 'Pending',
    header: 'Pending in / out',
    align: 'right',
    nowrap: true,
    cell: (r) => `${r.PendingDeposits} / ${r.PendingWithdrawals}`,
  },
  { key: 'Reason', header: 'Reason', cell: (r) => <Text fz="xs">{r.Reason}</Text> },
];

/** Chart time labels: the hour within a day, the day over longer windows. */
const tick = (at: string, window: CoinHealthWindow) =>
  window === '24h'
    ? at.slice(11, 16)
    : `${at.slice(5, 10)} ${window === '7d' ? at.slice(11, 13) : ''}`.trim();

function Charts({ detail }: { detail: CoinHealthDetail }) {
  const blur = privacyStyle(useAppStore((s) => s.privacyMode));
  const t = detail.Coin.Thresholds;
  const points = detail.History.map((p) => ({
    time: tick(p.At, detail.Window),
    'Blocks behind': p.MaxLag,
    'Hot wallet': Number(p.HotWallet),
    Pending: p.Pending,
  }));
  if (points.length === 0)
    return (
      <Text c="dimmed" size="sm">
        No sample in this window yet.
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Card component="section" aria-label="Blocks behind the reference" padding="md">
        <Text size="sm" fw={600} mb="xs">
          Blocks behind the reference (worst per point; red line: the limit)
        </Text>
        <LineChart
          h={220}
          data={points}
          dataKey="time"
          series={[{ name: 'Blocks behind', color: 'orange.6' }]}
          withDots={false}
          curveType="stepAfter"
          referenceLines={[{ y: t.MaxLagBlocks, label: `Limit ${t.MaxLagBlocks}`, color: 'red.6' }]}
          yAxisProps={{ allowDecimals: false }}
        />
      </Card>
      <Card component="section" aria-label="Hot wallet" padding="md" style={blur}>
        <Text size="sm" fw={600} mb="xs">
          Hot wallet ({detail.Coin.ShortName}; lowest per point, lines at the minimum and maximum)
        </Text>
        <AreaChart
          h={220}
          data={points}
          dataKey="time"
          series={[{ name: 'Hot wallet', color: 'teal.6' }]}
          withDots={false}
          yAxisProps={{
            domain: [
              0,
              Math.ceil(Math.max(Number(t.HotWalletMax), ...points.map((p) => p['Hot wallet'])) * 1.05),
            ],
          }}
          referenceLines={[
            { y: Number(t.HotWalletMin), label: 'Min', color: 'red.6' },
            { y: Number(t.HotWalletMax), label: 'Max', color: 'yellow.7' },
          ]}
        />
      </Card>
    </SimpleGrid>
  );
}

/** The xChange transaction of `?q=xChange&id=` against this coin's node. */
function XChangeContext({ detail }: { detail: CoinHealthDetail }) {
  if (detail.XChangeMissing)
    return (
      <Alert color="yellow" title="xChange transaction">
        {detail.XChangeMissing}
      </Alert>
    );
  const x = detail.XChange;
  if (!x) return null;
  const final = x.Confirmations >= x.Required;
  const items: DefinitionItem[] = [
    ['XChange ID', `xc${x.XChangeID}`],
    ['Transaction', <TransactionRefLink key="t" prefix={x.Prefix} id={x.TransactionID} />],
    ['Status', x.Status],
    ['Amount', <MoneyCell key="a" value={x.Amount} unit={x.Coin} />],
    ['Created (UTC)', formatUtcDate(x.CreatedOn)],
    ['Confirmed (UTC)', x.ConfirmedOn ? formatUtcDate(x.ConfirmedOn) : 'not yet'],
    ['Block', x.Block === null ? 'not in a block yet' : formatHeight(x.Block)],
    ['Confirmations', `${formatHeight(x.Confirmations)} of ${x.Required} required`],
    [
      'Node back then',
      x.NodeThen
        ? `${formatHeight(x.NodeThen.NodeHeight)} / ${formatHeight(x.NodeThen.ReferenceHeight)} (${x.NodeThen.Lag} behind, ${x.NodeThen.Status}) at ${formatUtcDate(x.NodeThen.SampledOn)} UTC`
        : 'no sample from then',
    ],
  ];
  return (
    <Alert color={final ? 'green' : 'yellow'} title={`xChange transaction xc${x.XChangeID} in context`}>
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {x.Verdict}
        </Text>
        <DefinitionList label="xChange transaction" items={items} />
      </Stack>
    </Alert>
  );
}

/**
 * One coin's health (SPEC §2.1 `coin-health/{id}`, admin-commander; ADR 0017): now, its history over a window,
 * its newest samples and its thresholds; with `?q=xChange&id=` an xChange transaction seen against the node.
 */
export function CoinHealthDetailPage() {
  const { id } = useParams();
  const [search, setSearch] = useSearchParams();
  const window = (COIN_HEALTH_WINDOW_NAMES as readonly string[]).includes(search.get('window') ?? '')
    ? (search.get('window') as CoinHealthWindow)
    : '24h';
  const xchange = search.get('q')?.toLowerCase() === 'xchange' ? search.get('id') : null;
  const params = ADMIN_CALLS.CoinHealthDetail.params.safeParse({
    ID: id,
    window,
    ...(xchange ? { xchange } : {}),
  });
  const query = useAdminQuery('CoinHealthDetail', params.success ? params.data : { ID: 0 }, {
    enabled: params.success,
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
  if (!params.success)
    return (
      <Alert color="red" title="Coin Health">
        {params.error.issues[0]?.message ?? 'This address does not name a coin'}
      </Alert>
    );
  const detail = query.data;
  const coin = detail?.Coin;
  const items: DefinitionItem[] = coin
    ? [
        ['Node height', formatHeight(coin.NodeHeight)],
        ['Reference height', formatHeight(coin.ReferenceHeight)],
        [
          'Behind',
          coin.Lag === null
            ? '—'
            : `${formatHeight(coin.Lag)} blocks (limit ${coin.Thresholds.MaxLagBlocks})`,
        ],
        [
          'Last block',
          coin.LastBlockOn
            ? `${formatAge(coin.BlockAgeSeconds)} ago (${formatUtcDate(coin.LastBlockOn)} UTC)`
            : '—',
        ],
        ['Confirmations policy', `${coin.Thresholds.Confirmations}`],
        [
          'Hot wallet',
          <Group key="h" gap={4} wrap="nowrap">
            <MoneyCell value={coin.HotWallet} unit={coin.ShortName} />
            <Text span fz="xs" c="dimmed">
              (min {formatAskedAmount(coin.Thresholds.HotWalletMin, 0)}, max{' '}
              {formatAskedAmount(coin.Thresholds.HotWalletMax, 0)})
            </Text>
          </Group>,
        ],
        [
          'Pending',
          `${plural(coin.PendingDeposits ?? 0, 'deposit')}, ${plural(coin.PendingWithdrawals ?? 0, 'withdrawal')} unconfirmed`,
        ],
        ['Probed', coin.SampledOn ? `${formatUtcDate(coin.SampledOn)} UTC` : 'not yet'],
      ]
    : [];
  return (
    <Stack gap="lg">
      <ScreenHeader
        title={coin ? `Coin Health: ${coin.Name} (${coin.ShortName})` : 'Coin Health'}
        description={
          <Anchor component={Link} to={adminPath('coin-health')} size="sm">
            ← All coins
          </Anchor>
        }
        actions={detail ? <IntegrationModeBadge mode={detail.Mode} /> : null}
      />
      {query.error ? (
        <Alert color="red" title="Coin Health">
          {query.error.message}
        </Alert>
      ) : null}
      {!coin ? (
        query.error ? null : (
          <Skeleton h={200} />
        )
      ) : (
        <>
          {detail ? <XChangeContext detail={detail} /> : null}
          <Card component="section" aria-label="Now" padding="md">
            <Group align="flex-start" gap="lg" wrap="nowrap">
              <Stack gap="xs" style={{ flex: '0 0 340px' }}>
                <CoinStatusBadge status={coin.Status} size="lg" />
                {coin.Reasons.map((reason) => (
                  <Text key={reason} fw={600} c={coin.Status === 'red' ? 'red' : undefined}>
                    {reason}
                  </Text>
                ))}
              </Stack>
              <div style={{ flex: 1 }}>
                <DefinitionList label="Node and hot wallet" items={items} />
              </div>
            </Group>
          </Card>
          <Group justify="space-between">
            <Title order={2} size="h5">
              History
            </Title>
            <SegmentedControl
              aria-label="History window"
              data={COIN_HEALTH_WINDOW_NAMES.map((w) => ({ value: w, label: WINDOW_LABELS[w] }))}
              value={window}
              onChange={(next) =>
                setSearch((prev) => {
                  const copy = new URLSearchParams(prev);
                  copy.set('window', next);
                  return copy;
                })
              }
            />
          </Group>
          {detail ? <Charts detail={detail} /> : null}
          <ListCard title="Thresholds">
            <ThresholdsForm key={`${coin.AltCoinID}-${coin.Thresholds.UpdatedOn ?? ''}`} coin={coin} />
          </ListCard>
          <ListCard title="Newest samples">
            <DataTable
              label="Samples"
              columns={sampleColumns}
              rowKey={(r) => r.ID}
              empty="No sample yet"
              minWidth={980}
              {...queryState(query, detail?.Samples)}
            />
          </ListCard>
        </>
      )}
    </Stack>
  );
}
