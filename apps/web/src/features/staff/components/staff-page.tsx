import { formatUtcDate, type StaffMember, type StaffRoleOption, type StaffSession } from '@bo/contract';
import {
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import type { CSSProperties } from 'react';
import { openConfirm } from '../../../components/ui/confirm';
import { PageHeader } from '../../../components/ui/page-header';
import { notifySuccess } from '../../../lib/notify';
import { useAppStore } from '../../../lib/session/session.store';
import { useEndStaffSession, useStaffList, useStaffSessions, useUpdateStaff } from '../api/use-staff';

const nowrap: CSSProperties = { whiteSpace: 'nowrap' };

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
  const text = isError ? 'Could not load this list.' : isEmpty ? emptyText : null;
  return text ? (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  ) : null;
}

function When({ value }: { value: string | null }) {
  if (!value)
    return (
      <Text span fz="sm" c="dimmed">
        Never
      </Text>
    );
  return (
    <Text span fz="sm" ff="monospace" style={nowrap}>
      {formatUtcDate(value)}
    </Text>
  );
}

function StaffRow({
  member,
  roles,
  isSelf,
}: {
  member: StaffMember;
  roles: StaffRoleOption[];
  isSelf: boolean;
}) {
  const update = useUpdateStaff();
  const name = member.Username;

  const changeRole = (roleId: number) => {
    const role = roles.find((r) => r.ID === roleId);
    if (!role || roleId === member.RoleID) return;
    openConfirm({
      title: `Change the role of ${name}?`,
      message: `${name} becomes ${role.Name} (was ${member.Role}). Their next call and their live feeds follow the new role at once.`,
      confirmLabel: 'Change role',
      onConfirm: () =>
        update.mutate(
          { ID: member.ID, RoleID: roleId },
          { onSuccess: () => notifySuccess(`${name} is now ${role.Name}`) },
        ),
    });
  };

  const toggleDisabled = () => {
    const disable = !member.Disabled;
    openConfirm({
      title: disable ? `Disable ${name}?` : `Enable ${name}?`,
      message: disable
        ? `${name} is signed out everywhere at once and cannot sign in until the account is enabled again.`
        : `${name} can sign in again with the role ${member.Role}.`,
      confirmLabel: disable ? 'Disable' : 'Enable',
      isDanger: disable,
      onConfirm: () =>
        update.mutate(
          { ID: member.ID, Disabled: disable },
          { onSuccess: () => notifySuccess(disable ? `${name} is disabled` : `${name} is enabled`) },
        ),
    });
  };

  // Nobody changes their own access here: another administrator must (the server refuses it too).
  const selfHint = isSelf ? 'Another administrator must change your own account' : null;
  return (
    <Table.Tr>
      <Table.Td style={nowrap}>
        <Group gap={6} wrap="nowrap">
          <Text fz="sm" fw={600}>
            {name}
          </Text>
          {isSelf ? (
            <Badge size="xs" variant="light">
              You
            </Badge>
          ) : null}
        </Group>
        <Text fz="xs" c="dimmed">
          {member.DisplayName}
        </Text>
      </Table.Td>
      <Table.Td>{member.Email}</Table.Td>
      <Table.Td>
        <Tooltip label={selfHint} disabled={!selfHint}>
          <NativeSelect
            aria-label={`Role of ${name}`}
            size="xs"
            value={String(member.RoleID)}
            disabled={isSelf || update.isPending}
            data={roles.map((r) => ({ value: String(r.ID), label: r.Name }))}
            onChange={(event) => changeRole(Number(event.currentTarget.value))}
          />
        </Tooltip>
      </Table.Td>
      <Table.Td>
        <Badge color={member.Disabled ? 'red' : 'teal'} variant="light">
          {member.Disabled ? 'Disabled' : 'Enabled'}
        </Badge>
      </Table.Td>
      <Table.Td>
        <When value={member.LastLoginOn} />
      </Table.Td>
      <Table.Td ta="right" ff="monospace">
        {member.LiveSessions}
      </Table.Td>
      <Table.Td ta="right">
        <Tooltip label={selfHint} disabled={!selfHint}>
          <Button
            size="compact-xs"
            variant="light"
            color={member.Disabled ? 'teal' : 'red'}
            disabled={isSelf}
            loading={update.isPending}
            onClick={toggleDisabled}
            aria-label={`${member.Disabled ? 'Enable' : 'Disable'} ${name}`}
          >
            {member.Disabled ? 'Enable' : 'Disable'}
          </Button>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}

function StaffTable() {
  const list = useStaffList();
  const me = useAppStore((s) => s.session?.Username);
  const rows = list.data?.data ?? [];
  return (
    <Card component="section" aria-labelledby="staff-heading" padding="md">
      <Title order={2} size="h5" mb="sm" id="staff-heading">
        Staff accounts
      </Title>
      <LoadState
        isLoading={list.isPending}
        isError={list.isError}
        isEmpty={rows.length === 0}
        emptyText="No staff account found"
      />
      {rows.length > 0 ? (
        <Table.ScrollContainer minWidth={820}>
          <Table verticalSpacing={6} fz="sm" striped highlightOnHover aria-labelledby="staff-heading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Username</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Last sign-in</Table.Th>
                <Table.Th ta="right">Sessions</Table.Th>
                <Table.Th ta="right">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((member) => (
                <StaffRow
                  key={member.ID}
                  member={member}
                  roles={list.data?.roles ?? []}
                  isSelf={member.Username === me}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Card>
  );
}

function SessionRow({ session }: { session: StaffSession }) {
  const end = useEndStaffSession();
  const where = [session.IP, session.UserAgent].filter(Boolean).join(', ');
  const confirmEnd = () =>
    openConfirm({
      title: `End this session of ${session.Username}?`,
      message: `${session.Username} is signed out of it at once${where ? ` (${where})` : ''}, and its live feeds close. Their other sessions stay open.`,
      confirmLabel: 'End session',
      isDanger: true,
      onConfirm: () =>
        end.mutate(
          { SessionID: session.SessionID },
          { onSuccess: () => notifySuccess(`Session of ${session.Username} ended`) },
        ),
    });
  return (
    <Table.Tr>
      <Table.Td style={nowrap}>
        <Text fz="sm" fw={600}>
          {session.Username}
        </Text>
        <Text fz="xs" c="dimmed">
          {session.Role}
        </Text>
      </Table.Td>
      <Table.Td>
        <When value={session.CreatedAt} />
      </Table.Td>
      <Table.Td>
        <When value={session.LastSeenAt} />
      </Table.Td>
      <Table.Td ff="monospace">{session.IP ?? '—'}</Table.Td>
      <Table.Td maw={260}>
        <Text fz="xs" truncate="end" title={session.UserAgent ?? undefined}>
          {session.UserAgent ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        {session.Current ? (
          <Badge variant="light" size="sm">
            This session
          </Badge>
        ) : (
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            loading={end.isPending}
            onClick={confirmEnd}
            aria-label={`End session of ${session.Username} from ${session.IP ?? 'unknown address'}`}
          >
            End session
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function SessionsTable() {
  const list = useStaffSessions();
  const rows = list.data ?? [];
  return (
    <Card component="section" aria-labelledby="sessions-heading" padding="md">
      <Title order={2} size="h5" mb="sm" id="sessions-heading">
        Live sessions
      </Title>
      <LoadState
        isLoading={list.isPending}
        isError={list.isError}
        isEmpty={rows.length === 0}
        emptyText="No live session"
      />
      {rows.length > 0 ? (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing={6} fz="sm" striped highlightOnHover aria-labelledby="sessions-heading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Staff</Table.Th>
                <Table.Th>Signed in</Table.Th>
                <Table.Th>Last seen</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th>Browser</Table.Th>
                <Table.Th ta="right">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((session) => (
                <SessionRow key={session.SessionID} session={session} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Card>
  );
}

/**
 * Staff (issue #5): each account's role and state, and every live session, for admin-commander. A change
 * takes effect on the staff member's next call; the server refuses and audits it the same with or
 * without this screen.
 */
export function StaffPage() {
  return (
    <Stack gap="lg">
      <PageHeader
        title="Staff"
        description="Change a staff member’s role, disable or enable an account, and end sessions. Every change is written to the audit log and applies at once."
      />
      <StaffTable />
      <SessionsTable />
    </Stack>
  );
}
