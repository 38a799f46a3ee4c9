import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const openNav = async () => screen.findByRole('navigation', { name: 'Main navigation' });

describe('Sidebar', () => {
  it('hides entries whose permission the user lacks', async () => {
    mockApi(signedInRoutes([]));
    renderApp('/admin/dashboard');
    const nav = await openNav();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Roles' })).not.toBeInTheDocument();
    expect(within(nav).queryByText('Account')).not.toBeInTheDocument();
  });

  it('shows Roles to a view-roles user', async () => {
    mockApi(signedInRoutes(['view-roles']));
    renderApp('/admin/dashboard');
    const nav = await openNav();
    expect(within(nav).getByRole('link', { name: 'Roles' })).toHaveAttribute('href', '/admin/roles');
    expect(within(nav).getByText('Account')).toBeInTheDocument();
  });

  it('shows the version and how many alt coins are online', async () => {
    mockApi(signedInRoutes([]));
    renderApp('/admin/dashboard');
    const nav = await openNav();
    expect(within(nav).getByText('1.0.1')).toBeInTheDocument();
    expect(await within(nav).findByText('Coins online: 1/2')).toBeInTheDocument();
  });

  it('lights the one entry of a shared path that the hash names', async () => {
    mockApi(signedInRoutes(['admin-commander']));
    renderApp('/admin/payouts#pending');
    const nav = await openNav();
    expect(within(nav).getByRole('link', { name: 'Pending Payouts' })).toHaveAttribute('data-active', 'true');
    expect(within(nav).getByRole('link', { name: 'Payout Schemas' })).not.toHaveAttribute('data-active');
  });

  it("lights Payout Schemas for the schema list and one merchant's schema", async () => {
    mockApi(signedInRoutes(['admin-commander']));
    renderApp('/admin/payouts/5');
    const nav = await openNav();
    expect(within(nav).getByRole('link', { name: 'Payout Schemas' })).toHaveAttribute('data-active', 'true');
    expect(within(nav).getByRole('link', { name: 'Pending Payouts' })).not.toHaveAttribute('data-active');
  });
});
