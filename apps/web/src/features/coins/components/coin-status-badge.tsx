import type { CoinHealthStatus } from '@bo/contract';
import { Badge } from '@mantine/core';

const LOOK: Record<CoinHealthStatus, { color: string; label: string }> = {
  red: { color: 'red', label: 'Red' },
  amber: { color: 'yellow', label: 'Amber' },
  green: { color: 'green', label: 'Green' },
};

/** A coin's health colour as a badge; the word is there too, so colour is never the only sign. */
export function CoinStatusBadge({ status, size = 'sm' }: { status: CoinHealthStatus; size?: 'sm' | 'lg' }) {
  const look = LOOK[status];
  return (
    <Badge color={look.color} variant="filled" size={size} style={{ flexShrink: 0 }}>
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
