import type { KycCase, KycQueueRow } from '@bo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const callsOf = (calls: RecordedCall[], name: string) =>
  calls.filter((c) => c.url.searchParams.get('Call') === name);

const row = (ID: number, ShopTitle: string, HeldBy: string | null = null): KycQueueRow => ({
  ID,
  MerchantID: 100 + ID,
  ShopTitle,
  Status: 'pending',
  Level: 1,
  SubmittedOn: '2026-11-20T10:00:00.000Z',
  LastUpdatedOn: '2026-11-21T10:00:00.000Z',
  HeldBy,
  HeldUntil: HeldBy ? '2026-11-25T10:10:00.000Z' : null,
});

const page = (records: KycQueueRow[]) => ({
  data: { records, meta: { total: records.length, offset: 0, limit: 25, page: 1 } },
});

const kycCase = (overrides: Partial<KycCase> = {}): KycCase => ({
  ID: 5,
  Status: 'pending',
  Level: 1,
  SubmittedOn: '2026-11-20T10:00:00.000Z',
  LastUpdatedOn: '2026-11-21T10:00:00.000Z',
  Identity: {
    FirstName: 'Ada',
    LastName: 'Lovelace',
    DateOfBirth: '1990-01-02',
    Nationality: 'NL',
    IdentityDocumentType: 'passport',
    IdentityDocumentNumber: 'X1234567',
    Street: 'Damrak',
    HouseNumber: '1',
    PostalCode: '1012',
    City: 'Amsterdam',
    AddressCountry: 'NL',
    CompanyName: null,
    CompanyRegistrationNumber: null,
  },
  Documents: [],
  Merchant: {
    ID: 105,
    ShopTitle: 'Tulip Shop',
    Email: 'shop@example.test',
    Country: 'NL',
    KYCStatus: 'pending',
  },
  Decision: null,
  Hold: {
    StaffID: 7,
    Username: 'alice',
    Since: '2026-11-25T10:00:00.000Z',
    Until: '2026-11-25T10:10:00.000Z',
    IsMine: true,
  },
  Audit: [],
  ...overrides,
});

describe('KYC Users', () => {
  it('lists the pending queue oldest first, each case opening from its row, and who has a case open', async () => {
    const { calls } = mockApi(
      signedInRoutes(['kyc-commander'], {
        KycQueue: page([row(5, 'Tulip Shop'), row(6, 'Canal Goods', 'kim')]),
      }),
    );
    renderApp('/admin/kyc');
    const table = await screen.findByRole('table', { name: 'KYC cases' });
    expect(await within(table).findByRole('link', { name: 'Tulip Shop' })).toHaveAttribute(
      'href',
      '/admin/kyc/5',
    );
    expect(within(table).getByText('kim')).toBeInTheDocument();
    const [sent] = callsOf(calls, 'KycQueue');
    expect(sent?.url.searchParams.get('scope')).toBe('pending');
  });

  it('shows every submission with #all, filterable by status', async () => {
    const { calls } = mockApi(signedInRoutes(['kyc-commander'], { KycQueue: page([row(5, 'Tulip Shop')]) }));
    renderApp('/admin/kyc#all');
    await screen.findByRole('table', { name: 'KYC cases' });
    await waitFor(() => expect(callsOf(calls, 'KycQueue')[0]?.url.searchParams.get('scope')).toBe('all'));
    expect(screen.getByLabelText('Status')).toBeInTheDocument();
  });

  it('holds the case it opens, and asks for a reason before it rejects', async () => {
    const rejected = kycCase({
      Status: 'rejected',
      Hold: null,
      Decision: { Decision: 'reject', By: 'alice', On: '2026-11-25T10:01:00.000Z', Reason: 'Blurry photo' },
    });
    let current = kycCase();
    const { calls } = mockApi(
      signedInRoutes(['kyc-commander'], {
        KycCase: () => ({ data: current }),
        HoldKycCase: { data: { ID: 5, Hold: kycCase().Hold } },
        DecideKyc: () => {
          current = rejected;
          return { data: rejected };
        },
      }),
    );
    renderApp('/admin/kyc/5');
    expect(await screen.findByRole('heading', { name: /KYC case #5: Tulip Shop/ })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Submitted identity' })).toHaveTextContent('Lovelace');
    await waitFor(() => expect(callsOf(calls, 'HoldKycCase')[0]?.body).toEqual({ ID: 5, release: false }));

    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this KYC case' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('A reason is required to reject')).toBeInTheDocument();
    expect(callsOf(calls, 'DecideKyc')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Blurry photo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(callsOf(calls, 'DecideKyc')[0]?.body).toEqual({
        ID: 5,
        Decision: 'reject',
        Reason: 'Blurry photo',
      }),
    );
    expect(await screen.findByText('Blurry photo')).toBeInTheDocument();
  });

  it('tells a second officer who holds the case and keeps the decisions theirs', async () => {
    const held = kycCase({
      Hold: {
        StaffID: 8,
        Username: 'kim',
        Since: '2026-11-25T10:00:00.000Z',
        Until: '2026-11-25T10:10:00.000Z',
        IsMine: false,
      },
    });
    mockApi(
      signedInRoutes(['kyc-commander'], {
        KycCase: { data: held },
        HoldKycCase: { data: { ID: 5, Hold: held.Hold } },
      }),
    );
    renderApp('/admin/kyc/5');
    expect(await screen.findByText('kim has this case open')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeDisabled();
  });
});
