import {
  ALL_STATUS_FILTER,
  DASHBOARD_SEARCH_DEBOUNCE_MS,
  STATUS_FILTER_OPTIONS,
  type StatusFilterValue,
  statusFilterValueSchema,
  validateDateRange,
} from '@bo/contract';
import { Button, Group, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { DASHBOARD_KEYWORD_INPUT_ID } from '../../../lib/dashboard-dom';
import { useDashboardMerchants } from '../api/use-transactions';
import { type TransactionFilters, todayDay } from '../hooks/use-transaction-filters';

const ALL_MERCHANTS = 'all';

const STATUS_DATA = STATUS_FILTER_OPTIONS.map((o) => ({ value: o.value, label: o.label }));

export interface TransactionFilterBarProps {
  /** The applied filters; the bar edits a draft of them until Search. */
  applied: TransactionFilters;
  onSearch: (next: TransactionFilters) => void;
  onReset: () => void;
  /** Shown between Search and Reset: Stop Sync while the worker loads (SPEC §2.6). */
  extraActions?: ReactNode;
}

const toStatuses = (values: string[]): StatusFilterValue[] =>
  values.flatMap((v) => {
    const parsed = statusFilterValueSchema.safeParse(v);
    return parsed.success ? [parsed.data] : [];
  });

/** From/To, merchant, keyword and status filters with Search and Reset (SPEC §2.6 item 2, §5). */
export function TransactionFilterBar({
  applied,
  onSearch,
  onReset,
  extraActions,
}: TransactionFilterBarProps) {
  const [draft, setDraft] = useState<TransactionFilters>(applied);
  const [error, setError] = useState<string | null>(null);
  const today = todayDay();
  const merchants = useDashboardMerchants(applied.from, applied.to);

  const merchantData = [
    { value: ALL_MERCHANTS, label: 'All Merchants' },
    ...(merchants.data ?? []).map((m) => ({
      value: String(m.ID),
      label: m.ShopTitle || m.Name,
    })),
  ];

  const search = () => {
    const problem = validateDateRange(draft.from, draft.to, today);
    setError(problem);
    if (problem) return;
    onSearch({ ...draft, keyword: draft.keyword.trim() });
  };

  // SPEC §9: the keyword searches by itself once typing pauses for 600 ms.
  const [settledKeyword] = useDebouncedValue(draft.keyword, DASHBOARD_SEARCH_DEBOUNCE_MS);
  const searchRef = useRef(search);
  searchRef.current = search;
  useEffect(() => {
    if (settledKeyword.trim() !== applied.keyword) searchRef.current();
  }, [settledKeyword, applied.keyword]);

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label="From"
          value={draft.from}
          max={today}
          onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })}
          w={160}
        />
        <TextInput
          type="date"
          label="To"
          value={draft.to}
          max={today}
          onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value })}
          w={160}
        />
        <Select
          label="Merchant"
          data={merchantData}
          value={draft.merchantId === null ? ALL_MERCHANTS : String(draft.merchantId)}
          onChange={(value) =>
            setDraft({
              ...draft,
              merchantId: value === null || value === ALL_MERCHANTS ? null : Number(value),
            })
          }
          searchable
          allowDeselect={false}
          nothingFoundMessage="No merchant found"
          w={220}
        />
        <TextInput
          id={DASHBOARD_KEYWORD_INPUT_ID}
          label="Keyword"
          placeholder="ID, address, reference…"
          value={draft.keyword}
          onChange={(e) => setDraft({ ...draft, keyword: e.currentTarget.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') search();
          }}
          w={220}
        />
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <MultiSelect
          label="Status"
          data={STATUS_DATA}
          value={draft.statuses}
          onChange={(values) => setDraft({ ...draft, statuses: toStatuses(values) })}
          clearable
          searchable
          style={{ flex: 1, minWidth: 280 }}
        />
        <Button variant="default" onClick={() => setDraft({ ...draft, statuses: [...ALL_STATUS_FILTER] })}>
          Select All
        </Button>
        <Button leftSection={<IconSearch size={16} aria-hidden />} onClick={search}>
          Search
        </Button>
        {extraActions}
        <Button
          variant="default"
          onClick={() => {
            setError(null);
            onReset();
          }}
        >
          Reset
        </Button>
      </Group>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
