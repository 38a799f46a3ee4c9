import {
  ADMIN_CALLS,
  adminPath,
  PAYOUT_STATE_LABELS,
  PAYOUT_STATES,
  type PayoutBulkResult,
  type PayoutRow,
  type PayoutState,
} from '@bo/contract';
import { Alert, Badge, Button, Group, Select, Table, Tabs, Text, TextInput } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { type Key, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { MerchantLink, MoneyCell, UtcDateCell } from '../../../components/data-table/cells';
import { type Column, Dash, DataTable } from '../../../components/data-table/data-table';
import { ExportButton } from '../../../components/data-table/export-button';
import { pagedTable } from '../../../components/data-table/paged';
import { DateRangeFilter } from '../../../components/date-range-filter/date-range-filter';
import { ListCard, ScreenHeader } from '../../../components/list-screen/list-screen';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { formatCount } from '../../../lib/format/decimal';
import { useHashUrlParams } from '../api/use-hash-url-params';
import { usePayoutFeed } from '../api/use-payout-feed';
import { ApprovePayoutsDialog } from './approve-payouts-dialog';
import { CancelPayoutsDialog } from './cancel-payouts-dialog';
import { PayoutDrawer } from './payout-drawer';
import { PayoutStateBadge } from './payout-labels';
import { RequestPayoutDialog } from './request-payout-dialog';

/** Who asked and, once approved, who approved: the four-eyes pair on one line each. */
function People({ row }: { row: PayoutRow }) {
  return (
    <Text span fz="xs" style={{ whiteSpace: 'nowrap' }}>
      {row.RequestedBy ?? 'platform'}
      {row.ApprovedBy ? ` → ${row.ApprovedBy}` : ''}
    </Text>
  );
}

/** A long address as its start and end; the whole one is in the cell's title and the drawer. */
const shorten = (text: string) => (text.length > 20 ? `${text.slice(0, 9)}…${text.slice(-7)}` : text);

const columns: Column<PayoutRow>[] = [
  { key: 'ID', header: 'ID', sort: 'ID', nowrap: true },
  { key: 'State', header: 'State', nowrap: true, cell: (r) => <PayoutStateBadge state={r.State} /> },
  {
    key: 'ShopTitle',
    header: 'Merchant',
    cell: (r) => <MerchantLink id={r.MerchantID} name={r.ShopTitle} />,
  },
  {
    key: 'Amount',
    header: 'Amount',
    align: 'right',
    nowrap: true,
    cell: (r) => <MoneyCell value={r.Amount} unit={r.Coin} />,
  },
  {
    key: 'EurValue',
    header: 'EUR',
    sort: 'EurValue',
    align: 'right',
    nowrap: true,
    cell: (r) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <MoneyCell value={r.EurValue} decimals={2} />
        {r.NeedsSecondApproval ? (
          <Text span fz={10} fw={700} c="grape" title="Above the four-eyes amount: a second approver">
            4-EYES
          </Text>
        ) : null}
      </Group>
    ),
  },
  {
    key: 'Destination',
    header: 'Destination',
    cell: (r) => (
      <Text span fz="xs" ff="monospace" title={r.Destination} style={{ whiteSpace: 'nowrap' }}>
        {shorten(r.Destination)}
      </Text>
    ),
  },
  { key: 'RequestedBy', header: 'By', exportHeader: 'Requested by', cell: (r) => <People row={r} /> },
  { key: 'ApprovedBy', header: 'Approved by', cell: () => null },
  {
    key: 'RequestedOn',
    header: 'Requested (UTC)',
    sort: 'RequestedOn',
    nowrap: true,
    cell: (r) => <UtcDateCell value={r.RequestedOn} withZone={false} />,
  },
];

/**
 * The table shows the state as its tab and the approver beside the requester (each step's time is in the
 * drawer); the CSV has the state and the approver apart.
 */
const shownColumns = columns.filter((c) => c.key !== 'State' && c.key !== 'ApprovedBy');

/** A number typed into a filter, applied once typing settles on something readable (or cleared). */
function TypedFilter({
  label,
  value,
  onChange,
  pattern,
  width,
}: {
  label: string;
  value: string | number | undefined;
  onChange: (value: string | null) => void;
  pattern: RegExp;
  width: number;
}) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  useEffect(() => setText(value === undefined ? '' : String(value)), [value]);
  return (
    <TextInput
      label={label}
      placeholder="Any"
      inputMode="decimal"
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value.trim();
        setText(next);
        if (next === '') onChange(null);
        else if (pattern.test(next)) onChange(next);
      }}
      w={width}
    />
  );
}

function Totals({ totals }: { totals: NonNullable<ReturnType<typeof useSummary>['data']>['Totals'] }) {
  if (totals.length === 0) return null;
  return (
    <Table withRowBorders={false} verticalSpacing={2} fz="sm" w="auto" aria-label="Totals per coin">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Coin</Table.Th>
          <Table.Th ta="right">Payouts</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
          <Table.Th ta="right">EUR</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {totals.map((t) => (
          <Table.Tr key={t.AltCoinID}>
            <Table.Td>{t.Coin}</Table.Td>
            <Table.Td ta="right">{formatCount(t.Count)}</Table.Td>
            <Table.Td ta="right">
              <MoneyCell value={t.Amount} unit={t.Coin} />
            </Table.Td>
            <Table.Td ta="right">
              <MoneyCell value={t.EurValue} decimals={2} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const useSummary = (params: object) =>
  useAdminQuery('PayoutSummary', params as never, { placeholderData: keepPreviousData });

/** What a bulk action did, one line per refusal. */
function BulkOutcome({ result, onClose }: { result: PayoutBulkResult; onClose: () => void }) {
  const done = result.Results.filter((r) => r.Done).length;
  const refused = result.Results.filter((r) => !r.Done);
  return (
    <Alert
      color={refused.length === 0 ? 'green' : 'yellow'}
      withCloseButton
      onClose={onClose}
      title={`${done} of ${result.Results.length} done`}
    >
      {refused.map((r) => (
        <Text key={r.ID} size="sm">
          Payout {r.ID}: {r.Message}
        </Text>
      ))}
    </Alert>
  );
}

/**
 * Pending Payouts (SPEC §2.1 `payouts#pending`, admin-commander; ADR 0016): a tab per state with its count,
 * filters, the shown tab's totals per coin, bulk approve and cancel of the selection, a drawer with the
 * payout's history. The payouts feed moves rows between the tabs as anyone acts.
 */
export function PendingPayoutsPage() {
  const url = useHashUrlParams(ADMIN_CALLS.ListPayouts.params);
  const params = url.params;
  const { page: _page, limit: _limit, sort: _sort, order: _order, ...filters } = params;
  const query = useAdminQuery('ListPayouts', params, { placeholderData: keepPreviousData });
  const summary = useSummary(filters);
  const coins = useAdminQuery('ListAltCoins', {}, { staleTime: 300_000 });
  const live = usePayoutFeed(true);
  const [openId, setOpenId] = useState<number | null>(null);
  const [selected, setSelected] = useState<Key[]>([]);
  const [dialog, setDialog] = useState<'approve' | 'cancel' | 'request' | null>(null);
  const [outcome, setOutcome] = useState<PayoutBulkResult | null>(null);
  // A new tab or filter starts with nothing selected; a row that left the tab leaves the selection.
  const shownIds = (query.data?.records ?? []).map((r) => r.ID);
  const shownKey = shownIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the shown ids are the dependency
  useEffect(
    () => setSelected((current) => current.filter((id) => shownIds.includes(id as number))),
    [shownKey],
  );
  const table = pagedTable(query, url);
  const meta = query.data?.meta;
  const paging =
    table.paging && meta?.isCapped
      ? {
          ...table.paging,
          label: `Showing ${formatCount(meta.offset + 1)} - ${formatCount(
            meta.offset + (query.data?.records.length ?? 0),
          )} of more than ${formatCount(meta.total)}`,
        }
      : table.paging;
  const coinOptions = [...(coins.data ?? [])]
    .sort((a, b) => a.Name.localeCompare(b.Name))
    .map((c) => ({ value: String(c.ID), label: `${c.Name} (${c.ShortName})` }));
  const countOf = (state: PayoutState) => {
    const count = summary.data?.Counts.find((c) => c.State === state);
    if (!count) return '…';
    return `${count.IsCapped ? '>' : ''}${formatCount(count.Count)}`;
  };
  const canAct = params.state === 'awaiting-approval' || params.state === 'approved';
  const ids = selected.map(Number);
  return (
    <>
      <ScreenHeader
        title="Pending Payouts"
        description={`Payouts from request to payment. Above ${summary.data?.FourEyesEur ?? '…'} EUR a second staff member approves with a fresh authenticator code; nobody approves their own request.`}
        actions={
          <Group gap="xs">
            <Badge
              variant="dot"
              color={live === 'open' ? 'green' : 'gray'}
              aria-label={`Live updates ${live}`}
            >
              {live === 'open' ? 'Live' : 'Connecting…'}
            </Badge>
            <Button component={Link} to={adminPath('payout-schemas')} variant="default">
              Payout Schemas
            </Button>
            <ExportButton call="ListPayouts" params={params} columns={columns} />
            <Button onClick={() => setDialog('request')}>Request payout</Button>
          </Group>
        }
      />
      <Tabs
        mt="md"
        value={params.state}
        onChange={(state) => {
          setSelected([]);
          url.set({ state });
        }}
      >
        <Tabs.List>
          {PAYOUT_STATES.map((state) => (
            <Tabs.Tab
              key={state}
              value={state}
              rightSection={
                <Badge size="sm" variant="light" color="gray">
                  {countOf(state)}
                </Badge>
              }
            >
              {PAYOUT_STATE_LABELS[state]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group gap="sm" align="flex-end" wrap="wrap" mt="md">
        <Select
          label="Coin"
          placeholder="Any"
          clearable
          searchable
          data={coinOptions}
          value={params.coin === undefined ? null : String(params.coin)}
          onChange={(coin) => url.set({ coin })}
          w={200}
        />
        <TypedFilter
          label="Merchant ID"
          value={params.merchantId}
          onChange={(merchantId) => url.set({ merchantId })}
          pattern={/^\d{1,9}$/}
          width={120}
        />
        <TypedFilter
          label="From EUR"
          value={params.minEur}
          onChange={(minEur) => url.set({ minEur })}
          pattern={/^\d{1,12}(\.\d{1,2})?$/}
          width={110}
        />
        <TypedFilter
          label="To EUR"
          value={params.maxEur}
          onChange={(maxEur) => url.set({ maxEur })}
          pattern={/^\d{1,12}(\.\d{1,2})?$/}
          width={110}
        />
        <DateRangeFilter
          fromLabel="Requested from"
          toLabel="To"
          from={params.from ?? null}
          to={params.to ?? null}
          onChange={({ from, to }) => url.set({ from, to })}
        />
        <Button
          variant="default"
          onClick={() =>
            url.set({ coin: null, merchantId: null, minEur: null, maxEur: null, from: null, to: null })
          }
        >
          Reset
        </Button>
      </Group>
      {outcome ? (
        <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
          <BulkOutcome result={outcome} onClose={() => setOutcome(null)} />
        </div>
      ) : null}
      <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
        <ListCard
          title={`${PAYOUT_STATE_LABELS[params.state]}`}
          actions={
            canAct ? (
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  {selected.length === 0 ? 'Select payouts for a bulk action' : `${selected.length} selected`}
                </Text>
                {params.state === 'awaiting-approval' ? (
                  <Button
                    size="xs"
                    color="green"
                    disabled={selected.length === 0}
                    onClick={() => setDialog('approve')}
                  >
                    Approve selected…
                  </Button>
                ) : null}
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  disabled={selected.length === 0}
                  onClick={() => setDialog('cancel')}
                >
                  Cancel selected…
                </Button>
              </Group>
            ) : null
          }
        >
          <DataTable
            label="Payouts"
            columns={shownColumns}
            rowKey={(row) => row.ID}
            empty={`No payout is ${PAYOUT_STATE_LABELS[params.state].toLowerCase()} for these filters`}
            onRowClick={(row) => setOpenId(row.ID)}
            currentRow={(row) => row.ID === openId}
            selection={canAct ? { selected, onChange: setSelected } : undefined}
            {...table}
            paging={paging}
          />
          {summary.data ? (
            <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
              <Text size="sm" fw={600}>
                Totals of {PAYOUT_STATE_LABELS[params.state].toLowerCase()} payouts for these filters
              </Text>
              {summary.data.Totals.length === 0 ? <Dash /> : <Totals totals={summary.data.Totals} />}
            </div>
          ) : null}
        </ListCard>
      </div>
      <PayoutDrawer id={openId} onClose={() => setOpenId(null)} />
      <ApprovePayoutsDialog
        ids={ids}
        subject={`${ids.length} payout${ids.length === 1 ? '' : 's'}`}
        opened={dialog === 'approve'}
        onClose={() => setDialog(null)}
        onBulkDone={(result) => {
          setOutcome(result);
          setSelected([]);
        }}
      />
      <CancelPayoutsDialog
        ids={ids}
        subject={`${ids.length} payout${ids.length === 1 ? '' : 's'}`}
        opened={dialog === 'cancel'}
        onClose={() => setDialog(null)}
        onBulkDone={(result) => {
          setOutcome(result);
          setSelected([]);
        }}
      />
      <RequestPayoutDialog
        opened={dialog === 'request'}
        onClose={() => setDialog(null)}
        fourEyesEur={summary.data?.FourEyesEur}
      />
    </>
  );
}
