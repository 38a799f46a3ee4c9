import {
  isInSync,
  isServiceOk,
  SERVICE_STATUS_ENDPOINTS,
  SERVICE_STATUS_TEXTS,
  type ServiceStatusEndpoint,
  type SyncSource,
} from '@bo/contract';
import { Button, Card, Group, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useHasPermission } from '../../../lib/session/use-permission';
import { useServiceStatus, useSlaveStatus } from '../api/use-sync-status';

const KNOWN_TEXTS: ReadonlySet<string> = new Set(Object.values(SERVICE_STATUS_TEXTS));

const SOURCE_TEXT: Record<SyncSource, string> = {
  primary: 'No replica: reads come from the primary database, so nothing can lag behind it.',
  standby: 'The server reads from a standby; lag measured on that standby.',
  'read-replica': 'Lag of the configured read replica.',
  replicas: 'Standbys of the primary; the one furthest behind counts.',
};

interface StatusButtonProps {
  label: ReactNode;
  /** Read by screen readers after the label, since colour alone says nothing to them. */
  statusText: string;
  isOk: boolean;
  isChecking: boolean;
  detail: ReactNode;
  onRecheck: () => void;
}

function StatusButton({ label, statusText, isOk, isChecking, detail, onRecheck }: StatusButtonProps) {
  const Icon = isOk ? IconCircleCheck : IconCircleX;
  return (
    <Tooltip label={detail} multiline maw={280} withArrow>
      <Button
        size="xs"
        color={isChecking ? 'gray' : isOk ? 'green' : 'red'}
        loading={isChecking}
        leftSection={<Icon size={14} aria-hidden />}
        onClick={onRecheck}
      >
        {label}
        <VisuallyHidden>: {statusText}</VisuallyHidden>
      </Button>
    </Tooltip>
  );
}

function ReplicationButton() {
  const query = useSlaveStatus(true);
  const status = query.data;
  const isOk = status !== undefined && isInSync(status);
  const detail = status ? (
    <>
      {SOURCE_TEXT[status.Source]}
      <br />
      Seconds behind: {status.Seconds_Behind_Master ?? 'unknown'} · IO: {status.Slave_IO_Running} · SQL:{' '}
      {status.Slave_SQL_Running}
    </>
  ) : (
    'The replication state could not be read.'
  );
  return (
    <StatusButton
      label={isOk ? 'Synced' : 'Out of Sync'}
      statusText={isOk ? 'OK' : 'not OK'}
      isOk={isOk}
      isChecking={query.isPending && query.isFetching}
      detail={detail}
      onRecheck={() => void query.refetch()}
    />
  );
}

function ServiceButton({ endpoint }: { endpoint: ServiceStatusEndpoint }) {
  const query = useServiceStatus(endpoint);
  const text = query.data;
  const isOk = text !== undefined && isServiceOk(text);
  // Our server answers a fixed vocabulary; anything else (an error page, a lost session) is just not OK.
  const statusText =
    text !== undefined && KNOWN_TEXTS.has(text) ? text : query.isError ? 'NO ANSWER' : 'NOT OK';
  return (
    <StatusButton
      label={endpoint.label}
      statusText={statusText}
      isOk={isOk}
      isChecking={query.isPending}
      detail={`${endpoint.label}, the ${endpoint.service}: ${statusText}`}
      onRecheck={() => void query.refetch()}
    />
  );
}

/**
 * The dashboard's 'Sync Status' side box (SPEC §2.6 item 3): replica sync and the four services, green
 * when OK and red otherwise, re-checked every 5 minutes or on a click. The replication button needs
 * view-transactions, the slug of the SlaveStatus call; the services need only a session.
 */
export function SyncStatusBox() {
  const canSeeReplication = useHasPermission('view-transactions');
  return (
    <Card component="section" aria-label="Sync Status" padding="md">
      <Title order={3} size="h5" mb="sm">
        Sync Status
      </Title>
      <Group gap="xs">
        {canSeeReplication ? <ReplicationButton /> : null}
        {SERVICE_STATUS_ENDPOINTS.map((endpoint) => (
          <ServiceButton key={endpoint.key} endpoint={endpoint} />
        ))}
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        Click a button to check it again.
      </Text>
    </Card>
  );
}
