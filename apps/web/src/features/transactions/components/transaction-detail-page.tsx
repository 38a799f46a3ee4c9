import { AMOUNT_DECIMALS, adminPath, badgeColor, formatUtcDate, type Transaction } from '@bo/contract';
import { Anchor, Badge, Card, Code, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { type DefinitionItem, DefinitionList } from '../../../components/ui/definition-list/definition-list';
import { isApiError } from '../../../lib/api/api-error';
import { handleApiError } from '../../../lib/api/error-handler';
import { formatDecimal } from '../../../lib/format/decimal';
import { privacyStyle } from '../../../lib/format/privacy-style';
import { useAppStore } from '../../../lib/session/session.store';
import { useTransactionDetail } from '../api/use-transactions';
import { AuditTrail } from './audit-trail';
import { RowActions } from './row-actions';
import { safeTransactionRef } from './transaction-ref';

type Item = DefinitionItem;

const text = (value: string | number | null | undefined): ReactNode =>
  value === null || value === undefined || value === '' ? (
    <Text span c="dimmed" fz="sm">
      —
    </Text>
  ) : (
    String(value)
  );

const date = (value: string | null): ReactNode => (value ? formatUtcDate(value) : text(null));

function DetailGroup({ title, items }: { title: string; items: Item[] }) {
  const id = `tx-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={id} padding="md">
      <Title order={2} size="h5" mb="sm" id={id}>
        {title}
      </Title>
      <DefinitionList items={items} />
    </Card>
  );
}

function Detail({ tx }: { tx: Transaction }) {
  const blur = privacyStyle(useAppStore((s) => s.privacyMode));
  const amount = (value: ReactNode): ReactNode => (
    <Text span fz="sm" style={blur}>
      {value}
    </Text>
  );
  const groups: Array<[string, Item[]]> = [
    [
      'Overview',
      [
        ['Transaction ID', safeTransactionRef(tx.Prefix, tx.TransactionID)],
        ['Prefix', tx.Prefix === 'T' ? 'T (payment)' : 'P (payout)'],
        ['Record ID', tx.ID],
        [
          'Status',
          <Badge key="status" color={badgeColor(tx.Status)} variant="light">
            {tx.Status}
          </Badge>,
        ],
        ['Not Enough', tx.NotEnough === 1 ? 'Yes' : 'No'],
        ['Type', text(tx.TransactionType)],
        ['External Provider', text(tx.ExternalTransactionProvider)],
        ['Tag', text(tx.Tag)],
      ],
    ],
    [
      'Amounts',
      [
        ['Original Amount', amount(`${tx.OriginalAmount} ${tx.InputCurrency}`)],
        ['Original Amount Fee', tx.OriginalAmountFee === null ? text(null) : amount(tx.OriginalAmountFee)],
        ['Amount', amount(`${formatDecimal(tx.Amount, AMOUNT_DECIMALS)} ${tx.CoinName}`)],
        ['Coin', `${tx.LongName} (${tx.CoinName}, ID ${tx.AltCoinID})`],
        [
          'Fiat Confirmed Amount',
          tx.FiatConfirmedAmount === null ? text(null) : amount(tx.FiatConfirmedAmount),
        ],
      ],
    ],
    [
      'Parties',
      [
        ['Merchant', amount(tx.ShopTitle)],
        ['Owner', amount(tx.OwnerNickName)],
        ['Merchant ID', tx.MerchantID],
        ['Email', text(tx.Email)],
        ['Invoice CC', text(tx.InvoiceCC)],
      ],
    ],
    [
      'Addresses & references',
      [
        ['Coin Address', text(tx.CoinAddress)],
        [
          'Block Explorer',
          tx.BlockExplorer && /^https?:\/\//i.test(tx.BlockExplorer) ? (
            <Anchor key="explorer" href={tx.BlockExplorer} target="_blank" rel="noopener noreferrer" fz="sm">
              {tx.BlockExplorer}
            </Anchor>
          ) : (
            text(tx.BlockExplorer)
          ),
        ],
        ['Security Key', text(tx.Security)],
        ['Customer Reference', text(tx.CustomerReferenceNr)],
        ['XChange ID', text(tx.XChangeID)],
        [
          'Master Transaction',
          tx.MasterTransactionID === null
            ? text(null)
            : safeTransactionRef(tx.Prefix, tx.MasterTransactionID),
        ],
        ['Revolut ID', text(tx.revolutID)],
        ['Confirm URL', text(tx.ConfirmURL)],
        ['Fail URL', text(tx.FailURL)],
      ],
    ],
    [
      'Dates',
      [
        ['Created On', date(tx.CreatedOn)],
        ['Date', date(tx.Date)],
        ['Confirmed On', date(tx.TransactionConfirmedOn)],
        ['Expired', date(tx.Expired)],
      ],
    ],
  ];

  return (
    <>
      <Card padding="sm" component="section" aria-label="Actions">
        <Group gap="sm">
          <Text fz="sm" c="dimmed">
            Actions
          </Text>
          <RowActions tx={tx} isMaster={false} />
        </Group>
      </Card>
      <Grid gap="md">
        {groups.map(([title, items]) => (
          <Grid.Col key={title} span={{ base: 12, lg: 6 }}>
            <DetailGroup title={title} items={items} />
          </Grid.Col>
        ))}
      </Grid>
      <Card component="section" aria-labelledby="tx-comments" padding="md">
        <Title order={2} size="h5" mb="sm" id="tx-comments">
          Comments
        </Title>
        {tx.Comments ? (
          <Code block style={{ whiteSpace: 'pre-wrap' }}>
            {tx.Comments}
          </Code>
        ) : (
          <Text size="sm" c="dimmed">
            No comments
          </Text>
        )}
      </Card>
      <AuditTrail txRef={safeTransactionRef(tx.Prefix, tx.TransactionID)} />
    </>
  );
}

/** One transaction with every field of SPEC §3, by the reference in the URL (route transactions/:id). */
export function TransactionDetailPage() {
  const { id = '' } = useParams();
  const ref = id.trim().toUpperCase();
  const isValidRef = /^[TP]\d{1,18}$/.test(ref);
  const detail = useTransactionDetail(ref, isValidRef);
  const isNotFound =
    !isValidRef || (detail.isError && isApiError(detail.error) && detail.error.httpStatus === 404);

  // The 404 is this page's own message; anything else goes through the global policy (SPEC §8).
  useEffect(() => {
    if (detail.error && !isNotFound) handleApiError(detail.error);
  }, [detail.error, isNotFound]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h3">
          Transaction Detail
        </Title>
        <Anchor component={Link} to={adminPath('dashboard')} fz="sm">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={14} aria-hidden />
            Back to dashboard
          </Group>
        </Anchor>
      </Group>
      {isNotFound ? (
        <Text c="dimmed">No record found!</Text>
      ) : detail.isPending ? (
        <Skeleton h={320} />
      ) : detail.isError ? (
        <Text c="dimmed">Could not load this transaction.</Text>
      ) : (
        <Detail tx={detail.data} />
      )}
    </Stack>
  );
}
