import type { CoinHealthStatus } from '@bo/contract';
import { Badge, Text } from '@mantine/core';
import { formatDecimal } from '../../../lib/format/decimal';
import { privacyStyle } from '../../../lib/format/privacy-style';
import { useAppStore } from '../../../lib/session/session.store';

const LOOK: Record<CoinHealthStatus, { color: string; label: string }> = {
  red: { color: 'red', label: 'Red' },
  amber: { color: 'yellow', label: 'Amber' },
  green: { color: 'green', label: 'Green' },
};

/** A coin's health colour as a badge; the word is there too, so colour is never the only sign. */
export function CoinStatusBadge({ status, size = 'sm' }: { status: CoinHealthStatus; size?: 'sm' | 'lg' }) {
  const look = LOOK[status];
  return (
    <Badge
      color={look.color}
      variant="filled"
      size={size}
      style={{ flexShrink: 0, overflow: 'visible' }}
      miw="fit-content"
    >
      {look.label}
    </Badge>
  );
}

/** Seconds as staff read an age: '45 s', '12 min', '3 h 5 min', '2 d 4 h'. */
export function formatAge(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

export const formatHeight = (n: number | null): string => (n === null ? '—' : n.toLocaleString('en-US'));

/**
 * A coin amount as a health screen reads it: fewer decimals the larger it is (2 from 1,000, 4 from 1, else 8),
 * trailing zeros dropped. The exact figure stays in the title for hover.
 */
export function compactAmount(value: string): string {
  const abs = Math.abs(Number(value));
  const decimals = abs >= 1000 ? 2 : abs >= 1 ? 4 : 8;
  return formatDecimal(value, decimals)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
}

/** A coin amount, compact, blurred in Privacy Mode. */
export function CoinAmount({
  value,
  unit,
  dimmed = false,
}: {
  value: string | null;
  unit?: string;
  dimmed?: boolean;
}) {
  const blur = privacyStyle(useAppStore((s) => s.privacyMode));
  if (value === null) return <>—</>;
  return (
    <Text
      span
      fz={dimmed ? 'xs' : 'sm'}
      c={dimmed ? 'dimmed' : undefined}
      ff="monospace"
      title={unit ? `${value} ${unit}` : value}
      style={{ whiteSpace: 'nowrap', ...blur }}
    >
      {compactAmount(value)}
      {unit ? ` ${unit}` : ''}
    </Text>
  );
}
