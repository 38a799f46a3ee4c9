import {
  ADMIN_CALLS,
  ANALYTICS_MAX_DAYS,
  type AnalyticsBreakdownRow,
  type AnalyticsSummary,
  VOLUME_DECIMALS,
} from '@bo/contract';
import { Button, Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { VolumeCell } from '../../../components/data-table/cells';
import { type Column, DataTable } from '../../../components/data-table/data-table';
import { ExportButton } from '../../../components/data-table/export-button';
import { pagedTable } from '../../../components/data-table/paged';
import { DateRangeFilter } from '../../../components/date-range-filter/date-range-filter';
import { ListScreen } from '../../../components/list-screen/list-screen';
import { useUrlParams } from '../../../components/url-params/use-url-params';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { formatCount, formatDecimal } from '../../../lib/format/decimal';
import { privacyStyle } from '../../../lib/format/privacy-style';
import { useAppStore } from '../../../lib/session/session.store';
import { ChangeBadge } from './change-badge';

const GROUP_LABELS = { coin: 'Coin', provider: 'Provider', merchant: 'Merchant' } as const;
const ratio = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)} %`);

/** A figure of the range over its previous period's, with the change between them. */
function Compared({
  now,
  before,
  change,
  unit,
}: {
  now: ReactNode;
  before: ReactNode;
  change: number | null;
  unit?: string;
}) {
  return (
    <Stack gap={0} align="flex-end">
      <Group gap={6} wrap="nowrap">
        {now}
        <ChangeBadge value={change} unit={unit} />
      </Group>
      <Text span fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        before: {before}
      </Text>
    </Stack>
  );
}

function Eur({ value, size = 'sm' }: { value: string; size?: string }) {
  const blur = privacyStyle(useAppStore((st) => st.privacyMode));
  return (
    <Text span fz={size} ff="monospace" style={{ whiteSpace: 'nowrap', ...blur }}>
      {formatDecimal(value, VOLUME_DECIMALS)} EUR
    </Text>
  );
}

const columnsFor = (group: keyof typeof GROUP_LABELS): Column<AnalyticsBreakdownRow>[] => [
  {
    key: 'Name',
    header: GROUP_LABELS[group],
    sort: 'Name',
    cell: (r) => (
      <Text fz="sm" fw={600}>
        {r.Name}
      </Text>
    ),
  },
  {
    key: 'Transactions',
    header: 'Transactions',
    sort: 'Transactions',
    align: 'right',
    cell: (r) => (
      <Compared
        now={formatCount(r.Transactions)}
        before={formatCount(r.PrevTransactions)}
        change={r.TransactionsChange}
      />
    ),
  },
  {
    key: 'PaidRatio',
    header: 'Paid ratio',
    sort: 'PaidRatio',
    align: 'right',
    cell: (r) => (
      <Compared
        now={ratio(r.PaidRatio)}
        before={ratio(r.PrevPaidRatio)}
        change={
          r.PaidRatio === null || r.PrevPaidRatio === null
            ? null
            : Math.round((r.PaidRatio - r.PrevPaidRatio) * 10) / 10
        }
        unit=" pp"
      />
    ),
  },
  {
    key: 'VolumeEur',
    header: 'Volume EUR',
    sort: 'VolumeEur',
    align: 'right',
    cell: (r) => (
      <Compared
        now={<VolumeCell value={r.VolumeEur} />}
        before={<Eur value={r.PrevVolumeEur} size="xs" />}
        change={r.VolumeChange}
      />
    ),
  },
  {
    key: 'RevenueEur',
    header: 'Revenue EUR',
    sort: 'RevenueEur',
    align: 'right',
    cell: (r) => (
      <Compared
        now={<VolumeCell value={r.RevenueEur} />}
        before={<Eur value={r.PrevRevenueEur} size="xs" />}
        change={r.RevenueChange}
      />
    ),
  },
];

/** The CSV has each figure, its previous period's and the change as columns of their own. */
const exportColumnsFor = (group: keyof typeof GROUP_LABELS): Column<AnalyticsBreakdownRow>[] =>
  (
    [
      ['Key', group === 'provider' ? 'Provider' : `${GROUP_LABELS[group]} ID`],
      ['Name', GROUP_LABELS[group]],
      ['Transactions', 'Transactions'],
      ['PrevTransactions', 'Previous transactions'],
      ['TransactionsChange', 'Transactions change %'],
      ['Paid', 'Paid'],
      ['PaidRatio', 'Paid ratio %'],
      ['PrevPaidRatio', 'Previous paid ratio %'],
      ['VolumeEur', 'Volume EUR'],
      ['PrevVolumeEur', 'Previous volume EUR'],
      ['VolumeChange', 'Volume change %'],
      ['RevenueEur', 'Revenue EUR'],
      ['PrevRevenueEur', 'Previous revenue EUR'],
      ['RevenueChange', 'Revenue change %'],
    ] as const
  ).map(([key, header]) => ({ key, header }));

function Kpi({
  label,
  value,
  change,
  unit,
  before,
}: {
  label: string;
  value: ReactNode;
  change: number | null;
  unit?: string;
  before: ReactNode;
}) {
  return (
    <Card withBorder padding="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Group gap="xs" align="baseline" mt={4} wrap="nowrap">
        <Text fz="xl" fw={700} component="div">
          {value}
        </Text>
        <ChangeBadge value={change} unit={unit} />
      </Group>
      <Text size="xs" c="dimmed" mt={2}>
        Previous period: {before}
      </Text>
    </Card>
  );
}

function KpiCards({ data }: { data: AnalyticsSummary | undefined }) {
  if (!data)
    return (
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={96} />
        ))}
      </SimpleGrid>
    );
  const { Current: c, Previous: p, Change: d } = data;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} role="region" aria-label="Key figures">
      <Kpi
        label="Volume EUR"
        value={<Eur value={c.VolumeEur} size="xl" />}
        change={d.VolumeEur}
        before={<Eur value={p.VolumeEur} size="xs" />}
      />
      <Kpi
        label="Revenue EUR"
        value={<Eur value={c.RevenueEur} size="xl" />}
        change={d.RevenueEur}
        before={<Eur value={p.RevenueEur} size="xs" />}
      />
      <Kpi
        label="Transactions"
        value={formatCount(c.Transactions)}
        change={d.Transactions}
        before={formatCount(p.Transactions)}
      />
      <Kpi
        label="Paid ratio"
        value={ratio(c.PaidRatio)}
        change={d.PaidRatio}
        unit=" pp"
        before={ratio(p.PaidRatio)}
      />
    </SimpleGrid>
  );
}

/**
 * Infolytics (SPEC §2.1 `analytics`, admin-commander; ADR 0020): volume, revenue, payments and paid ratio over
 * a range of UTC days against the previous period of equal length, and the same per coin, provider or
 * merchant. Everything is read from the daily roll-ups; range, grouping, sort and page live in the address.
 */
export function InfolyticsPage() {
  const url = useUrlParams(ADMIN_CALLS.AnalyticsBreakdown.params);
  const params = url.params;
  const range = { from: params.from, to: params.to };
  const summary = useAdminQuery('AnalyticsSummary', range, { placeholderData: keepPreviousData });
  const query = useAdminQuery('AnalyticsBreakdown', params, { placeholderData: keepPreviousData });
  const data = summary.data;
  const columns = columnsFor(params.groupBy);
  return (
    <ListScreen
      title="Infolytics"
      description={
        data
          ? `Days ${data.From} to ${data.To} (UTC), compared with ${data.PreviousFrom} to ${data.PreviousTo}. Volume is the paid and underpaid payments' value; revenue includes payouts' fees.`
          : `Volume, revenue and paid ratio over up to ${ANALYTICS_MAX_DAYS} days.`
      }
      actions={
        <ExportButton
          call="AnalyticsBreakdown"
          params={params}
          columns={exportColumnsFor(params.groupBy)}
          label="Export breakdown"
        />
      }
      filters={
        <>
          <DateRangeFilter
            from={params.from ?? data?.From ?? null}
            to={params.to ?? data?.To ?? null}
            onChange={({ from, to }) => url.set({ from, to })}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="analytics-group">
              Group by
            </Text>
            <SegmentedControl
              aria-labelledby="analytics-group"
              data={Object.entries(GROUP_LABELS).map(([value, label]) => ({ value, label }))}
              value={params.groupBy}
              onChange={(groupBy) => url.set({ groupBy })}
            />
          </Stack>
          <Button variant="default" onClick={() => url.reset()} style={{ alignSelf: 'flex-end' }}>
            Reset
          </Button>
        </>
      }
      before={
        summary.error ? (
          <Text c="red" size="sm" role="alert">
            {summary.error.message}
          </Text>
        ) : (
          <KpiCards data={data} />
        )
      }
      listTitle={`By ${GROUP_LABELS[params.groupBy].toLowerCase()}`}
    >
      <DataTable
        label={`Breakdown by ${GROUP_LABELS[params.groupBy].toLowerCase()}`}
        columns={columns}
        rowKey={(r) => r.Key}
        empty="No transaction in this range"
        {...pagedTable(query, url)}
      />
    </ListScreen>
  );
}
