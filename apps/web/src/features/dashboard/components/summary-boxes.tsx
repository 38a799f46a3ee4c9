import { VOLUME_DECIMALS } from '@bo/contract';
import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { type Icon, IconCurrencyEuro, IconReceipt, IconReceiptEuro, IconUserPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { addDecimals, formatCount, formatDecimal } from '../../../lib/format/decimal';
import { privacyStyle } from '../../../lib/format/privacy-style';
import { useAppStore } from '../../../lib/session/session.store';
import { useLast24H, useTotalRegistrations24H } from '../api/use-dashboard-data';

interface BoxProps {
  title: string;
  icon: Icon;
  value: ReactNode;
  detail?: ReactNode;
  isLoading: boolean;
  isPrivate?: boolean;
}

function SummaryBox({ title, icon: BoxIcon, value, detail, isLoading, isPrivate = false }: BoxProps) {
  const privacyMode = useAppStore((s) => s.privacyMode);
  return (
    <Card component="section" aria-label={title} padding="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="xs" c="dimmed" fw={700} tt="uppercase">
          {title}
        </Text>
        <ThemeIcon variant="light" size="md" radius="md" aria-hidden>
          <BoxIcon size={16} />
        </ThemeIcon>
      </Group>
      {isLoading ? (
        <Skeleton h={28} mt="sm" w="60%" />
      ) : (
        <>
          <Text
            fz={24}
            fw={700}
            mt="xs"
            ff="monospace"
            style={isPrivate ? privacyStyle(privacyMode) : undefined}
          >
            {value}
          </Text>
          {detail ? (
            <Text size="xs" c="dimmed" mt={4} style={isPrivate ? privacyStyle(privacyMode) : undefined}>
              {detail}
            </Text>
          ) : null}
        </>
      )}
    </Card>
  );
}

const eur = (amount: string | null): string =>
  amount === null ? '—' : formatDecimal(amount, VOLUME_DECIMALS);

/** The four 24-hour boxes of SPEC §2.6 item 1 (admin-commander only). */
export function SummaryBoxes() {
  const overview = useLast24H(true);
  const registrations = useTotalRegistrations24H(true);
  const tx = overview.data?.transactionsStats;
  const payouts = overview.data?.payoutsStats;

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <SummaryBox
        title="Transactions / 24H"
        icon={IconReceipt}
        isLoading={overview.isPending}
        value={tx ? `${formatCount(tx.totalPaidTransactions)} / ${formatCount(tx.totalTransactions)}` : '—'}
        detail={payouts ? `Payouts: ${formatCount(payouts.totalPayouts)}` : null}
      />
      <SummaryBox
        title="Volume (EUR) / 24H"
        icon={IconCurrencyEuro}
        isLoading={overview.isPending}
        isPrivate
        value={tx ? eur(tx.totalVolume) : '—'}
        detail={
          tx && payouts ? `Paid: ${eur(tx.totalPaidVolume)} · Payouts: ${eur(payouts.totalVolume)}` : null
        }
      />
      <SummaryBox
        title="Revenue (EUR) / 24H"
        icon={IconReceiptEuro}
        isLoading={overview.isPending}
        isPrivate
        value={tx && payouts ? eur(addDecimals(tx.totalRevenueInEUR, payouts.totalRevenueInEUR)) : '—'}
        detail={
          tx && payouts
            ? `Transactions: ${eur(tx.totalRevenueInEUR)} · Payouts: ${eur(payouts.totalRevenueInEUR)}`
            : null
        }
      />
      <SummaryBox
        title="New Registrations / 24H"
        icon={IconUserPlus}
        isLoading={registrations.isPending}
        value={registrations.data ? formatCount(registrations.data.TotalRegistrations) : '—'}
      />
    </SimpleGrid>
  );
}
