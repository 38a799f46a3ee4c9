import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { makeTransaction } from '../../../test/transaction-fixtures';

describe('TransactionDetailPage', () => {
  it('shows the fields of the transaction, comments as text', async () => {
    const { calls } = mockApi(
      signedInRoutes(['view-transactions'], {
        TransactionDetail: { data: makeTransaction({ Comments: '<b>refund</b>\nline two' }) },
        TransactionAudit: {
          data: [
            {
              ID: 1,
              At: '2024-03-06T09:00:00.000Z',
              Actor: 'admin',
              Action: 'transaction.status',
              Before: { Status: 'expired', NotEnough: 0 },
              After: { Status: 'paid', NotEnough: 0 },
            },
          ],
        },
      }),
    );
    renderApp('/admin/transactions/T000001234');
    expect(await screen.findByText('Coffee Corner')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Transaction Detail' })).toBeInTheDocument();
    expect(screen.getByText('T000001234')).toBeInTheDocument();
    expect(screen.getByText('0.00041000 BTC')).toBeInTheDocument();
    expect(screen.getAllByText('2024-03-05 02:07:09 PM', { selector: 'dd' })).toHaveLength(2);
    expect(screen.getByText('2024-03-05 02:20:00 PM', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText(/<b>refund<\/b>/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    );
    const trail = await screen.findByRole('table', { name: 'Audit trail' });
    expect(within(trail).getByText('Status changed')).toBeInTheDocument();
    expect(within(trail).getByText('Status: expired → paid')).toBeInTheDocument();
    expect(within(trail).getByText('2024-03-06 09:00:00 AM')).toBeInTheDocument();
    const call = calls.find((c) => c.url.searchParams.get('Call') === 'TransactionDetail');
    expect(call?.url.searchParams.get('ID')).toBe('T000001234');
  });

  it("says 'No record found!' on a 404", async () => {
    mockApi(
      signedInRoutes(['view-transactions'], {
        TransactionDetail: { status: 404, message: 'No record found!' },
      }),
    );
    renderApp('/admin/transactions/T000009999');
    expect(await screen.findByText('No record found!')).toBeInTheDocument();
  });
});
