import { type AuditEntry, formatUtcDate } from '@bo/contract';
import { Card, Code, Skeleton, Table, Text, Title } from '@mantine/core';
import { useTransactionAudit } from '../api/use-transactions';

const ACTION_LABELS: Record<string, string> = {
  'transaction.status': 'Status changed',
  'transaction.log': 'Log added',
};

const show = (value: unknown): string =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** The fields an entry changed, as 'Field: before → after' lines; the comment log shows only its new line. */
export function changedFields(entry: AuditEntry): string[] {
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

/** The audit trail of staff changes to a transaction (issue #3), oldest first; text only, never HTML. */
export function AuditTrail({ txRef }: { txRef: string }) {
  const trail = useTransactionAudit(txRef, true);
  return (
    <Card component="section" aria-labelledby="tx-audit" padding="md">
      <Title order={2} size="h5" mb="sm" id="tx-audit">
        Audit trail
      </Title>
      {trail.isPending ? (
        <Skeleton h={60} />
      ) : trail.isError ? (
        <Text size="sm" c="dimmed">
          Could not load the audit trail.
        </Text>
      ) : trail.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No staff changes yet
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing={6} fz="sm" aria-label="Audit trail">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When (UTC)</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th>Change</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {trail.data.map((entry) => (
                <Table.Tr key={entry.ID}>
                  <Table.Td ff="monospace" fz="xs" style={{ whiteSpace: 'nowrap' }}>
                    {formatUtcDate(entry.At)}
                  </Table.Td>
                  <Table.Td>{entry.Actor}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {ACTION_LABELS[entry.Action] ?? entry.Action}
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
      )}
    </Card>
  );
}
