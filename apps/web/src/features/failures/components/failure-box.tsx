import {
  adminPath,
  FAILURE_CAUSES_PAGE_SIZE,
  FAILURE_SEARCH_DEBOUNCE_MS,
  type FailureCause,
  formatUtcDate,
  isNewFailure,
} from '@bo/contract';
import {
  ActionIcon,
  Anchor,
  Box,
  Card,
  Checkbox,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEdit, IconPin, IconPinFilled, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { nextSort, SortableHeader } from '../../../components/ui/sortable-header/sortable-header';
import { BUILT_ROUTES } from '../../../lib/routes/built-routes';
import { useHasPermission } from '../../../lib/session/use-permission';
import { type FailureListParams, useFailureList, useUpdateFailure } from '../api/use-failures';
import { NotesDialog } from './notes-dialog';

type OrderBy = NonNullable<FailureListParams['orderBy']>;
type Order = NonNullable<FailureListParams['order']>;

const SORTABLE: ReadonlyArray<{ key: OrderBy; label: string }> = [
  { key: 'ID', label: 'ID' },
  { key: 'CreatedOn', label: 'Created On' },
  { key: 'UpdatedOn', label: 'Updated On' },
];

const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * The 'Transaction Failure' box (SPEC §2.6 item 4): failure causes searched on the server (500 ms debounce),
 * 'Sticky Only', sorting by ID / CreatedOn / UpdatedOn (CreatedOn descending first), pages of 8, a red dot for
 * records at most 2 days old, the sticky toggle and the notes dialog.
 */
export function FailureBox() {
  const [typed, setTyped] = useState('');
  const [keyword] = useDebouncedValue(typed.trim(), FAILURE_SEARCH_DEBOUNCE_MS);
  const [stickyOnly, setStickyOnly] = useState(false);
  const [sort, setSort] = useState<{ orderBy: OrderBy; order: Order }>({
    orderBy: 'CreatedOn',
    order: 'desc',
  });
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<FailureCause | null>(null);
  const update = useUpdateFailure();
  const isAdmin = useHasPermission('admin-commander');

  // A new search, filter or sort starts again on page one.
  const [lastQuery, setLastQuery] = useState('');
  const query = JSON.stringify([keyword, stickyOnly, sort]);
  if (query !== lastQuery) {
    setLastQuery(query);
    if (page !== 1) setPage(1);
  }

  const list = useFailureList({
    page,
    keyword,
    sticky: stickyOnly ? '1' : '0',
    orderBy: sort.orderBy,
    order: sort.order,
    limit: FAILURE_CAUSES_PAGE_SIZE,
  });
  const records = list.data?.data.records ?? [];
  const total = list.data?.data.meta.total ?? 0;
  // A keyword's total stops at FAILURE_COUNT_CAP (ADR 0010): 'of 1000+'.
  const isCapped = list.data?.data.meta.isCapped ?? false;
  const pages = Math.max(1, Math.ceil(total / FAILURE_CAUSES_PAGE_SIZE));
  const now = new Date();

  const header = (key: OrderBy, label: string) => (
    <SortableHeader
      key={key}
      label={label}
      nowrap
      isSorted={sort.orderBy === key}
      order={sort.order}
      onSort={() => setSort({ orderBy: key, order: nextSort({ key: sort.orderBy, order: sort.order }, key) })}
    />
  );
  const [idHeader, createdHeader, updatedHeader] = SORTABLE.map((c) => header(c.key, c.label));

  const poolLinks = (failure: FailureCause) => {
    // The balance sheet highlights the coin; the offline pool shows this record beside the coin's pool.
    const links: Array<{ name: 'balance-sheet' | 'xchange-offline-pool'; label: string; query: string }> = [
      { name: 'balance-sheet', label: 'Balance Sheet', query: `coin=${failure.AltCoinID}` },
      {
        name: 'xchange-offline-pool',
        label: 'Offline Pool',
        query: `coin=${failure.AltCoinID}&id=${failure.ID}`,
      },
    ];
    // Both screens need admin-commander; a link is shown only once its screen exists.
    return links
      .filter((l) => isAdmin && BUILT_ROUTES.has(l.name))
      .map((l) => (
        <Anchor key={l.name} component={Link} to={`${adminPath(l.name)}?${l.query}`} fz="xs">
          {l.label}
        </Anchor>
      ));
  };

  const row = (failure: FailureCause) => {
    const isNew = isNewFailure(failure.CreatedOn, now);
    const isSticky = failure.Sticky === 1;
    return (
      <Table.Tr key={failure.ID}>
        <Table.Td style={nowrap}>
          <Group gap={6} wrap="nowrap">
            {isNew ? (
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
        </Table.Td>
        <Table.Td style={nowrap}>
          <Text span fz="sm" title={failure.LongName}>
            {failure.Name}
          </Text>
        </Table.Td>
        <Table.Td maw={320}>
          <Text fz="sm" lineClamp={2} title={failure.Failure}>
            {failure.Failure}
          </Text>
          {failure.Notes ? (
            <Text fz="xs" c="dimmed" lineClamp={1} title={failure.Notes}>
              Notes: {failure.Notes}
            </Text>
          ) : null}
        </Table.Td>
        <Table.Td maw={200}>
          <Text fz="xs" ff="monospace" truncate="end" title={failure.Address}>
            {failure.Address}
          </Text>
        </Table.Td>
        <Table.Td style={nowrap} ff="monospace" fz="xs">
          {formatUtcDate(failure.CreatedOn)}
        </Table.Td>
        <Table.Td style={nowrap} ff="monospace" fz="xs">
          {formatUtcDate(failure.UpdatedOn)}
        </Table.Td>
        <Table.Td style={nowrap}>
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
        </Table.Td>
      </Table.Tr>
    );
  };

  return (
    <Card component="section" aria-labelledby="failure-heading" padding="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h5" id="failure-heading">
            Transaction Failure
          </Title>
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
          </Group>
        </Group>
        {list.isPending ? (
          <Skeleton h={200} />
        ) : list.isError && !list.data ? (
          <Text size="sm" c="dimmed">
            Could not load the failure causes.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing={6} fz="sm" striped highlightOnHover aria-label="Transaction failures">
              <Table.Thead>
                <Table.Tr>
                  {idHeader}
                  <Table.Th>AltCoin</Table.Th>
                  <Table.Th>Failure</Table.Th>
                  <Table.Th>Address</Table.Th>
                  {createdHeader}
                  {updatedHeader}
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {records.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={7} ta="center">
                      <Text size="sm" c="dimmed">
                        No failure found
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  records.map(row)
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {total > 0
              ? `Showing ${(page - 1) * FAILURE_CAUSES_PAGE_SIZE + 1} - ${(page - 1) * FAILURE_CAUSES_PAGE_SIZE + records.length} of ${total}${isCapped ? '+' : ''}`
              : ''}
          </Text>
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              withEdges
              aria-label="Failure pages"
            />
          ) : null}
        </Group>
      </Stack>
      <NotesDialog failure={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
