import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, signedInRoutes } from '../../../test/mock-api';
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
    const row = within(roles).getByRole('row', { name: /KYC Officer/ });
    expect(within(row).getByText('view-users')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    const permissions = await screen.findByRole('table', { name: 'Permissions' });
    expect(within(permissions).getByText('kyc-commander')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /edit|delete|save/i })).not.toBeInTheDocument();
  });
});
