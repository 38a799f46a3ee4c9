import { shouldInsertLive, type TransactionSortColumn } from '@bo/contract';
import { Button, Card, Checkbox, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { nextSort } from '../../../components/ui/sortable-header/sortable-header';
import { useHasPermission } from '../../../lib/session/use-permission';
import { useLiveHighlight } from '../hooks/use-live-highlight';
import { liveInsertFilterOf, useLiveTransactions } from '../hooks/use-live-transactions';
import { type LocalStateStore, useLocalSync, useLocalTransactions } from '../hooks/use-local-transactions';
import { useQueryOptions } from '../hooks/use-query-options';
import { type TransactionFilters, useTransactionFilters } from '../hooks/use-transaction-filters';
import type { SyncParams } from '../local/worker-protocol';
import { LocalPanel } from './local-panel';
import { TransactionFilterBar } from './transaction-filter-bar';
import { TransactionsTable } from './transactions-table';
import { rowKey } from './transactions-view';

const filterKey = (f: TransactionFilters): string =>
  JSON.stringify([f.from, f.to, f.merchantId, f.keyword, f.statuses]);

const syncParamsOf = (f: TransactionFilters): SyncParams => ({
  start: f.from,
  end: f.to,
  keyword: f.keyword,
  statuses: f.statuses,
  ...(f.merchantId !== null ? { merchantId: f.merchantId } : {}),
});

/** The dashboard's transactions table (SPEC §2.6 item 2), shown only with view-transactions. */
export function TransactionsSection() {
  const canView = useHasPermission('view-transactions');
  if (!canView) return null;
  return <TransactionsCard />;
}

/** Reads the progress itself, so the hundreds of progress messages of a sync re-render only this. */
function SyncProgress({ store }: { store: LocalStateStore }) {
  const sync = useLocalSync(store, (s) => s);
  if (sync.status === 'idle') return null;
  const percent = sync.total > 0 ? Math.round((sync.loaded / sync.total) * 100) : 0;
  const label =
    sync.status === 'syncing'
      ? `Loading ${sync.loaded.toLocaleString('en')} of ${sync.total ? sync.total.toLocaleString('en') : '…'} rows`
      : sync.status === 'complete'
        ? `${sync.loaded.toLocaleString('en')} rows loaded`
        : sync.status === 'stopped'
          ? `Stopped: ${sync.loaded.toLocaleString('en')} of ${sync.total.toLocaleString('en')} rows loaded`
          : `Loading failed after ${sync.loaded.toLocaleString('en')} rows`;
  return (
    <Stack gap={4} w={260}>
      <Text size="xs" c="dimmed" role="status">
        {label}
      </Text>
      {sync.status === 'syncing' ? (
        <Progress value={percent} size="sm" animated aria-label="Local sync progress" />
      ) : null}
    </Stack>
  );
}

function TransactionsCard() {
  const { filters, apply, reset } = useTransactionFilters();
  // Bumped by every Search and Reset: the table remounts, starts on page one and asks the server again.
  const [searchCount, setSearchCount] = useState(0);
  const [serverTotal, setServerTotal] = useState(0);
  const [isLocal, setLocal] = useState(false);
  const barKey = filterKey(filters);
  const live = useLiveTransactions(true);
  const local = useLocalTransactions(isLocal);
  const { keys: localHighlighted, highlight: highlightLocal } = useLiveHighlight();

  const search = (next: TransactionFilters) => {
    setSearchCount((n) => n + 1);
    apply({ ...next, sort: filters.sort, order: filters.order });
  };

  useQueryOptions(filters, (next, drop) => {
    setSearchCount((n) => n + 1);
    apply(next, { drop });
  });

  const sort = (column: TransactionSortColumn) => {
    const order = nextSort({ key: filters.sort, order: filters.order }, column);
    apply({ ...filters, sort: column, order });
  };

  // Local mode loads the rows of the applied search; a new search loads again.
  const { start } = local;
  // biome-ignore lint/correctness/useExhaustiveDependencies: barKey and searchCount name the applied search.
  useEffect(() => {
    if (isLocal) void start(syncParamsOf(filters));
  }, [isLocal, start, barKey, searchCount]);

  const { upsert } = local;
  const { subscribe } = live;
  useEffect(() => {
    if (!isLocal) return;
    return subscribe((event) => {
      upsert(
        event.transaction,
        event.kind === 'waiting' && shouldInsertLive(event.transaction, liveInsertFilterOf(filters)),
      );
      highlightLocal(rowKey(event.transaction));
    });
  }, [isLocal, subscribe, upsert, filters, highlightLocal]);

  const onTotal = useCallback((total: number) => setServerTotal(total), []);
  const isSyncing = useLocalSync(local.store, (s) => s.status === 'syncing') && isLocal;

  return (
    <Card component="section" aria-labelledby="transactions-heading" padding="md">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Group gap="sm">
            <Title order={2} size="h5" id="transactions-heading">
              Transactions
            </Title>
            <Text size="xs" c={live.state === 'open' ? 'teal' : 'dimmed'} aria-live="polite">
              {live.state === 'open' ? '● Live' : '○ Offline'}
            </Text>
          </Group>
          <Group gap="md" align="center">
            {isLocal ? <SyncProgress store={local.store} /> : null}
            {serverTotal > 0 || isLocal ? (
              <Checkbox
                label="Local"
                checked={isLocal}
                onChange={(e) => setLocal(e.currentTarget.checked)}
                title="Filter the loaded rows in the browser"
              />
            ) : null}
          </Group>
        </Group>
        <TransactionFilterBar
          key={`${barKey}|${searchCount}`}
          applied={filters}
          onSearch={search}
          onReset={() => {
            setSearchCount((n) => n + 1);
            reset();
          }}
          extraActions={
            isSyncing ? (
              <Button
                color="red"
                variant="light"
                leftSection={<IconPlayerStop size={16} aria-hidden />}
                onClick={local.stop}
              >
                Stop Sync
              </Button>
            ) : null
          }
        />
        {isLocal ? (
          <LocalPanel store={local.store} query={local.query} highlighted={localHighlighted} />
        ) : (
          <TransactionsTable
            key={`${barKey}|${filters.sort}|${filters.order}|${searchCount}`}
            filters={filters}
            onSort={sort}
            onTotal={onTotal}
            subscribeLive={subscribe}
          />
        )}
      </Stack>
    </Card>
  );
}
