import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type SortOrder = 'asc' | 'desc';

/** The order after a click on a column header: a new column starts descending, the same one toggles. */
export const nextSort = <K extends string>(current: { key: K; order: SortOrder }, clicked: K): SortOrder =>
  current.key === clicked && current.order === 'desc' ? 'asc' : 'desc';

export interface SortableHeaderProps {
  label: ReactNode;
  isSorted: boolean;
  order: SortOrder;
  onSort: () => void;
  nowrap?: boolean;
}

/** A column header that sorts on click, announcing its state with aria-sort. */
export function SortableHeader({ label, isSorted, order, onSort, nowrap = false }: SortableHeaderProps) {
  const Arrow = order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      aria-sort={isSorted ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
      style={nowrap ? { whiteSpace: 'nowrap' } : undefined}
    >
      <UnstyledButton onClick={onSort} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          {isSorted ? <Arrow size={14} aria-hidden /> : null}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
