import { Badge, Card, Code, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { PageHeader } from '../../../components/ui/page-header';
import { usePermissions, useRoles } from '../api/use-roles';

function LoadState({
  isLoading,
  isError,
  isEmpty,
  emptyText,
}: {
  isLoading: boolean;
  isError: boolean;
  isEmpty: boolean;
  emptyText: string;
}) {
  if (isLoading) return <Skeleton h={120} />;
  if (isError)
    return (
      <Text size="sm" c="dimmed">
        Could not load this list.
      </Text>
    );
  if (isEmpty)
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  return null;
}

function RolesTable() {
  const roles = useRoles();
  const rows = roles.data ?? [];
  return (
    <Card component="section" aria-labelledby="roles-heading" padding="md">
      <Title order={2} size="h5" mb="sm" id="roles-heading">
        Roles
      </Title>
      <LoadState
        isLoading={roles.isPending}
        isError={roles.isError}
        isEmpty={rows.length === 0}
        emptyText="No role found"
      />
      {rows.length > 0 ? (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing={6} fz="sm" striped highlightOnHover aria-labelledby="roles-heading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Permissions</Table.Th>
                <Table.Th ta="right">Staff</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((role) => (
                <Table.Tr key={role.ID}>
                  <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {role.Name}
                  </Table.Td>
                  <Table.Td>{role.Description}</Table.Td>
                  <Table.Td>
                    {role.Permissions.length === 0 ? (
                      <Text size="xs" c="dimmed">
                        None
                      </Text>
                    ) : (
                      <Group gap={4}>
                        {role.Permissions.map((slug) => (
                          <Badge key={slug} variant="light" size="sm" tt="none">
                            {slug}
                          </Badge>
                        ))}
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {role.StaffCount}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Card>
  );
}

function PermissionsTable() {
  const permissions = usePermissions();
  const rows = permissions.data ?? [];
  return (
    <Card component="section" aria-labelledby="permissions-heading" padding="md">
      <Title order={2} size="h5" mb="sm" id="permissions-heading">
        Permissions
      </Title>
      <LoadState
        isLoading={permissions.isPending}
        isError={permissions.isError}
        isEmpty={rows.length === 0}
        emptyText="No permission found"
      />
      {rows.length > 0 ? (
        <Table verticalSpacing={6} fz="sm" striped aria-labelledby="permissions-heading">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Slug</Table.Th>
              <Table.Th>Grants</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={p.Slug}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Code>{p.Slug}</Code>
                </Table.Td>
                <Table.Td>{p.Description}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Card>
  );
}

/** Roles (SPEC §6): the roles with their permissions, read-only; role editing is not part of the product. */
export function RolesPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Roles" description="Which permissions each staff role grants. Read-only." />
      <RolesTable />
      <PermissionsTable />
    </Stack>
  );
}
