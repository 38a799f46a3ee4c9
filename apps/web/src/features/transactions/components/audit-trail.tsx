import { Card, Skeleton, Text, Title } from '@mantine/core';
import { AuditTable } from '../../../components/ui/audit-table/audit-table';
import { useTransactionAudit } from '../api/use-transactions';

const ACTION_LABELS: Record<string, string> = {
  'transaction.status': 'Status changed',
  'transaction.log': 'Log added',
};

/** The audit trail of staff changes to a transaction (issue #3), oldest first. */
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
      ) : (
        <AuditTable entries={trail.data} actionLabels={ACTION_LABELS} label="Audit trail" />
      )}
    </Card>
  );
}
