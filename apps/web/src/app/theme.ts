import { Card, createTheme, Table } from '@mantine/core';

/** A calm, dense look for a tool people trust with money. */
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  fontFamilyMonospace: 'ui-monospace, "SF Mono", Menlo, Consolas, monospace',
  headings: { fontWeight: '650' },
  components: {
    Card: Card.extend({ defaultProps: { withBorder: true, shadow: 'xs', radius: 'md' } }),
    Table: Table.extend({ defaultProps: { horizontalSpacing: 'sm' } }),
  },
});
