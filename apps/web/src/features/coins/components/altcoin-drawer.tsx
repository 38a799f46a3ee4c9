import '@mantine/charts/styles.css';
import { type AltCoinStatsRow, adminPath } from '@bo/contract';
import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import { Alert, Anchor, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { privacyStyle } from '../../../lib/format/privacy-style';
import { useAppStore } from '../../../lib/session/session.store';

const DAYS = 30;

/** One coin's last 30 days: incoming by outcome, volume, confirmation times; links to the related screens. */
export function AltCoinDrawer({ row, onClose }: { row: AltCoinStatsRow | null; onClose: () => void }) {
  const blur = privacyStyle(useAppStore((s) => s.privacyMode));
  const query = useAdminQuery(
    'AltCoinDaily',
    { ID: row?.AltCoinID ?? 0, days: DAYS },
    { enabled: row !== null },
  );
  const days = (query.data?.Days ?? []).map((d) => ({
    day: d.Day.slice(5),
    Paid: d.Paid,
    Underpaid: d.Underpaid,
    Expired: d.Expired,
    'Volume EUR': Number(d.VolumeEur),
    'Average (min)': d.AvgConfirmSeconds === null ? null : Math.round(d.AvgConfirmSeconds / 6) / 10,
    'p95 (min)': d.P95ConfirmSeconds === null ? null : Math.round(d.P95ConfirmSeconds / 6) / 10,
  }));
  return (
    <Drawer
      opened={row !== null}
      onClose={onClose}
      position="right"
      size={640}
      title={row ? `${row.Name} (${row.ShortName}): last ${DAYS} days` : ''}
    >
      {row ? (
        <Stack gap="md">
          <Group gap="md">
            {row.VFiat === 0 ? (
              <Anchor component={Link} to={adminPath('coin-health-detail', { id: row.AltCoinID })}>
                Coin Health
              </Anchor>
            ) : null}
            <Anchor component={Link} to={`${adminPath('balance-sheet')}?coin=${row.AltCoinID}`}>
              Balance Sheet
            </Anchor>
            <Anchor component={Link} to={`${adminPath('xchange-offline-pool')}?coin=${row.AltCoinID}`}>
              Offline Pool
            </Anchor>
            <Anchor component={Link} to={adminPath('dashboard')}>
              Failure causes (dashboard)
            </Anchor>
          </Group>
          {row.Anomaly ? <Alert color="orange">{row.Anomaly}</Alert> : null}
          {query.isPending ? (
            <Skeleton h={400} />
          ) : query.error ? (
            <Alert color="red">{query.error.message}</Alert>
          ) : (
            <>
              <section aria-label="Incoming per day">
                <Text size="sm" fw={600} mb={4}>
                  Incoming payments per day, by outcome
                </Text>
                <BarChart
                  h={180}
                  data={days}
                  dataKey="day"
                  type="stacked"
                  series={[
                    { name: 'Paid', color: 'green.6' },
                    { name: 'Underpaid', color: 'yellow.6' },
                    { name: 'Expired', color: 'red.5' },
                  ]}
                  withLegend
                />
              </section>
              <section aria-label="Volume per day" style={blur}>
                <Text size="sm" fw={600} mb={4}>
                  Volume per day (EUR)
                </Text>
                <AreaChart
                  h={160}
                  data={days}
                  dataKey="day"
                  series={[{ name: 'Volume EUR', color: 'blue.6' }]}
                  withDots={false}
                />
              </section>
              <section aria-label="Confirmation time per day">
                <Text size="sm" fw={600} mb={4}>
                  Time to confirm (minutes): average and 95th percentile
                </Text>
                <LineChart
                  h={160}
                  data={days}
                  dataKey="day"
                  series={[
                    { name: 'Average (min)', color: 'indigo.6' },
                    { name: 'p95 (min)', color: 'grape.5' },
                  ]}
                  connectNulls
                  withDots={false}
                  withLegend
                />
              </section>
            </>
          )}
        </Stack>
      ) : null}
    </Drawer>
  );
}
