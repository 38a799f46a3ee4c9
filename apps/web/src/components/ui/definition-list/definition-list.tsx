import { Box, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

export type DefinitionItem = [label: string, value: ReactNode];

/** Labels and values in two columns, as a real `<dl>` so screen readers announce the pairs. */
export function DefinitionList({ items, label }: { items: readonly DefinitionItem[]; label?: string }) {
  return (
    <Box
      component="dl"
      m={0}
      aria-label={label}
      style={{ display: 'grid', gridTemplateColumns: 'minmax(140px, 2fr) 3fr', gap: '6px 12px' }}
    >
      {items.map(([term, value]) => (
        <Fragment key={term}>
          <Text component="dt" fz="sm" c="dimmed">
            {term}
          </Text>
          <Box component="dd" m={0} fz="sm" style={{ wordBreak: 'break-word' }}>
            {value}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}
