import { Card, createTheme } from '@mantine/core';

/** A calm, dense look for a tool people trust with money. */
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  fontFamilyMonospace: 'ui-monospace, "SF Mono", Menlo, Consolas, monospace',
  headings: { fontWeight: '650' },
  components: {
    Card: Card.extend({ defaultProps: { withBorder: true, shadow: 'xs', radius: 'md' } }),
    // A plain object, not Table.extend(): importing Table here would put the table (and its scroll area)
    // into the login page's download.
    Table: { defaultProps: { horizontalSpacing: 'sm' } },
    // Mantine 9 keeps every closed Select's options in the page (display: none). The dashboard's merchant
    // pickers hold hundreds of merchants each: mounted, they doubled the dashboard's DOM and were rendered
    // again with every keystroke of a filter. Options now mount when the list opens (ADR 0012).
    Combobox: { defaultProps: { keepMounted: false } },
  },
});
