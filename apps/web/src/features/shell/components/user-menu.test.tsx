import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../../lib/session/session.store';
import { mockApi, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

describe('UserMenu', () => {
  it('signs out through the user menu, resets the state and opens login, once per click burst', async () => {
    const { calls } = mockApi(signedInRoutes([], { 'POST /Login': { message: 'success', data: null } }));
    const user = userEvent.setup();
    const { router } = renderApp('/admin/dashboard');

    await user.click(await screen.findByRole('button', { name: 'alice' }));
    const signOut = await screen.findByRole('button', { name: 'Sign out' });
    await user.click(signOut);
    await user.click(signOut).catch(() => undefined);

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    const logouts = calls.filter((c) => c.url.pathname === '/api/main/Login');
    expect(logouts).toHaveLength(1);
    expect(logouts[0]?.body).toEqual({ logout: 'true', output: 'json' });
    await waitFor(() => expect(useAppStore.getState().session).toBeNull());
    expect(useAppStore.getState().token).toBeNull();
    expect(useAppStore.getState().isLoggedIn).toBe(false);
  });

  it('signs out everywhere: asks the server to end every session of the account, then opens login', async () => {
    const { calls } = mockApi(signedInRoutes([], { 'POST /Login': { message: 'success', data: null } }));
    const user = userEvent.setup();
    const { router } = renderApp('/admin/dashboard');

    await user.click(await screen.findByRole('button', { name: 'alice' }));
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    const logouts = calls.filter((c) => c.url.pathname === '/api/main/Login');
    expect(logouts.map((c) => c.body)).toEqual([{ logout: 'all', output: 'json' }]);
    await waitFor(() => expect(useAppStore.getState().session).toBeNull());
    expect(useAppStore.getState().token).toBeNull();
  });

  it("shows 'Logging out...' while the server ends the session", async () => {
    let finish: (() => void) | undefined;
    mockApi(
      signedInRoutes([], {
        'POST /Login': () =>
          new Promise((resolve) => {
            finish = () => resolve({ message: 'success', data: null });
          }),
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'alice' }));
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('dialog', { name: 'Logging out...' })).toBeInTheDocument();
    finish?.();
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('stays signed in and shows the message when the server refuses to sign out', async () => {
    mockApi(signedInRoutes([], { 'POST /Login': { status: 500, message: 'Something went wrong' } }));
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'alice' }));
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
