import type { Permission, Role } from '@bo/contract';
import { ActionIcon, Badge, Button, Code, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { type Column, DataTable } from '../../../components/data-table/data-table';
import { ExportButton } from '../../../components/data-table/export-button';
import { queryState } from '../../../components/data-table/paged';
import { ListCard, ScreenHeader } from '../../../components/list-screen/list-screen';
import { openConfirm } from '../../../components/ui/confirm';
import { useHasPermission } from '../../../lib/session/use-permission';
import { usePermissions, useRoles } from '../api/use-roles';
import { useDeleteRole } from '../hooks/use-role-changes';
import { RoleDialog } from './role-dialog';
import { RolePreview } from './role-preview';

const roleColumns: Column<Role>[] = [
  {
    key: 'Name',
    header: 'Name',
    nowrap: true,
    cell: (role) => (
      <Text fw={600} fz="sm">
        {role.Name}
      </Text>
    ),
  },
  { key: 'Description', header: 'Description' },
  {
    key: 'Permissions',
    header: 'Permissions',
    cell: (role) =>
      role.Permissions.length === 0 ? (
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
      ),
  },
  {
    key: 'StaffCount',
    header: 'Staff',
    align: 'right',
    cell: (role) =>
      role.DisabledStaffCount > 0 ? (
        <Tooltip label={`${role.DisabledStaffCount} disabled account(s) also hold it`}>
          <span>
            {role.StaffCount} (+{role.DisabledStaffCount})
          </span>
        </Tooltip>
      ) : (
        role.StaffCount
      ),
  },
];

const permissionColumns: Column<Permission & { Description: string }>[] = [
  { key: 'Slug', header: 'Slug', nowrap: true, cell: (p) => <Code>{p.Slug}</Code> },
  { key: 'Description', header: 'Grants' },
];

type Editing = { kind: 'new' } | { kind: 'edit'; role: Role } | { kind: 'preview'; role: Role } | null;

function RoleActions({ role, canEdit, open }: { role: Role; canEdit: boolean; open: (e: Editing) => void }) {
  const remove = useDeleteRole();
  const holders = role.StaffCount + role.DisabledStaffCount;
  const askDelete = () =>
    openConfirm({
      title: `Delete role ${role.Name}?`,
      message: 'Nobody holds this role. Deleting it cannot be undone.',
      confirmLabel: 'Delete role',
      isDanger: true,
      onConfirm: () => remove.mutate({ ID: role.ID }),
    });
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="What this role sees">
        <ActionIcon
          variant="subtle"
          aria-label={`Preview ${role.Name}`}
          onClick={() => open({ kind: 'preview', role })}
        >
          <IconEye size={16} />
        </ActionIcon>
      </Tooltip>
      {canEdit ? (
        <>
          <Tooltip label="Edit">
            <ActionIcon
              variant="subtle"
              aria-label={`Edit ${role.Name}`}
              onClick={() => open({ kind: 'edit', role })}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip
            label={
              holders > 0 ? `Held by ${holders} staff member(s): give them another role first` : 'Delete'
            }
          >
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${role.Name}`}
              disabled={holders > 0}
              loading={remove.isPending}
              onClick={askDelete}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </>
      ) : null}
    </Group>
  );
}

/**
 * Roles (SPEC §6, and beyond it issue 14's editor): the roles with their permissions and what each
 * permission grants. Administrators create, rename, re-permission and delete roles; anyone who may see the
 * list can preview what a role's holders see.
 */
export function RolesPage() {
  const roles = useRoles();
  const permissions = usePermissions();
  const canEdit = useHasPermission('admin-commander');
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <Stack gap="lg">
      <ScreenHeader
        title="Roles"
        description={
          canEdit
            ? 'Which permissions each staff role grants. A change applies on each holder’s next call.'
            : 'Which permissions each staff role grants.'
        }
        actions={
          canEdit ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ kind: 'new' })}>
              New role
            </Button>
          ) : null
        }
      />
      <ListCard title="Roles" actions={<ExportButton call="ListRoles" params={{}} columns={roleColumns} />}>
        <DataTable
          label="Roles"
          columns={roleColumns}
          rowKey={(role) => role.ID}
          empty="No role found"
          minWidth={640}
          rowActions={(role) => <RoleActions role={role} canEdit={canEdit} open={setEditing} />}
          {...queryState(roles, roles.data)}
        />
      </ListCard>
      <ListCard title="Permissions">
        <DataTable
          label="Permissions"
          columns={permissionColumns}
          rowKey={(p) => p.Slug}
          empty="No permission found"
          {...queryState(permissions, permissions.data)}
        />
      </ListCard>
      {editing?.kind === 'new' ? <RoleDialog existing={null} onClose={() => setEditing(null)} /> : null}
      {editing?.kind === 'edit' ? (
        <RoleDialog existing={editing.role} onClose={() => setEditing(null)} />
      ) : null}
      {editing?.kind === 'preview' ? (
        <Modal opened onClose={() => setEditing(null)} title={`Role ${editing.role.Name}`} size="lg" centered>
          <RolePreview slugs={editing.role.Permissions} />
        </Modal>
      ) : null}
    </Stack>
  );
}
