import {
  AMOUNT_DECIMALS,
  adminPath,
  badgeColor,
  formatTransactionRef,
  formatUtcDate,
  type TransactionPrefix,
  VOLUME_DECIMALS,
} from '@bo/contract';
import { ActionIcon, Anchor, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { copyToClipboard } from '../../lib/clipboard';
import { formatDecimal } from '../../lib/format/decimal';
import { privacyStyle } from '../../lib/format/privacy-style';
import { useAppStore } from '../../lib/session/session.store';
import { Dash } from './data-table';

const usePrivacy = () => privacyStyle(useAppStore((s) => s.privacyMode));

export interface MoneyCellProps {
  /** An exact decimal string as the wire carries it; null shows a dash. */
  value: string | null | undefined;
  /** Default 8 (SPEC §9 amounts); VolumeCell uses 2. */
  decimals?: number;
  /** A currency code after the figure. */
  unit?: string;
  /** Red below zero. */
  signed?: boolean;
}

/** An amount with the SPEC §9 decimals, monospaced, blurred in Privacy Mode. */
export function MoneyCell({ value, decimals = AMOUNT_DECIMALS, unit, signed = false }: MoneyCellProps) {
  const blur = usePrivacy();
  if (value === null || value === undefined || value === '') return <Dash />;
  const isNegative = signed && value.trim().startsWith('-');
  return (
    <Text
      span
      fz="sm"
      ff="monospace"
      c={isNegative ? 'red' : undefined}
      style={{ whiteSpace: 'nowrap', ...blur }}
    >
      {formatDecimal(value, decimals)}
      {unit ? ` ${unit}` : ''}
    </Text>
  );
}

/** A volume (EUR values, totals): 2 decimals (SPEC §9). */
export function VolumeCell(props: Omit<MoneyCellProps, 'decimals'>) {
  return <MoneyCell {...props} decimals={VOLUME_DECIMALS} />;
}

/** A date in UTC as SPEC §9 shows it (YYYY-MM-DD hh:mm:ss A), labelled UTC. */
export function UtcDateCell({
  value,
  withZone = true,
  empty,
  stacked = false,
}: {
  value: string | null | undefined;
  withZone?: boolean;
  /** What a missing date reads, e.g. 'Never'; default a dash. */
  empty?: string;
  /** The day above the time, for a table with many columns that must fit without scrolling sideways. */
  stacked?: boolean;
}) {
  if (!value)
    return empty ? (
      <Text span fz="sm" c="dimmed">
        {empty}
      </Text>
    ) : (
      <Dash />
    );
  const text = formatUtcDate(value);
  return (
    // pre-line breaks only at the newline: the text still reads as one date to a screen reader or a search.
    <Text span fz="xs" ff="monospace" style={{ whiteSpace: stacked ? 'pre-line' : 'nowrap' }}>
      <span>{stacked ? text.replace(' ', '\n') : text}</span>
      {withZone ? (
        <Text span fz="xs" c="dimmed" ml={4}>
          UTC
        </Text>
      ) : null}
    </Text>
  );
}

/** A status with its SPEC §4 colour; the whole text always shows. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge
      color={badgeColor(status)}
      variant="light"
      tt="none"
      styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {status}
    </Badge>
  );
}

/** A Yes/No flag with SPEC §4's colours (Yes green, No yellow). */
export function YesNoBadge({ value }: { value: boolean | number | null | undefined }) {
  const text = value === true || value === 1 ? 'Yes' : 'No';
  return <StatusBadge status={text} />;
}

/** A transaction's reference, or the bare id when it cannot be formatted: a cell never breaks its table. */
export const safeRef = (prefix: TransactionPrefix, id: number): string => {
  try {
    return formatTransactionRef(prefix, id);
  } catch {
    return `${prefix}${id}`;
  }
};

/** A transaction or payout reference linking to its detail screen. */
export function TransactionRefLink({ prefix, id }: { prefix: TransactionPrefix; id: number }) {
  const ref = safeRef(prefix, id);
  return (
    <Anchor component={Link} to={adminPath('transaction-detail', { id: ref })} fz="sm" ff="monospace">
      {ref}
    </Anchor>
  );
}

/** A merchant's name linking to its record (`/admin/users/{id}`); blurred in Privacy Mode. */
export function MerchantLink({ id, name, wrap = false }: { id: number; name?: ReactNode; wrap?: boolean }) {
  const blur = usePrivacy();
  return (
    <Anchor
      component={Link}
      to={adminPath('user-detail', { id: String(id) })}
      fz="sm"
      style={{ ...blur, whiteSpace: wrap ? 'normal' : 'nowrap' }}
    >
      {name ?? `Merchant ${id}`}
    </Anchor>
  );
}

/** An id in monospace with a copy button (the copy confirms with SPEC §8's toast). */
export function CopyableId({ value, label = 'Copy' }: { value: string | number; label?: string }) {
  const text = String(value);
  return (
    <Group gap={4} wrap="nowrap">
      <Text span fz="sm" ff="monospace">
        {text}
      </Text>
      <Tooltip label={label} withArrow>
        <ActionIcon
          variant="subtle"
          size="sm"
          color="gray"
          aria-label={`${label} ${text}`}
          onClick={() => void copyToClipboard(text)}
        >
          <IconCopy size={14} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
