import '@mantine/charts/styles.css';
import { ADMIN_CALLS, type AnalyticsSeries, VOLUME_DECIMALS } from '@bo/contract';
import { AreaChart, BarChart, DonutChart } from '@mantine/charts';
import {
  Alert,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DateRangeFilter } from '../../../components/date-range-filter/date-range-filter';
import { ScreenHeader } from '../../../components/list-screen/list-screen';
import { useUrlParams } from '../../../components/url-params/use-url-params';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { formatDecimal } from '../../../lib/format/decimal';
import { privacyStyle } from '../../../lib/format/privacy-style';
import { useAppStore } from '../../../lib/session/session.store';

const GRANULARITY_LABELS = { day: 'Day', week: 'Week', month: 'Month' } as const;
const COIN_COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'yellow.6', 'gray.5'];

function ChartCard({ title, children, blurred }: { title: string; children: ReactNode; blurred?: boolean }) {
  const blur = privacyStyle(useAppStore((st) => st.privacyMode) && blurred === true);
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Text size="sm" fw={600} mb="xs">
        {title}
      </Text>
      <div style={blur}>{children}</div>
    </Card>
  );
}

/** Charts' data as numbers: recharts draws numbers; the EUR texts stay exact in the tooltips' source. */
const chartRows = (data: AnalyticsSeries) =>
  data.Points.map((p) => ({
    period: p.Period,
    'Volume EUR': Number(p.VolumeEur),
    'Revenue EUR': Number(p.RevenueEur),
    Paid: p.Paid,
    Unpaid: p.Unpaid,
  }));

function SeriesCharts({ data }: { data: AnalyticsSeries }) {
  const rows = chartRows(data);
  const per = data.Granularity;
  const eur = (value: number) => formatDecimal(String(value), VOLUME_DECIMALS);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ChartCard title={`Volume per ${per} (EUR)`} blurred>
          <AreaChart
            h={220}
            data={rows}
            dataKey="period"
            series={[{ name: 'Volume EUR', color: 'blue.6' }]}
            valueFormatter={eur}
            withDots={false}
            curveType="linear"
          />
        </ChartCard>
        <ChartCard title={`Revenue per ${per} (EUR)`} blurred>
          <AreaChart
            h={220}
            data={rows}
            dataKey="period"
            series={[{ name: 'Revenue EUR', color: 'teal.6' }]}
            valueFormatter={eur}
            withDots={false}
            curveType="linear"
          />
        </ChartCard>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ChartCard title={`Payments per ${per}: paid and unpaid`}>
          <BarChart
            h={220}
            data={rows}
            dataKey="period"
            type="stacked"
            series={[
              { name: 'Paid', color: 'green.6' },
              { name: 'Unpaid', color: 'red.4' },
            ]}
            withLegend
          />
        </ChartCard>
        <ChartCard title="Top coins by paid volume" blurred>
          <Group align="center" wrap="nowrap" gap="lg">
            <DonutChart
              size={170}
              thickness={28}
              data={data.TopCoins.map((c, i) => ({
                name: c.Name,
                value: c.Share,
                color: COIN_COLORS[i] ?? 'gray.5',
              }))}
              tooltipDataSource="segment"
              valueFormatter={(v) => `${v.toFixed(1)} %`}
            />
            <Table fz="sm" withRowBorders={false} aria-label="Top coins">
              <Table.Tbody>
                {data.TopCoins.map((c, i) => (
                  <Table.Tr key={c.Name}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <span
                          aria-hidden
                          style={{
                            width: 10,
                            height: 10,
                            borderRadius: 2,
                            background: `var(--mantine-color-${(COIN_COLORS[i] ?? 'gray.5').replace('.', '-')})`,
                          }}
                        />
                        {c.Name}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {formatDecimal(c.VolumeEur, VOLUME_DECIMALS)} EUR
                    </Table.Td>
                    <Table.Td ta="right">{c.Share.toFixed(1)} %</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Group>
        </ChartCard>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * Charts (SPEC §2.1 `charts`, admin-commander; ADR 0020): volume, revenue and payments over time, and the top
 * coins' share, from the same daily roll-ups as Infolytics. Range and granularity live in the address.
 */
export function ChartsPage() {
  const url = useUrlParams(ADMIN_CALLS.AnalyticsSeries.params);
  const params = url.params;
  const query = useAdminQuery('AnalyticsSeries', params, { placeholderData: keepPreviousData });
  const data = query.data;
  const isEmpty = data?.Points.every((p) => p.Transactions === 0 && Number(p.RevenueEur) === 0) === true;
  return (
    <Stack gap="md">
      <ScreenHeader
        title="Charts"
        description={
          data
            ? `Days ${data.From} to ${data.To} (UTC), per ${data.Granularity}.`
            : 'Volume, revenue and payments over time.'
        }
      />
      <Group align="flex-end" gap="md" wrap="wrap">
        <DateRangeFilter
          from={params.from ?? data?.From ?? null}
          to={params.to ?? data?.To ?? null}
          onChange={({ from, to }) => url.set({ from, to })}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="charts-granularity">
            Per
          </Text>
          <SegmentedControl
            aria-labelledby="charts-granularity"
            data={Object.entries(GRANULARITY_LABELS).map(([value, label]) => ({ value, label }))}
            value={params.granularity}
            onChange={(granularity) => url.set({ granularity })}
          />
        </Stack>
        <Button variant="default" onClick={() => url.reset()}>
          Reset
        </Button>
      </Group>
      {query.error ? (
        <Alert color="red" role="alert">
          {query.error.message}
        </Alert>
      ) : !data ? (
        <Skeleton h={480} />
      ) : isEmpty ? (
        <Card withBorder padding="xl">
          <Text c="dimmed" ta="center">
            No transactions in this range
          </Text>
        </Card>
      ) : (
        <SeriesCharts data={data} />
      )}
    </Stack>
  );
}
