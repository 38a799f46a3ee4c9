import {
  CONFIG_NAMESPACES,
  CONFIG_STATUS_LABELS,
  type ConfigHistoryRow,
  type ConfigNamespace,
} from '@bo/contract';
import { Badge, Button, Card, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import { configSections, pathLabel } from '../../../components/config-form/config-fields';
import { LayeredDrawer } from '../../../components/ui/layered-drawer';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { statusColor, when } from './config-labels';

/** The versions of a namespace, newest first, each with its changes side by side and Restore. */
export function ConfigHistoryDrawer({
  ns,
  opened,
  onClose,
  activeVersion,
  onRestore,
}: {
  ns: ConfigNamespace;
  opened: boolean;
  onClose: () => void;
  activeVersion: number | null;
  onRestore: (version: number) => void;
}) {
  const history = useAdminQuery('ConfigHistory', { Namespace: ns }, { enabled: opened });
  const sections = useMemo(() => configSections(CONFIG_NAMESPACES[ns].schema), [ns]);
  const label = (path: string) => pathLabel(sections, path);
  return (
    <LayeredDrawer opened={opened} onClose={onClose} position="right" size={760} title="Versions">
      {history.isPending ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="sm">
          {history.data?.records.length === 0 ? (
            <Text c="dimmed" fz="sm">
              No version yet: the platform runs on the built-in defaults.
            </Text>
          ) : null}
          {history.data?.records.map((row) => (
            <VersionCard
              key={row.Version}
              row={row}
              label={label}
              // Restoring goes back to what was once in force or proposed: not the active or a pending one.
              canRestore={
                row.Version !== activeVersion && (row.Status === 'superseded' || row.Status === 'rejected')
              }
              onRestore={() => onRestore(row.Version)}
            />
          ))}
        </Stack>
      )}
    </LayeredDrawer>
  );
}

function VersionCard({
  row,
  label,
  canRestore,
  onRestore,
}: {
  row: ConfigHistoryRow;
  label: (path: string) => string;
  canRestore: boolean;
  onRestore: () => void;
}) {
  return (
    <Card withBorder padding="sm" component="article" aria-label={`Version ${row.Version}`}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>v{row.Version}</Text>
            <Badge color={statusColor(row.Status)} variant="light" tt="none">
              {CONFIG_STATUS_LABELS[row.Status]}
            </Badge>
          </Group>
          <Text fz="xs" c="dimmed">
            by {row.Author} · {when(row.CreatedAt)}
            {row.Approver
              ? ` · ${row.Status === 'rejected' ? 'rejected' : 'approved'} by ${row.Approver}`
              : ''}
          </Text>
          {row.Comment ? <Text fz="sm">{row.Comment}</Text> : null}
          {row.DecisionNote ? (
            <Text fz="sm" c="red">
              Rejected: {row.DecisionNote}
            </Text>
          ) : null}
        </Stack>
        {canRestore ? (
          <Button size="xs" variant="light" onClick={onRestore}>
            Restore v{row.Version}
          </Button>
        ) : null}
      </Group>
      {row.Changes.length > 0 ? (
        <Table mt="xs" fz="xs" withTableBorder aria-label={`Changes in v${row.Version}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Field</Table.Th>
              <Table.Th>Before</Table.Th>
              <Table.Th>After</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {row.Changes.map((c) => (
              <Table.Tr key={`${c.Kind}:${c.Path}`}>
                <Table.Td>{label(c.Path)}</Table.Td>
                <Table.Td ff="monospace" c="red.8" style={{ wordBreak: 'break-all' }}>
                  {c.Old ?? '—'}
                </Table.Td>
                <Table.Td ff="monospace" c="green.8" style={{ wordBreak: 'break-all' }}>
                  {c.New ?? '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text fz="xs" c="dimmed" mt="xs">
          No change from the version before it.
        </Text>
      )}
    </Card>
  );
}
