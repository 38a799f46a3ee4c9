import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

describe('RolesPage', () => {
  it('lists the roles with their permissions and the permission descriptions, read-only', async () => {
    mockApi(
      signedInRoutes(['view-roles'], {
        ListRoles: {
          data: {
            data: [
              {
                ID: 1,
                Name: 'KYC Officer',
                Description: 'Reviews identities',
                Permissions: ['kyc-commander', 'view-users'],
                StaffCount: 3,
              },
            ],
          },
        },
        ListPermissions: { data: { data: [{ Slug: 'kyc-commander', Description: 'KYC' }] } },
      }),
    );
    renderApp('/admin/roles');
    const roles = await screen.findByRole('table', { name: 'Roles' });
    const row = await within(roles).findByRole('row', { name: /KYC Officer/ });
    expect(within(row).getByText('view-users')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    const permissions = await screen.findByRole('table', { name: 'Permissions' });
    expect(await within(permissions).findByText('kyc-commander')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /edit|delete|save/i })).not.toBeInTheDocument();
  });

  it('says when there is no role, and offers a retry when the permissions cannot be loaded', async () => {
    mockApi(
      signedInRoutes(['view-roles'], {
        ListRoles: { data: { data: [] } },
        ListPermissions: { status: 500, statusCode: 500, message: 'Server error' },
      }),
    );
    renderApp('/admin/roles');
    expect(await screen.findByText('No role found')).toBeInTheDocument();
    expect(await screen.findByText('Could not load permissions.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  const officer = {
    ID: 4,
    Name: 'KYC Officer',
    Description: 'Reviews identities',
    Permissions: ['kyc-commander'],
    StaffCount: 2,
    DisabledStaffCount: 0,
  };
  const spare = { ...officer, ID: 5, Name: 'Spare', Permissions: [], StaffCount: 0 };
  const callsOf = (calls: RecordedCall[], name: string) =>
    calls.filter((c) => c.url.searchParams.get('Call') === name);

  it('lets an administrator create a role, previewing what its holders would see before saving', async () => {
    const { calls } = mockApi(
      signedInRoutes(['view-roles', 'admin-commander'], {
        ListRoles: { data: { data: [officer] } },
        ListPermissions: { data: { data: [] } },
        CreateRole: {
          data: { ...spare, ID: 9, Name: 'Auditor', Permissions: ['view-users', 'kyc-commander'] },
        },
      }),
    );
    renderApp('/admin/roles');
    fireEvent.click(await screen.findByRole('button', { name: 'New role' }));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Auditor' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /view-users/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /kyc-commander/ }));
    // The preview follows the ticks: Users and KYC Users join the sidebar.
    const sidebar = await within(dialog).findByRole('group', { name: 'Sidebar entries' });
    expect(within(sidebar).getByText('KYC Users')).toBeInTheDocument();
    expect(within(sidebar).getByText('Users')).toBeInTheDocument();
    expect(within(sidebar).queryByText('Balance Sheet')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    await waitFor(() => expect(callsOf(calls, 'CreateRole')).toHaveLength(1));
    expect(callsOf(calls, 'CreateRole')[0]?.body).toEqual({
      Name: 'Auditor',
      Description: '',
      Slugs: ['view-users', 'kyc-commander'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New role' })).not.toBeInTheDocument());
  });

  it('keeps what was typed and names the problem when the name is taken', async () => {
    mockApi(
      signedInRoutes(['view-roles', 'admin-commander'], {
        ListRoles: { data: { data: [officer] } },
        ListPermissions: { data: { data: [] } },
        CreateRole: { status: 409, statusCode: 409, message: 'A role named KYC Officer exists' },
      }),
    );
    renderApp('/admin/roles');
    fireEvent.click(await screen.findByRole('button', { name: 'New role' }));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'kyc officer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(await within(dialog).findByText('A role named KYC Officer exists')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('kyc officer');
  });

  it('refuses to delete a role staff hold, and deletes one nobody holds after confirming', async () => {
    const { calls } = mockApi(
      signedInRoutes(['view-roles', 'admin-commander'], {
        ListRoles: { data: { data: [officer, spare] } },
        ListPermissions: { data: { data: [] } },
        DeleteRole: { data: { ID: 5, Name: 'Spare' } },
      }),
    );
    renderApp('/admin/roles');
    expect(await screen.findByRole('button', { name: 'Delete KYC Officer' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Spare' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete role' }));
    await waitFor(() => expect(callsOf(calls, 'DeleteRole')).toHaveLength(1));
    expect(callsOf(calls, 'DeleteRole')[0]?.body).toEqual({ ID: 5 });
  });
});
