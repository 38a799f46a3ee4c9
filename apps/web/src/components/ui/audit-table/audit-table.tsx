import { type AuditEntry, formatUtcDate } from '@bo/contract';
import { Code, Table, Text } from '@mantine/core';

const show = (value: unknown): string =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/**
 * The fields an entry changed, as 'Field: before → after' lines (a diff of the two snapshots); a comment log
 * shows only its newest line, since the rest is the old log repeated.
 */
export function changedFields(entry: Pick<AuditEntry, 'Before' | 'After'>): string[] {
  const before = entry.Before ?? {};
  const after = entry.After ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.flatMap((key) => {
    const was = before[key];
    const now = after[key];
    if (JSON.stringify(was) === JSON.stringify(now)) return [];
    if (key === 'Comments') return [`Comments: + ${show(now).split('\n')[0] ?? ''}`];
    return [`${key}: ${show(was)} → ${show(now)}`];
  });
}

export interface AuditTableProps {
  entries: readonly AuditEntry[];
  /** Readable names of the actions (`merchant.update` → 'Record changed'); others show as stored. */
  actionLabels?: Readonly<Record<string, string>>;
  label: string;
  emptyText?: string;
}

/** Staff changes as who / when / what / the fields before → after; text only, never HTML. */
export function AuditTable({
  entries,
  actionLabels = {},
  label,
  emptyText = 'No staff changes yet',
}: AuditTableProps) {
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing={6} fz="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When (UTC)</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>Change</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.ID}>
              <Table.Td ff="monospace" fz="xs" style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                {formatUtcDate(entry.At)}
              </Table.Td>
              <Table.Td style={{ verticalAlign: 'top' }}>{entry.Actor}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                {actionLabels[entry.Action] ?? entry.Action}
              </Table.Td>
              <Table.Td>
                <Code block style={{ whiteSpace: 'pre-wrap' }}>
                  {changedFields(entry).join('\n') || '—'}
                </Code>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
