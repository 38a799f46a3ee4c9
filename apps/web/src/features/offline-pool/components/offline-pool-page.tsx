import {
  AMOUNT_DECIMALS,
  adminPath,
  badgeColor,
  type FailureCause,
  formatTransactionRef,
  formatUtcDate,
  isNewFailure,
  OFFLINE_POOL_PAGE_SIZE,
  type OfflinePool,
  type OfflinePoolRow,
  VOLUME_DECIMALS,
} from '@bo/contract';
import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type CSSProperties, type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { type DefinitionItem, DefinitionList } from '../../../components/ui/definition-list/definition-list';
import { PageHeader } from '../../../components/ui/page-header';
import { nextSort, SortableHeader } from '../../../components/ui/sortable-header/sortable-header';
import { isApiError } from '../../../lib/api/api-error';
import { handleApiError } from '../../../lib/api/error-handler';
import { formatAskedAmount, formatCount, formatDecimal } from '../../../lib/format/decimal';
import { privacyStyle } from '../../../lib/format/privacy-style';
import { useAppStore } from '../../../lib/session/session.store';
import { useOfflinePool, usePoolCoins } from '../api/use-offline-pool';
import { useOfflinePoolQuery } from '../hooks/use-offline-pool-query';

const nowrap: CSSProperties = { whiteSpace: 'nowrap' };

const dash = (
  <Text span c="dimmed" fz="sm">
    —
  </Text>
);

/** A transaction's reference, or the bare id if it cannot be formatted (never breaks the table). */
const refOf = (row: OfflinePoolRow): string => {
  try {
    return formatTransactionRef(row.Prefix, row.TransactionID);
  } catch {
    return `${row.Prefix}${row.TransactionID}`;
  }
};

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

function Totals({ pool, blur }: { pool: OfflinePool; blur: CSSProperties | undefined }) {
  const box = (title: string, value: ReactNode, isPrivate = false) => (
    <Card component="section" aria-label={title} padding="md">
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        {title}
      </Text>
      <Text fz={20} fw={700} mt={4} ff="monospace" style={isPrivate ? blur : undefined}>
        {value}
      </Text>
    </Card>
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {box('Open transactions', formatCount(pool.totals.Count))}
      {box(`Amount (${pool.Coin.ShortName})`, formatDecimal(pool.totals.Amount, AMOUNT_DECIMALS), true)}
      {box(
        'Value (EUR)',
        pool.totals.AmountEUR === null ? 'No rate' : formatDecimal(pool.totals.AmountEUR, VOLUME_DECIMALS),
        pool.totals.AmountEUR !== null,
      )}
    </SimpleGrid>
  );
}

function PoolTable({
  pool,
  order,
  onSort,
  onPage,
  blur,
}: {
  pool: OfflinePool;
  order: 'asc' | 'desc';
  onSort: (order: 'asc' | 'desc') => void;
  onPage: (page: number) => void;
  blur: CSSProperties | undefined;
}) {
  const { records, meta } = pool;
  const pages = Math.max(1, Math.ceil(meta.total / meta.limit));
  const amount = (value: string | null, decimals: number) =>
    value === null ? (
      dash
    ) : (
      <Text span fz="sm" ff="monospace" style={{ ...nowrap, ...blur }}>
        {formatDecimal(value, decimals)}
      </Text>
    );
  return (
    <Card component="section" aria-labelledby="pool-list-heading" padding="md">
      <Title order={2} size="h5" mb="sm" id="pool-list-heading">
        Open xChange transactions
      </Title>
      <Table.ScrollContainer minWidth={1000}>
        <Table verticalSpacing={6} fz="sm" striped highlightOnHover aria-label="Open xChange transactions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={nowrap}>Transaction ID</Table.Th>
              <Table.Th style={nowrap}>XChange ID</Table.Th>
              <Table.Th>Merchant</Table.Th>
              <Table.Th ta="right">Original Amount</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th ta="right">Value (EUR)</Table.Th>
              <Table.Th>Status</Table.Th>
              <SortableHeader
                label="Created On"
                nowrap
                isSorted
                order={order}
                onSort={() => onSort(nextSort({ key: 'CreatedOn', order }, 'CreatedOn'))}
              />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={8} ta="center">
                  <Text size="sm" c="dimmed">
                    No open xChange transaction
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              records.map((row) => {
                const ref = refOf(row);
                return (
                  <Table.Tr key={row.ID}>
                    <Table.Td style={nowrap}>
                      <Anchor
                        component={Link}
                        to={adminPath('transaction-detail', { id: ref })}
                        fz="sm"
                        ff="monospace"
                      >
                        {ref}
                      </Anchor>
                      <Text fz="xs" c="dimmed">
                        {row.TransactionType}
                      </Text>
                    </Table.Td>
                    <Table.Td ff="monospace" style={nowrap}>
                      xc{row.XChangeID}
                    </Table.Td>
                    <Table.Td maw={220}>
                      <Text fz="sm" truncate="end" title={row.ShopTitle} style={blur}>
                        {row.ShopTitle}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={nowrap}>
                      <Text span fz="sm" ff="monospace" style={blur}>
                        {formatAskedAmount(row.OriginalAmount)} {row.InputCurrency}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{amount(row.Amount, AMOUNT_DECIMALS)}</Table.Td>
                    <Table.Td ta="right">{amount(row.AmountEUR, VOLUME_DECIMALS)}</Table.Td>
                    <Table.Td style={nowrap}>
                      {/* The full status must show, as in the dashboard's table. */}
                      <Badge
                        color={badgeColor(row.Status)}
                        variant="light"
                        tt="none"
                        styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
                      >
                        {row.Status}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={nowrap}>
                      <Text fz="xs" ff="monospace">
                        {formatUtcDate(row.CreatedOn)}
                      </Text>
                      {row.Date === row.CreatedOn ? null : (
                        <Text fz="xs" c="dimmed" title="The date shown for the transaction (SPEC §4)">
                          Date: {formatUtcDate(row.Date)}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="sm">
        <Text size="sm" c="dimmed">
          {meta.total > 0 && records.length > 0
            ? `Showing ${meta.offset + 1} - ${meta.offset + records.length} of ${formatCount(meta.total)}`
            : ''}
        </Text>
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={meta.page}
            onChange={onPage}
            size="sm"
            withEdges
            aria-label="Pool pages"
          />
        ) : null}
      </Group>
    </Card>
  );
}

/**
 * The XChange Offline Pool (SPEC §2.1: query coin and id): a coin's xChange transactions that are not
 * settled (ADR 0008), with totals and pages of 15, and the failure record the Transaction Failure box
 * opened it for. A coin picker moves to another coin; an address that cannot be read says why.
 */
export function OfflinePoolPage() {
  const { query, chooseCoin, setPage, setOrder } = useOfflinePoolQuery();
  const coins = usePoolCoins();
  const params = query.kind === 'ok' ? query.params : null;
  const pool = useOfflinePool(
    params && {
      coin: params.coin,
      id: params.id,
      page: params.page,
      order: params.order,
      limit: OFFLINE_POOL_PAGE_SIZE,
    },
  );
  const blur = privacyStyle(useAppStore((s) => s.privacyMode));
  const selectedCoin =
    query.kind === 'ok' ? query.params.coin : query.kind === 'invalid' ? query.coinId : null;
  // A refused coin or failure record is this page's own message; anything else follows the global policy.
  const isRefused =
    isApiError(pool.error) && (pool.error.httpStatus === 400 || pool.error.httpStatus === 404);
  useEffect(() => {
    if (pool.error && !isRefused) handleApiError(pool.error);
  }, [pool.error, isRefused]);
  const data = pool.isError ? undefined : pool.data;

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
              onChange={(value) => {
                if (value !== null) chooseCoin(Number(value));
              }}
              w={260}
            />
          </Group>
        }
      />

      {query.kind === 'none' ? (
        <Card padding="lg">
          <Text c="dimmed">Choose a coin to see its open xChange transactions.</Text>
        </Card>
      ) : query.kind === 'invalid' ? (
        <Alert color="red" variant="light" title="This address has a problem" icon={<IconAlertTriangle />}>
          {query.message}. Choose a coin above to start again.
        </Alert>
      ) : isRefused ? (
        <Alert color="red" variant="light" title="Nothing to show" icon={<IconAlertTriangle />}>
          {pool.error?.message}. Choose a coin above to start again.
        </Alert>
      ) : pool.isPending ? (
        <Skeleton h={320} />
      ) : !data ? (
        <Text size="sm" c="dimmed">
          Could not load the pool.
        </Text>
      ) : (
        <>
          {data.Failure ? <FailureCard failure={data.Failure} /> : null}
          <Totals pool={data} blur={blur} />
          <PoolTable pool={data} order={query.params.order} onSort={setOrder} onPage={setPage} blur={blur} />
        </>
      )}
    </Stack>
  );
}
