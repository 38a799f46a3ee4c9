import type { StaffMember, StaffSession } from '@bo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall, SESSION, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const member = (overrides: Partial<StaffMember>): StaffMember => ({
  ID: 1,
  Username: 'alice',
  DisplayName: 'Alice Admin',
  Email: 'alice@example.test',
  RoleID: 1,
  Role: 'Administrator',
  Disabled: false,
  TotpEnrolled: false,
  CreatedOn: '2026-01-01T00:00:00.000Z',
  LastLoginOn: '2026-02-01T09:00:00.000Z',
  LiveSessions: 1,
  ...overrides,
});

const session = (overrides: Partial<StaffSession>): StaffSession => ({
  SessionID: '2f0c8d52-5a40-4cf8-9d0b-2d3f1f6a8c11',
  StaffID: 2,
  Username: 'bob',
  DisplayName: 'Bob Support',
  Role: 'Support',
  CreatedAt: '2026-02-01T08:00:00.000Z',
  LastSeenAt: '2026-02-01T09:30:00.000Z',
  ExpiresAt: '2026-02-08T08:00:00.000Z',
  IP: '10.0.0.2',
  UserAgent: 'Firefox/140',
  Current: false,
  ...overrides,
});

// SESSION (the signed-in user of the mock API) is alice.
const STAFF = {
  data: [
    member({ ID: SESSION.ID, Username: SESSION.Username }),
    member({
      ID: 2,
      Username: 'bob',
      DisplayName: 'Bob Support',
      Email: 'bob@example.test',
      RoleID: 4,
      Role: 'Support',
      LiveSessions: 2,
    }),
  ],
  roles: [
    { ID: 1, Name: 'Administrator' },
    { ID: 4, Name: 'Support' },
    { ID: 5, Name: 'Viewer' },
  ],
};
const SESSIONS = [
  session({
    SessionID: 'a1f3c9e0-6b1d-4e55-8f0e-3c2b1a000001',
    StaffID: SESSION.ID,
    Username: 'alice',
    Role: 'Administrator',
    IP: '10.0.0.1',
    Current: true,
  }),
  session({}),
];

const callsOf = (calls: RecordedCall[], name: string) =>
  calls.filter((c) => c.url.searchParams.get('Call') === name);

const renderStaff = () => {
  const api = mockApi(
    signedInRoutes(['admin-commander'], {
      ListStaff: { data: STAFF },
      StaffSessions: { data: SESSIONS },
      UpdateStaff: { data: STAFF.data[1] },
      EndStaffSession: { data: { SessionID: SESSIONS[1]?.SessionID, EndedAt: '2026-02-01T10:00:00.000Z' } },
    }),
  );
  renderApp('/admin/staff');
  return api;
};

describe('StaffPage', () => {
  it('lists the staff with role and state, and their live sessions', async () => {
    renderStaff();
    const staff = await screen.findByRole('table', { name: 'Staff accounts' });
    const bob = await within(staff).findByRole('row', { name: /bob/ });
    expect(within(bob).getByRole('combobox', { name: 'Role of bob' })).toHaveValue('4');
    expect(within(bob).getByText('Enabled')).toBeInTheDocument();
    expect(within(bob).getByText('2026-02-01 09:00:00 AM')).toBeInTheDocument();
    // One's own access is changed by another administrator, never here.
    const alice = within(staff).getByRole('row', { name: /alice/ });
    expect(within(alice).getByText('You')).toBeInTheDocument();
    expect(within(alice).getByRole('combobox', { name: 'Role of alice' })).toBeDisabled();
    expect(within(alice).getByRole('button', { name: 'Disable alice' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();

    const sessions = await screen.findByRole('table', { name: 'Live sessions' });
    const mine = await within(sessions).findByRole('row', { name: /10\.0\.0\.1/ });
    expect(within(mine).getByText('This session')).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: /End session/ })).not.toBeInTheDocument();
    const bobs = within(sessions).getByRole('row', { name: /10\.0\.0\.2/ });
    expect(within(bobs).getByText('Firefox/140')).toBeInTheDocument();
    expect(within(bobs).getByText('2026-02-01 09:30:00 AM')).toBeInTheDocument();
  });

  it('changes a role only after the confirm dialog', async () => {
    const { calls } = renderStaff();
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: 'Role of bob' });
    await user.selectOptions(select, 'Viewer');
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of bob?' });
    expect(dialog).toHaveTextContent('bob becomes Viewer (was Support)');
    expect(callsOf(calls, 'UpdateStaff')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(callsOf(calls, 'UpdateStaff')).toHaveLength(1));
    const [update] = callsOf(calls, 'UpdateStaff');
    expect(update?.method).toBe('POST');
    expect(update?.body).toEqual({ ID: 2, RoleID: 5 });
    expect(await screen.findByText('bob is now Viewer')).toBeInTheDocument();
  });

  it('disables an account after confirming, and does nothing when cancelled', async () => {
    const { calls } = renderStaff();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disable bob' }));
    const first = await screen.findByRole('dialog', { name: 'Disable bob?' });
    await user.click(within(first).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf(calls, 'UpdateStaff')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Disable bob' }));
    const second = await screen.findByRole('dialog', { name: 'Disable bob?' });
    expect(second).toHaveTextContent('signed out everywhere at once');
    await user.click(within(second).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(callsOf(calls, 'UpdateStaff')).toHaveLength(1));
    expect(callsOf(calls, 'UpdateStaff')[0]?.body).toEqual({ ID: 2, Disabled: true });
  });

  it('ends another session after confirming, then reads both lists again', async () => {
    const { calls } = renderStaff();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'End session of bob from 10.0.0.2' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this session of bob?' });
    expect(dialog).toHaveTextContent('10.0.0.2, Firefox/140');
    const listsBefore = callsOf(calls, 'StaffSessions').length;
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(callsOf(calls, 'EndStaffSession')).toHaveLength(1));
    expect(callsOf(calls, 'EndStaffSession')[0]?.body).toEqual({ SessionID: SESSIONS[1]?.SessionID });
    expect(await screen.findByText('Session of bob ended')).toBeInTheDocument();
    await waitFor(() => expect(callsOf(calls, 'StaffSessions').length).toBeGreaterThan(listsBefore));
  });

  it('is only for admin-commander: others are sent to not-authorized and see no Staff entry', async () => {
    const { calls } = mockApi(signedInRoutes(['view-roles']));
    renderApp('/admin/staff');
    expect(
      await screen.findByRole('heading', { name: 'Not authorized' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Roles' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Staff' })).not.toBeInTheDocument();
    expect(callsOf(calls, 'ListStaff')).toHaveLength(0);
  });
});
