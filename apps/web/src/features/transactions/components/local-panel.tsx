import {
  STATUS_FILTER_OPTIONS,
  statusFilterValueSchema,
  TRANSACTIONS_PAGE_SIZE,
  type TransactionSortColumn,
} from '@bo/contract';
import { Group, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { nextSort } from '../../../components/ui/sortable-header/sortable-header';
import { type LocalStateStore, useLocalView } from '../hooks/use-local-transactions';
import { EMPTY_LOCAL_FILTER, type LocalFilter, type LocalQuery } from '../local/local-query';
import { Pager, TransactionsView } from './transactions-view';

const ALL_MERCHANTS = 'all';
const STATUS_DATA = STATUS_FILTER_OPTIONS.map((o) => ({ value: o.value, label: o.label }));

export interface LocalPanelProps {
  /** The worker's answers; read here, so an answer re-renders this panel and not the whole card. */
  store: LocalStateStore;
  query: (query: LocalQuery) => void;
  highlighted: ReadonlySet<string>;
}

/**
 * Local mode (SPEC §2.6 item 2): its own merchant, keyword, status and type filters over the rows the worker
 * loaded. Every change is a message to the worker, which filters off the page's thread and answers a page.
 */
export function LocalPanel({ store, query, highlighted }: LocalPanelProps) {
  const view = useLocalView(store);
  const [filter, setFilter] = useState<LocalFilter>(EMPTY_LOCAL_FILTER);
  const [sort, setSort] = useState<{ sort: TransactionSortColumn; order: 'asc' | 'desc' }>({
    sort: 'CreatedOn',
    order: 'desc',
  });
  const [page, setPage] = useState(1);

  // Each query is asked once: a filter change asks it at once from its event, the effect asks the others.
  const asked = useRef('');
  const ask = useCallback(
    (next: LocalQuery) => {
      const key = JSON.stringify(next);
      if (key === asked.current) return;
      asked.current = key;
      query(next);
    },
    [query],
  );
  useEffect(() => {
    ask({ filter, ...sort, page, pageSize: TRANSACTIONS_PAGE_SIZE });
  }, [ask, filter, sort, page]);

  const latest = useRef({ filter, sort });
  latest.current = { filter, sort };
  const change = useCallback(
    (next: Partial<LocalFilter>) => {
      const nextFilter = { ...latest.current.filter, ...next };
      latest.current = { ...latest.current, filter: nextFilter };
      // The worker filters while the page draws the keystroke, rather than after.
      ask({ filter: nextFilter, ...latest.current.sort, page: 1, pageSize: TRANSACTIONS_PAGE_SIZE });
      setFilter(nextFilter);
      setPage(1);
    },
    [ask],
  );
  const toggleSort = useCallback((column: TransactionSortColumn) => {
    setSort((s) => ({ sort: column, order: nextSort({ key: s.sort, order: s.order }, column) }));
    setPage(1);
  }, []);

  const { result, facets } = view;
  // A keystroke re-renders the filters at once; the rows (with their action buttons, the bulk of the panel)
  // are drawn again only when the worker's answer brings new ones.
  const table = useMemo(
    () => (
      <TransactionsView
        label="Local transactions"
        records={result.rows}
        sort={sort.sort}
        order={sort.order}
        onSort={toggleSort}
        highlighted={highlighted}
      />
    ),
    [result.rows, sort, toggleSort, highlighted],
  );
  const merchantData = useMemo(
    () => [
      { value: ALL_MERCHANTS, label: 'All Merchants' },
      ...facets.merchants.map((m) => ({ value: String(m.id), label: m.title })),
    ],
    [facets.merchants],
  );
  // The pickers are drawn again only when their own value or choices change, not on every keystroke in
  // the keyword box (hundreds of merchants to go through each time).
  const merchantPicker = useMemo(
    () => (
      <Select
        label="Local merchant"
        data={merchantData}
        value={filter.merchantId === null ? ALL_MERCHANTS : String(filter.merchantId)}
        onChange={(value) =>
          change({ merchantId: value === null || value === ALL_MERCHANTS ? null : Number(value) })
        }
        searchable
        allowDeselect={false}
        nothingFoundMessage="No merchant found"
        w={220}
      />
    ),
    [merchantData, filter.merchantId, change],
  );
  const statusPicker = useMemo(
    () => (
      <MultiSelect
        label="Local status"
        data={STATUS_DATA}
        value={[...filter.statuses]}
        onChange={(values) =>
          change({
            statuses: values.flatMap((v) => {
              const parsed = statusFilterValueSchema.safeParse(v);
              return parsed.success ? [parsed.data] : [];
            }),
          })
        }
        placeholder={filter.statuses.length === 0 ? 'All statuses' : undefined}
        clearable
        searchable
        style={{ flex: 1, minWidth: 220 }}
      />
    ),
    [filter.statuses, change],
  );
  const typePicker = useMemo(
    () => (
      <MultiSelect
        label="Local type"
        data={facets.types}
        value={[...filter.types]}
        onChange={(types) => change({ types })}
        placeholder={filter.types.length === 0 ? 'All types' : undefined}
        clearable
        w={220}
      />
    ),
    [facets.types, filter.types, change],
  );
  const lastPage = Math.max(1, Math.ceil(result.total / TRANSACTIONS_PAGE_SIZE));
  // Like the table, the pager changes with the worker's answers, not with the keystrokes that ask for them.
  const pager = useMemo(
    () => (
      <Pager
        page={result.page}
        pageSize={TRANSACTIONS_PAGE_SIZE}
        shown={result.rows.length}
        total={result.total}
        onFirst={() => setPage(1)}
        onPrevious={() => setPage(Math.max(1, result.page - 1))}
        onNext={() => setPage(Math.min(lastPage, result.page + 1))}
        onLast={() => setPage(lastPage)}
      />
    ),
    [result.page, result.rows.length, result.total, lastPage],
  );

  return (
    <Stack gap="sm" aria-label="Local filters" role="group">
      <Group align="flex-end" gap="sm" wrap="wrap">
        {merchantPicker}
        <TextInput
          label="Local keyword"
          placeholder="Filter loaded rows…"
          leftSection={<IconSearch size={14} aria-hidden />}
          value={filter.keyword}
          onChange={(e) => change({ keyword: e.currentTarget.value })}
          w={220}
        />
        {statusPicker}
        {typePicker}
      </Group>
      {table}
      {pager}
    </Stack>
  );
}
