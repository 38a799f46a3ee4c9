import { Card, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SideTableBoxProps<Row> {
  title: string;
  columns: [string, string];
  rows: Row[] | undefined;
  isLoading: boolean;
  isError: boolean;
  emptyText: string;
  rowKey: (row: Row) => string | number;
  renderCells: (row: Row) => [ReactNode, ReactNode];
  /** A link beside the title to the screen behind the box (e.g. the KYC queue). */
  action?: ReactNode;
}

/** A dashboard side box: a titled two-column table with its empty text (SPEC §2.6 item 3). */
export function SideTableBox<Row>({
  title,
  columns,
  rows,
  isLoading,
  isError,
  emptyText,
  rowKey,
  renderCells,
  action,
}: SideTableBoxProps<Row>) {
  return (
    <Card component="section" aria-label={title} padding="md">
      <Group justify="space-between" align="baseline" mb="sm" wrap="nowrap">
        <Title order={3} size="h5">
          {title}
        </Title>
        {action}
      </Group>
      {isLoading ? (
        <Skeleton h={80} />
      ) : isError ? (
        <Text size="sm" c="dimmed">
          Could not load this list.
        </Text>
      ) : !rows || rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={280}>
          <Table verticalSpacing={6} fz="sm" striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{columns[0]}</Table.Th>
                <Table.Th>{columns[1]}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const [first, second] = renderCells(row);
                return (
                  <Table.Tr key={rowKey(row)}>
                    <Table.Td>{first}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }} ff="monospace">
                      {second}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
