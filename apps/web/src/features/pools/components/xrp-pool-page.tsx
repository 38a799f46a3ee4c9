import {
  ADMIN_CALLS,
  decimalToUnits,
  formatUtcDate,
  XRP_DECIMALS,
  XRP_PAYMENT_STATUSES,
  type XrpPaymentRow,
  type XrpPool,
} from '@bo/contract';
import { Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { MoneyCell, TransactionRefLink } from '../../../components/data-table/cells';
import type { Column } from '../../../components/data-table/data-table';
import { ExportButton } from '../../../components/data-table/export-button';
import { ScreenHeader } from '../../../components/list-screen/list-screen';
import { IntegrationModeBadge, PoolSummaryCards } from '../../../components/pool/pool-summary-cards';
import { PoolTable } from '../../../components/pool/pool-table';
import { openConfirm } from '../../../components/ui/confirm';
import { useUrlParams } from '../../../components/url-params/use-url-params';
import { formatCount, formatDecimal } from '../../../lib/format/decimal';
import { useSweepXrpAccount, useXrpPool } from '../api/use-pools';
import { AssignDialog } from './assign-dialog';
import { PoolBadge } from './pool-badge';
import { ageOf, shortHash, XRP_STATUS_COLORS, XRP_STATUS_LABELS } from './pool-format';

const xrp = (value: string) => <MoneyCell value={value} decimals={XRP_DECIMALS} unit="XRP" />;
const isUnmatched = (row: XrpPaymentRow) =>
  row.Status === 'unmatched-no-tag' || row.Status === 'unmatched-unknown-tag';
const canSweep = (row: XrpPaymentRow) =>
  row.Account.Role === 'deposit' &&
  decimalToUnits(row.Account.Spendable, XRP_DECIMALS) > 0n &&
  row.Account.Sweep?.State !== 'running';

function columns(isLive: boolean): Column<XrpPaymentRow>[] {
  return [
    {
      key: 'LedgerIndex',
      header: 'Ledger index',
      align: 'right',
      cell: (row) => (
        <Text span fz="sm" ff="monospace">
          {formatCount(row.LedgerIndex)}
        </Text>
      ),
    },
    {
      key: 'TxHash',
      header: 'Tx hash',
      nowrap: true,
      cell: (row) =>
        // Sandbox hashes exist on no public ledger, so only a live pool links to the explorer.
        isLive ? (
          <Anchor
            href={`https://xrpscan.com/tx/${row.TxHash}`}
            target="_blank"
            rel="noreferrer"
            ff="monospace"
            fz="sm"
          >
            {shortHash(row.TxHash)}
          </Anchor>
        ) : (
          <Text span fz="sm" ff="monospace" title={row.TxHash}>
            {shortHash(row.TxHash)}
          </Text>
        ),
    },
    {
      key: 'From',
      header: 'From',
      nowrap: true,
      cell: (row) => (
        <Text span fz="sm" ff="monospace" title={row.From}>
          {shortHash(row.From)}
        </Text>
      ),
    },
    {
      key: 'DestTag',
      header: 'Dest. tag',
      align: 'right',
      cell: (row) =>
        row.DestTag === null ? (
          <Text span fz="sm" c="dimmed">
            none
          </Text>
        ) : (
          <Text span fz="sm" ff="monospace">
            {row.DestTag}
          </Text>
        ),
    },
    { key: 'Amount', header: 'Amount', align: 'right', cell: (row) => xrp(row.Amount) },
    {
      key: 'MatchedTransactionID',
      header: 'Matched transaction',
      nowrap: true,
      cell: (row) =>
        row.MatchedTransactionID === null ? (
          <Text span fz="sm" c="red">
            Unmatched
          </Text>
        ) : (
          <TransactionRefLink prefix="T" id={row.MatchedTransactionID} />
        ),
    },
    {
      key: 'Status',
      header: 'Status',
      nowrap: true,
      cell: (row) => (
        <PoolBadge color={XRP_STATUS_COLORS[row.Status]}>{XRP_STATUS_LABELS[row.Status]}</PoolBadge>
      ),
    },
    {
      key: 'Account',
      header: 'Account',
      export: false,
      nowrap: true,
      cell: (row) => (
        <Stack gap={0}>
          <Text span fz="sm" ff="monospace" title={row.Account.Address}>
            {row.Account.Role === 'pool' ? 'Pool' : shortHash(row.Account.Address)}
          </Text>
          {row.Account.Role === 'deposit' ? (
            <Text span fz="xs" c="dimmed">
              {row.Account.Sweep?.State === 'running'
                ? 'Sweeping…'
                : decimalToUnits(row.Account.Spendable, XRP_DECIMALS) > 0n
                  ? `${formatDecimal(row.Account.Spendable, 2)} XRP to sweep`
                  : row.Account.Sweep?.State === 'done'
                    ? 'Swept'
                    : 'Reserve only'}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'ReceivedOn',
      header: 'Age',
      sort: 'ReceivedOn',
      nowrap: true,
      cell: (row) => (
        <Text span fz="sm" title={`${formatUtcDate(row.ReceivedOn)} UTC`}>
          {ageOf(row.ReceivedOn)} ago
        </Text>
      ),
    },
  ];
}

function Summary({ pool }: { pool: XrpPool }) {
  const s = pool.Summary;
  return (
    <PoolSummaryCards
      cards={[
        { title: 'Pool balance', value: `${formatDecimal(s.PoolBalance, 2)} XRP`, isPrivate: true },
        {
          title: 'Reserve locked',
          value: `${formatDecimal(s.ReserveLocked, 2)} XRP`,
          hint: `${formatDecimal(s.BaseReserve, 1)} XRP base + ${formatDecimal(s.OwnerReserve, 1)} XRP per object`,
          isPrivate: true,
        },
        {
          title: 'Spendable',
          value: `${formatDecimal(s.Spendable, 2)} XRP`,
          hint: `Hot wallet ${formatDecimal(s.HotWallet.Balance, 2)} XRP`,
          isPrivate: true,
        },
        {
          title: 'Unmatched payments',
          value: formatCount(s.UnmatchedCount),
          hint: `${formatDecimal(s.UnmatchedAmount, 2)} XRP`,
          isAlert: s.UnmatchedCount > 0,
        },
        {
          title: 'RequireDest',
          value: s.RequireDest ? 'On' : 'Off',
          hint: s.RequireDest ? 'Untagged payments are refused' : 'Untagged payments are accepted',
        },
      ]}
    />
  );
}

function SweepButton({ row }: { row: XrpPaymentRow }) {
  const sweep = useSweepXrpAccount();
  return (
    <Button
      size="compact-sm"
      variant="light"
      loading={sweep.isPending}
      aria-label={`Sweep ${row.Account.Address} to the hot wallet`}
      onClick={() =>
        openConfirm({
          title: 'Sweep to hot wallet',
          message: `Send ${formatDecimal(row.Account.Spendable, 6)} XRP from ${row.Account.Address} to the hot wallet? It keeps its reserve of ${formatDecimal(row.Account.Reserve, 2)} XRP.`,
          confirmLabel: 'Sweep',
          isDanger: true,
          onConfirm: () => sweep.mutate({ Address: row.Account.Address }),
        })
      }
    >
      Sweep
    </Button>
  );
}

/**
 * The XRP Pool (SPEC §2.1 `transaction-xrp-pool`, ADR 0019): payments into the pooled account (told apart
 * by destination tag) and into per-invoice deposit accounts; staff assign the unmatched ones to a T
 * transaction and sweep deposit accounts above their reserve to the hot wallet.
 */
export function XrpPoolPage() {
  const url = useUrlParams(ADMIN_CALLS.XrpPool.params);
  const { params } = url;
  const query = useXrpPool(params);
  const [assigning, setAssigning] = useState<XrpPaymentRow | null>(null);
  const pool = query.isError ? undefined : query.data;
  const cols = columns(pool?.Summary.Mode === 'real');
  return (
    <Stack gap="lg">
      <ScreenHeader
        title="XRP Pool"
        description={
          pool
            ? `Payments into the pooled account and deposit accounts · ledger ${formatCount(pool.Summary.LedgerIndex)}`
            : 'Payments into the pooled account and deposit accounts'
        }
        actions={pool ? <IntegrationModeBadge mode={pool.Summary.Mode} /> : null}
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Show"
          data={[
            { value: 'attention', label: 'Needs attention' },
            { value: 'all', label: 'All payments' },
          ]}
          value={params?.view ?? 'attention'}
          allowDeselect={false}
          onChange={(value) => value && url.set({ view: value })}
          w={200}
        />
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          data={XRP_PAYMENT_STATUSES.map((s) => ({ value: s, label: XRP_STATUS_LABELS[s] }))}
          value={params?.status ?? null}
          onChange={(value) => url.set({ status: value ?? undefined })}
          w={220}
        />
      </Group>
      {pool ? <Summary pool={pool} /> : null}
      {params ? (
        <PoolTable
          title="Inbound payments"
          columns={cols}
          query={query}
          url={url}
          rowKey={(row) => row.ID}
          empty={
            params.view === 'attention' && !params.status
              ? 'No XRP payment needs attention'
              : 'No XRP payment'
          }
          actions={<ExportButton call="XrpPool" params={params} columns={cols} />}
          rowActions={(row) => (
            <Group gap={4} wrap="nowrap" justify="flex-end">
              {isUnmatched(row) ? (
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => setAssigning(row)}
                  aria-label={`Assign payment ${row.ID} to a transaction`}
                >
                  Assign
                </Button>
              ) : null}
              {canSweep(row) ? <SweepButton row={row} /> : null}
            </Group>
          )}
        />
      ) : null}
      <Text size="xs" c="dimmed">
        Dates in UTC. A deposit account keeps its reserve; a sweep moves what is above it less the network
        fee.
      </Text>
      <AssignDialog payment={assigning} onClose={() => setAssigning(null)} />
    </Stack>
  );
}
