import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, signedInRoutes } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { useAppStore } from '../session/session.store';

describe('global API error handling', () => {
  it('maps a 401 to the session-expired flow: the re-login modal opens over the page', async () => {
    mockApi(
      signedInRoutes(['admin-commander'], {
        Last24HData: { status: 401, message: 'unauthorized' },
        TotalRegistrations24H: { data: { TotalRegistrations: 1 } },
      }),
    );
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('dialog', { name: 'Session expired' })).toBeInTheDocument();
    expect(useAppStore.getState().sessionExpired).toBe(true);
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('unauthorized')).not.toBeInTheDocument();
  });

  it("maps status_code 400 'no permission' to the session-expired flow", async () => {
    mockApi(
      signedInRoutes(['view-users'], {
        RecentRegistrations: { status: 400, statusCode: 400, message: 'no permission' },
      }),
    );
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('dialog', { name: 'Session expired' })).toBeInTheDocument();
  });

  it('shows any other server message as a toast', async () => {
    mockApi(signedInRoutes(['view-users'], { RecentRegistrations: { status: 403, message: 'Forbidden' } }));
    renderApp('/admin/dashboard');
    expect(await screen.findByText('Forbidden')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Session expired' })).not.toBeInTheDocument();
  });

  it('signs in again from the modal, retries what failed and keeps the page', async () => {
    let isExpired = true;
    const recentRegistrations = () =>
      isExpired
        ? { status: 401, message: 'unauthorized' }
        : { data: [{ ID: 1, Name: 'Bob Shop', RegisteredOn: '2024-01-02T03:04:05Z' }] };
    const { calls } = mockApi(
      signedInRoutes(['view-users'], {
        RecentRegistrations: recentRegistrations,
        'POST /Login': () => {
          isExpired = false;
          return { data: { ID: 7, APIKey: 'key-7b', SessionID: 'sess-8', Username: 'alice' } };
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    const dialog = await screen.findByRole('dialog', { name: 'Session expired' });
    expect(screen.getByLabelText(/Username/)).toHaveValue('alice');
    expect(screen.getByLabelText(/2 factor authentication/)).toHaveValue('000000');

    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Verify you are not a robot')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Solve bot check' }));
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Session refresh successfully')).toBeInTheDocument();
    expect(await screen.findByText('Bob Shop')).toBeInTheDocument();
    expect(dialog).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const mints = calls.filter((c) => c.url.searchParams.get('Call') === 'GenerateJWTToken');
    expect(mints.at(-1)?.body).toEqual({ MerchantID: 7, APIKey: 'key-7b' });
  });
});
