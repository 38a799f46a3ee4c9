import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

/** A pool state or payment status; the whole text always shows, as StatusBadge does. */
export function PoolBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge
      color={color}
      variant="light"
      tt="none"
      styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {children}
    </Badge>
  );
}
