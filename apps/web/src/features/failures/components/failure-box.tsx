import {
  adminPath,
  FAILURE_CAUSES_PAGE_SIZE,
  FAILURE_SEARCH_DEBOUNCE_MS,
  type FailureCause,
  isNewFailure,
} from '@bo/contract';
import { ActionIcon, Anchor, Box, Checkbox, Group, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEdit, IconPin, IconPinFilled, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { UtcDateCell } from '../../../components/data-table/cells';
import { type Column, DataTable, pageText, type SortOrder } from '../../../components/data-table/data-table';
import { ExportButton } from '../../../components/data-table/export-button';
import { queryState } from '../../../components/data-table/paged';
import { ListCard } from '../../../components/list-screen/list-screen';
import { BUILT_ROUTES } from '../../../lib/routes/built-routes';
import { useHasPermission } from '../../../lib/session/use-permission';
import { type FailureListParams, useFailureList, useUpdateFailure } from '../api/use-failures';
import { NotesDialog } from './notes-dialog';

type OrderBy = NonNullable<FailureListParams['orderBy']>;

const columns = (now: Date): Column<FailureCause>[] => [
  {
    key: 'ID',
    header: 'ID',
    sort: 'ID',
    nowrap: true,
    cell: (failure) => (
      <Group gap={6} wrap="nowrap">
        {isNewFailure(failure.CreatedOn, now) ? (
          <Box
            component="span"
            w={8}
            h={8}
            bg="red.6"
            style={{ borderRadius: '50%', flex: 'none' }}
            role="img"
            aria-label="New"
            title="New: at most 2 days old"
          />
        ) : (
          <Box component="span" w={8} style={{ flex: 'none' }} />
        )}
        <Text span fz="sm" ff="monospace">
          {failure.ID}
        </Text>
      </Group>
    ),
  },
  {
    key: 'Name',
    header: 'AltCoin',
    nowrap: true,
    cell: (failure) => (
      <Text span fz="sm" title={failure.LongName}>
        {failure.Name}
      </Text>
    ),
  },
  {
    key: 'Failure',
    header: 'Failure',
    width: 240,
    cell: (failure) => (
      <Box maw={320}>
        <Text fz="sm" lineClamp={2} title={failure.Failure}>
          {failure.Failure}
        </Text>
        {failure.Notes ? (
          <Text fz="xs" c="dimmed" lineClamp={1} title={failure.Notes}>
            Notes: {failure.Notes}
          </Text>
        ) : null}
      </Box>
    ),
  },
  {
    key: 'Address',
    header: 'Address',
    cell: (failure) => (
      <Text fz="xs" ff="monospace" truncate="end" maw={170} title={failure.Address}>
        {failure.Address}
      </Text>
    ),
  },
  {
    key: 'CreatedOn',
    header: 'Created On',
    sort: 'CreatedOn',
    cell: (failure) => <UtcDateCell value={failure.CreatedOn} withZone={false} />,
  },
  {
    key: 'UpdatedOn',
    header: 'Updated On',
    sort: 'UpdatedOn',
    cell: (failure) => <UtcDateCell value={failure.UpdatedOn} withZone={false} />,
  },
];

// The table shows the notes under the failure; the CSV gives them their own column.
const notesColumn: Column<FailureCause> = { key: 'Notes', header: 'Notes' };

/**
 * The 'Transaction Failure' box (SPEC §2.6 item 4): failure causes searched on the server (500 ms debounce),
 * 'Sticky Only', sorting by ID / CreatedOn / UpdatedOn (CreatedOn descending first), pages of 8, a red dot for
 * records at most 2 days old, the sticky toggle and the notes dialog.
 */
export function FailureBox() {
  const [typed, setTyped] = useState('');
  const [keyword] = useDebouncedValue(typed.trim(), FAILURE_SEARCH_DEBOUNCE_MS);
  const [stickyOnly, setStickyOnly] = useState(false);
  const [sort, setSort] = useState<{ orderBy: OrderBy; order: SortOrder }>({
    orderBy: 'CreatedOn',
    order: 'desc',
  });
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<FailureCause | null>(null);
  const update = useUpdateFailure();
  const isAdmin = useHasPermission('admin-commander');

  // A new search, filter or sort starts again on page one.
  const filters = {
    keyword,
    sticky: stickyOnly ? '1' : '0',
    orderBy: sort.orderBy,
    order: sort.order,
  } as const;
  const [lastFilters, setLastFilters] = useState(JSON.stringify(filters));
  if (JSON.stringify(filters) !== lastFilters) {
    setLastFilters(JSON.stringify(filters));
    if (page !== 1) setPage(1);
  }

  const list = useFailureList({ ...filters, page, limit: FAILURE_CAUSES_PAGE_SIZE });
  const records = list.data?.data.records;
  const meta = list.error ? undefined : list.data?.data.meta;
  const shown = columns(new Date());

  const poolLinks = (failure: FailureCause) =>
    // The balance sheet highlights the coin; the offline pool shows this record beside the coin's pool.
    // Both screens need admin-commander; a link is shown only once its screen exists.
    (
      [
        { name: 'balance-sheet', label: 'Balance Sheet', query: `coin=${failure.AltCoinID}` },
        {
          name: 'xchange-offline-pool',
          label: 'Offline Pool',
          query: `coin=${failure.AltCoinID}&id=${failure.ID}`,
        },
      ] as const
    )
      .filter((l) => isAdmin && BUILT_ROUTES.has(l.name))
      .map((l) => (
        <Anchor key={l.name} component={Link} to={`${adminPath(l.name)}?${l.query}`} fz="xs">
          {l.label}
        </Anchor>
      ));

  const actions = (failure: FailureCause) => {
    const isSticky = failure.Sticky === 1;
    return (
      <Group gap={4} wrap="nowrap">
        <Tooltip label={isSticky ? 'Unstick' : 'Make sticky'} withArrow openDelay={300}>
          <ActionIcon
            variant={isSticky ? 'light' : 'subtle'}
            size="sm"
            aria-label={isSticky ? `Unstick failure ${failure.ID}` : `Make failure ${failure.ID} sticky`}
            aria-pressed={isSticky}
            disabled={update.isPending}
            onClick={() =>
              update.mutate({
                table: 'Transaction_Failure',
                ID: failure.ID,
                field: 'Sticky',
                value: isSticky ? 0 : 1,
              })
            }
          >
            {isSticky ? <IconPinFilled size={16} aria-hidden /> : <IconPin size={16} aria-hidden />}
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Update notes" withArrow openDelay={300}>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={`Update notes of failure ${failure.ID}`}
            onClick={() => setEditing(failure)}
          >
            <IconEdit size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        {poolLinks(failure)}
      </Group>
    );
  };

  return (
    <ListCard
      title="Transaction Failure"
      actions={
        <Group gap="md" wrap="wrap">
          <Checkbox
            label="Sticky Only"
            checked={stickyOnly}
            onChange={(e) => setStickyOnly(e.currentTarget.checked)}
          />
          <TextInput
            aria-label="Search failures"
            placeholder="Search failures"
            leftSection={<IconSearch size={14} aria-hidden />}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            w={240}
            size="xs"
          />
          <ExportButton
            call="TransactionFailure"
            params={filters}
            columns={[...shown, notesColumn]}
            label="Export failures as CSV"
            compact
          />
        </Group>
      }
    >
      <DataTable
        label="Transaction failures"
        columns={shown}
        rowKey={(failure) => failure.ID}
        empty="No failure found"
        minWidth={900}
        {...queryState(list, records)}
        sort={{
          key: sort.orderBy,
          order: sort.order,
          onSort: (key, order) => setSort({ orderBy: key as OrderBy, order }),
        }}
        paging={
          meta && {
            page,
            size: FAILURE_CAUSES_PAGE_SIZE,
            total: meta.total,
            onPage: setPage,
            // A keyword's total stops at FAILURE_COUNT_CAP (ADR 0010): 'of 1,000+'.
            label: `${pageText(page, FAILURE_CAUSES_PAGE_SIZE, meta.total, records?.length ?? 0)}${meta.isCapped ? '+' : ''}`,
          }
        }
        rowActions={actions}
      />
      <NotesDialog failure={editing} onClose={() => setEditing(null)} />
    </ListCard>
  );
}
