import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, signedInRoutes, signedOutRoutes } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

describe('route guards', () => {
  it('shows a loader until the session has been verified', async () => {
    mockApi(signedOutRoutes());
    renderApp('/login');
    expect(screen.getByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('sends a logged-out user to login', async () => {
    mockApi(signedOutRoutes());
    const { router } = renderApp('/admin/roles');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a user without the route permission to not-authorized', async () => {
    mockApi(signedInRoutes([]));
    const { router } = renderApp('/admin/roles');
    expect(await screen.findByRole('heading', { name: 'Not authorized' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/not-authorized');
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    );
  });

  it('sends a logged-in user from login to the dashboard', async () => {
    mockApi(signedInRoutes([]));
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('opens the dashboard for /admin', async () => {
    mockApi(signedInRoutes([]));
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it('sends an unknown path to / and from there to login', async () => {
    mockApi(signedOutRoutes());
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('does not route screens that are not built yet', async () => {
    mockApi(signedInRoutes(['admin-commander']));
    const { router } = renderApp('/admin/trade-bots');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it('sets the page title from the route and the product name', async () => {
    mockApi(signedInRoutes([]));
    renderApp('/admin/dashboard');
    await waitFor(() => expect(document.title).toBe('Dashboard | Acme Pay Admin'));
  });
});
