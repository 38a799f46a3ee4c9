import type { StaffMember, StaffSession } from '@bo/contract';
import { Badge, Button, Group, NativeSelect, Stack, Text, Tooltip } from '@mantine/core';
import { UtcDateCell } from '../../../components/data-table/cells';
import { type Column, DataTable } from '../../../components/data-table/data-table';
import { ExportButton } from '../../../components/data-table/export-button';
import { queryState } from '../../../components/data-table/paged';
import { ListCard, ScreenHeader } from '../../../components/list-screen/list-screen';
import { openConfirm } from '../../../components/ui/confirm';
import { notifySuccess } from '../../../lib/notify';
import { useAppStore } from '../../../lib/session/session.store';
import { useEndStaffSession, useStaffList, useStaffSessions, useUpdateStaff } from '../api/use-staff';

// Nobody changes their own access here: another administrator must (the server refuses it too).
const SELF_HINT = 'Another administrator must change your own account';

const nameCell = (name: string, detail: string, badge?: string) => (
  <>
    <Group gap={6} wrap="nowrap">
      <Text fz="sm" fw={600}>
        {name}
      </Text>
      {badge ? (
        <Badge size="xs" variant="light">
          {badge}
        </Badge>
      ) : null}
    </Group>
    <Text fz="xs" c="dimmed">
      {detail}
    </Text>
  </>
);

function StaffTable() {
  const list = useStaffList();
  const update = useUpdateStaff();
  const me = useAppStore((s) => s.session?.Username);
  const roles = list.data?.roles ?? [];
  const isBusy = (member: StaffMember) => update.isPending && update.variables?.ID === member.ID;

  const changeRole = (member: StaffMember, roleId: number) => {
    const role = roles.find((r) => r.ID === roleId);
    if (!role || roleId === member.RoleID) return;
    openConfirm({
      title: `Change the role of ${member.Username}?`,
      message: `${member.Username} becomes ${role.Name} (was ${member.Role}). Their next call and their live feeds follow the new role at once.`,
      confirmLabel: 'Change role',
      onConfirm: () =>
        update.mutate(
          { ID: member.ID, RoleID: roleId },
          { onSuccess: () => notifySuccess(`${member.Username} is now ${role.Name}`) },
        ),
    });
  };

  const toggleDisabled = (member: StaffMember) => {
    const disable = !member.Disabled;
    const name = member.Username;
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

  const columns: Column<StaffMember>[] = [
    {
      key: 'Username',
      header: 'Username',
      nowrap: true,
      cell: (m) => nameCell(m.Username, m.DisplayName, m.Username === me ? 'You' : undefined),
    },
    { key: 'Email', header: 'E-mail' },
    {
      key: 'Role',
      header: 'Role',
      cell: (m) => (
        <Tooltip label={SELF_HINT} disabled={m.Username !== me}>
          <NativeSelect
            aria-label={`Role of ${m.Username}`}
            size="xs"
            value={String(m.RoleID)}
            disabled={m.Username === me || isBusy(m)}
            data={roles.map((r) => ({ value: String(r.ID), label: r.Name }))}
            onChange={(event) => changeRole(m, Number(event.currentTarget.value))}
          />
        </Tooltip>
      ),
    },
    {
      key: 'Disabled',
      header: 'Status',
      cell: (m) => (
        <Badge color={m.Disabled ? 'red' : 'teal'} variant="light">
          {m.Disabled ? 'Disabled' : 'Enabled'}
        </Badge>
      ),
    },
    {
      key: 'LastLoginOn',
      header: 'Last sign-in',
      cell: (m) => <UtcDateCell value={m.LastLoginOn} empty="Never" withZone={false} />,
    },
    { key: 'LiveSessions', header: 'Sessions', align: 'right' },
  ];

  return (
    <ListCard
      title="Staff accounts"
      actions={<ExportButton call="ListStaff" params={{}} columns={columns} />}
    >
      <DataTable
        label="Staff accounts"
        columns={columns}
        rowKey={(m) => m.ID}
        empty="No staff account found"
        minWidth={820}
        {...queryState(list, list.data?.data)}
        rowActions={(m) => (
          <Tooltip label={SELF_HINT} disabled={m.Username !== me}>
            <Button
              size="compact-xs"
              variant="light"
              color={m.Disabled ? 'teal' : 'red'}
              disabled={m.Username === me}
              loading={isBusy(m)}
              onClick={() => toggleDisabled(m)}
              aria-label={`${m.Disabled ? 'Enable' : 'Disable'} ${m.Username}`}
            >
              {m.Disabled ? 'Enable' : 'Disable'}
            </Button>
          </Tooltip>
        )}
      />
    </ListCard>
  );
}

const sessionColumns: Column<StaffSession>[] = [
  { key: 'Username', header: 'Staff', nowrap: true, cell: (s) => nameCell(s.Username, s.Role) },
  {
    key: 'CreatedAt',
    header: 'Signed in',
    cell: (s) => <UtcDateCell value={s.CreatedAt} withZone={false} />,
  },
  {
    key: 'LastSeenAt',
    header: 'Last seen',
    cell: (s) => <UtcDateCell value={s.LastSeenAt} withZone={false} />,
  },
  {
    key: 'IP',
    header: 'Address',
    cell: (s) => (
      <Text span fz="sm" ff="monospace">
        {s.IP ?? '—'}
      </Text>
    ),
  },
  {
    key: 'UserAgent',
    header: 'Browser',
    cell: (s) => (
      <Text fz="xs" truncate="end" maw={260} title={s.UserAgent ?? undefined}>
        {s.UserAgent ?? '—'}
      </Text>
    ),
  },
];

function SessionsTable() {
  const list = useStaffSessions();
  const end = useEndStaffSession();
  const confirmEnd = (session: StaffSession) => {
    const where = [session.IP, session.UserAgent].filter(Boolean).join(', ');
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
  };
  return (
    <ListCard title="Live sessions">
      <DataTable
        label="Live sessions"
        columns={sessionColumns}
        rowKey={(s) => s.SessionID}
        empty="No live session"
        minWidth={760}
        {...queryState(list, list.data)}
        rowActions={(s) =>
          s.Current ? (
            <Badge variant="light" size="sm">
              This session
            </Badge>
          ) : (
            <Button
              size="compact-xs"
              variant="light"
              color="red"
              loading={end.isPending && end.variables?.SessionID === s.SessionID}
              onClick={() => confirmEnd(s)}
              aria-label={`End session of ${s.Username} from ${s.IP ?? 'unknown address'}`}
            >
              End session
            </Button>
          )
        }
      />
    </ListCard>
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
      <ScreenHeader
        title="Staff"
        description="Change a staff member’s role, disable or enable an account, and end sessions. Every change is written to the audit log and applies at once."
      />
      <StaffTable />
      <SessionsTable />
    </Stack>
  );
}
