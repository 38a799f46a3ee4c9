import {
  ADMIN_CALLS,
  AMOUNT_DECIMALS,
  adminPath,
  type FailureCause,
  formatUtcDate,
  isNewFailure,
  type OfflinePool,
  type OfflinePoolRow,
  VOLUME_DECIMALS,
} from '@bo/contract';
import { Alert, Anchor, Badge, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type CSSProperties, useEffect } from 'react';
import { Link } from 'react-router';
import {
  MoneyCell,
  StatusBadge,
  TransactionRefLink,
  UtcDateCell,
  VolumeCell,
} from '../../../components/data-table/cells';
import { type Column, Dash, DataTable } from '../../../components/data-table/data-table';
import { ExportButton } from '../../../components/data-table/export-button';
import { queryState, urlPaging } from '../../../components/data-table/paged';
import { ListCard } from '../../../components/list-screen/list-screen';
import { PoolSummaryCards } from '../../../components/pool/pool-summary-cards';
import { type DefinitionItem, DefinitionList } from '../../../components/ui/definition-list/definition-list';
import { PageHeader } from '../../../components/ui/page-header';
import { useUrlParams } from '../../../components/url-params/use-url-params';
import { isApiError } from '../../../lib/api/api-error';
import { handleApiError } from '../../../lib/api/error-handler';
import { formatAskedAmount, formatCount, formatDecimal } from '../../../lib/format/decimal';
import { privacyStyle } from '../../../lib/format/privacy-style';
import { useAppStore } from '../../../lib/session/session.store';
import { useOfflinePool, usePoolCoins } from '../api/use-offline-pool';

const dash = <Dash />;

function FailureCard({ failure }: { failure: FailureCause }) {
  const isNew = isNewFailure(failure.CreatedOn, new Date());
  const items: DefinitionItem[] = [
    [
      'AltCoin',
      `${failure.Name}${failure.LongName === failure.Name ? '' : ` (${failure.LongName})`} · ID ${failure.AltCoinID}`,
    ],
    ['Failure', failure.Failure],
    [
      'Address',
      <Text key="address" span fz="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
        {failure.Address}
      </Text>,
    ],
    ['Notes', failure.Notes ?? dash],
    ['Sticky', failure.Sticky === 1 ? 'Yes' : 'No'],
    ['Created On', formatUtcDate(failure.CreatedOn)],
    ['Updated On', formatUtcDate(failure.UpdatedOn)],
  ];
  return (
    <Card component="section" aria-labelledby="pool-failure-heading" padding="md">
      <Group gap="xs" mb="sm">
        <Title order={2} size="h5" id="pool-failure-heading">
          Failure {failure.ID}
        </Title>
        {isNew ? (
          <Badge color="red" variant="light" size="sm">
            New
          </Badge>
        ) : null}
      </Group>
      <DefinitionList items={items} label={`Failure ${failure.ID}`} />
    </Card>
  );
}

function Totals({ pool }: { pool: OfflinePool }) {
  return (
    <PoolSummaryCards
      cards={[
        { title: 'Open transactions', value: formatCount(pool.totals.Count) },
        {
          title: `Amount (${pool.Coin.ShortName})`,
          value: formatDecimal(pool.totals.Amount, AMOUNT_DECIMALS),
          isPrivate: true,
        },
        {
          title: 'Value (EUR)',
          value:
            pool.totals.AmountEUR === null
              ? 'No rate'
              : formatDecimal(pool.totals.AmountEUR, VOLUME_DECIMALS),
          isPrivate: pool.totals.AmountEUR !== null,
        },
      ]}
    />
  );
}

function PoolColumns(blur: CSSProperties | undefined): Column<OfflinePoolRow>[] {
  return [
    {
      key: 'TransactionID',
      header: 'Transaction ID',
      nowrap: true,
      cell: (row) => (
        <>
          <TransactionRefLink prefix={row.Prefix} id={row.TransactionID} />
          <Text fz="xs" c="dimmed">
            {row.TransactionType}
          </Text>
        </>
      ),
    },
    {
      key: 'XChangeID',
      header: 'XChange ID',
      nowrap: true,
      cell: (row) => (
        <Text span fz="sm" ff="monospace">
          xc{row.XChangeID}
        </Text>
      ),
    },
    {
      key: 'ShopTitle',
      header: 'Merchant',
      cell: (row) => (
        <Text fz="sm" truncate="end" maw={220} title={row.ShopTitle} style={blur}>
          {row.ShopTitle}
        </Text>
      ),
    },
    {
      key: 'OriginalAmount',
      header: 'Original Amount',
      align: 'right',
      nowrap: true,
      cell: (row) => (
        <Text span fz="sm" ff="monospace" style={blur}>
          {formatAskedAmount(row.OriginalAmount)} {row.InputCurrency}
        </Text>
      ),
    },
    { key: 'Amount', header: 'Amount', align: 'right', cell: (row) => <MoneyCell value={row.Amount} /> },
    {
      key: 'AmountEUR',
      header: 'Value (EUR)',
      align: 'right',
      cell: (row) => <VolumeCell value={row.AmountEUR} />,
    },
    { key: 'Status', header: 'Status', nowrap: true, cell: (row) => <StatusBadge status={row.Status} /> },
    {
      key: 'CreatedOn',
      header: 'Created On',
      sort: 'CreatedOn',
      nowrap: true,
      cell: (row) => (
        <>
          <UtcDateCell value={row.CreatedOn} withZone={false} />
          {row.Date === row.CreatedOn ? null : (
            <Text fz="xs" c="dimmed" title="The date shown for the transaction (SPEC §4)">
              Date: {formatUtcDate(row.Date)}
            </Text>
          )}
        </>
      ),
    },
  ];
}

/**
 * The XChange Offline Pool (SPEC §2.1: query coin and id): a coin's xChange transactions that are not
 * settled (ADR 0008), with totals and pages of 15, and the failure record the Transaction Failure box
 * opened it for. A coin picker moves to another coin; an address that cannot be read says why.
 */
export function OfflinePoolPage() {
  const url = useUrlParams(ADMIN_CALLS.XChangeOfflinePool.params);
  const { params, problems } = url;
  const coins = usePoolCoins();
  const pool = useOfflinePool(params);
  const blur = privacyStyle(useAppStore((s) => s.privacyMode));
  const coinProblem = problems.find((p) => p.key === 'coin');
  const selectedCoin = params?.coin ?? null;
  // A refused coin or failure record is this page's own message; anything else follows the global policy.
  const isRefused =
    isApiError(pool.error) && (pool.error.httpStatus === 400 || pool.error.httpStatus === 404);
  useEffect(() => {
    if (pool.error && !isRefused) handleApiError(pool.error);
  }, [pool.error, isRefused]);
  const data = pool.isError ? undefined : pool.data;
  const columns = PoolColumns(blur);

  return (
    <Stack gap="lg">
      <PageHeader
        title="XChange Offline Pool"
        description="xChange transactions of a coin that are not settled: waiting, underpaid, payouts pending, LTR open and vTokens active."
        actions={
          <Group gap="sm" align="flex-end">
            {selectedCoin !== null ? (
              <Anchor
                component={Link}
                to={`${adminPath('balance-sheet')}?coin=${selectedCoin}`}
                fz="sm"
                pb={8}
                aria-label={`Balance Sheet of ${coins.data?.find((c) => c.ID === selectedCoin)?.Name ?? `coin ${selectedCoin}`}`}
              >
                Balance Sheet
              </Anchor>
            ) : null}
            <Select
              label="Coin"
              placeholder="Choose a coin"
              searchable
              allowDeselect={false}
              nothingFoundMessage="No coin found"
              data={(coins.data ?? []).map((c) => ({
                value: String(c.ID),
                label: `${c.Name} (${c.ShortName})`,
              }))}
              value={selectedCoin === null ? null : String(selectedCoin)}
              // Another coin: its own pool from the first page; the failure record belonged to the old coin.
              onChange={(value) => {
                if (value !== null) url.set({ coin: value }, { clear: true });
              }}
              w={260}
            />
          </Group>
        }
      />

      {problems.length > 0 ? (
        <Alert color="red" variant="light" title="This address has a problem" icon={<IconAlertTriangle />}>
          {problems.map((p) => `${p.message} (${p.key}=${p.value})`).join('; ')}.{' '}
          {params === null ? 'Choose a coin above to start again.' : 'Shown without it.'}
        </Alert>
      ) : null}
      {params === null ? (
        coinProblem ? null : (
          <Card padding="lg">
            <Text c="dimmed">Choose a coin to see its open xChange transactions.</Text>
          </Card>
        )
      ) : isRefused ? (
        <Alert color="red" variant="light" title="Nothing to show" icon={<IconAlertTriangle />}>
          {pool.error?.message}. Choose a coin above to start again.
        </Alert>
      ) : (
        <>
          {data?.Failure ? <FailureCard failure={data.Failure} /> : null}
          {data ? <Totals pool={data} /> : null}
          <ListCard
            title="Open xChange transactions"
            actions={<ExportButton call="XChangeOfflinePool" params={params} columns={columns} />}
          >
            <DataTable
              label="Open xChange transactions"
              columns={columns}
              rowKey={(row) => row.ID}
              empty="No open xChange transaction"
              minWidth={1000}
              {...queryState(pool, data?.records)}
              sort={{ key: 'CreatedOn', order: params.order, onSort: (_, order) => url.set({ order }) }}
              paging={urlPaging(url, data?.meta)}
            />
          </ListCard>
        </>
      )}
    </Stack>
  );
}
