import type { UserDetail } from '@bo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const callsOf = (calls: RecordedCall[], name: string) =>
  calls.filter((c) => c.url.searchParams.get('Call') === name);

const record = (overrides: Partial<UserDetail> = {}): UserDetail => ({
  ID: 11,
  ShopTitle: 'Tulip Shop',
  OwnerNickName: 'tulip',
  Name: 'Ada Lovelace',
  Email: 'shop@example.test',
  Phone: null,
  Locale: 'en',
  Country: 'NL',
  Website: 'https://tulip.example.com',
  Avatar: null,
  Twitter: null,
  Facebook: null,
  Instagram: null,
  LinkedIn: null,
  Telegram: null,
  Autonomy: false,
  ChargingMethod: 'merchant',
  ConfirmURL: null,
  FailURL: null,
  ECommerceKey: 'ecom_12345678',
  ShopIntegrationKey: 'shop_12345678',
  ShopPlatform: null,
  PreferredCoinIDs: [1],
  SelectedAltcoins: [1, 2],
  ShowInternationalCC: true,
  MasterTransactionFunction: false,
  PayoutSchema: 'keep',
  PayoutTo: null,
  PayoutExcludes: [],
  FlexibilityPercentage: '1.5',
  FeePercentage: '0.8',
  PayPalEnabled: false,
  PayPalEmail: null,
  BankEnabled: true,
  PayeerEnabled: false,
  PayeerAccount: null,
  AddressBook: { transferwise: [], crypto: [] },
  BankName: null,
  BankAccountHolder: null,
  IBAN: null,
  BIC: null,
  BankAccountNumber: null,
  BankRoutingNumber: null,
  BankCountry: null,
  FirstName: 'Ada',
  LastName: 'Lovelace',
  DateOfBirth: null,
  Nationality: null,
  IdentityDocumentType: 'passport',
  IdentityDocumentNumber: null,
  CompanyName: null,
  CompanyRegistrationNumber: null,
  VATNumber: null,
  Street: null,
  HouseNumber: null,
  PostalCode: null,
  City: null,
  AddressCountry: null,
  PEP: false,
  NotifyOnPayment: true,
  NotifyOnPayout: true,
  NotifyOnExpired: false,
  NotifyOnKYC: true,
  NotificationEmail: null,
  Newsletter: false,
  TwoFactorEnabled: true,
  RiskProfileID: 1,
  DisableCheckOut: false,
  DisablePayout: false,
  LifetimeMember: false,
  MaxLTR: '1000',
  Referral: null,
  APIKey: 'ab12…',
  KYCStatus: 'approved',
  RegisteredOn: '2026-11-01T10:00:00.000Z',
  Version: 3,
  Counts: { Transactions: 120, Payouts: 4, KycSubmissions: 1 },
  LatestKyc: { ID: 5, Status: 'approved', LastUpdatedOn: '2026-11-02T10:00:00.000Z' },
  ...overrides,
});

const emptyPage = { data: { records: [], meta: { total: 0, offset: 0, limit: 20, page: 1 } } };

const open = async () => {
  renderApp('/admin/users/11');
  expect(await screen.findByRole('heading', { level: 1, name: 'Tulip Shop' })).toBeInTheDocument();
};

const retitle = (title: string) =>
  fireEvent.change(screen.getByLabelText('Shop title'), { target: { value: title } });

describe('User Detail', () => {
  it('saves only the changed fields with the version it was made against', async () => {
    const { calls } = mockApi(
      signedInRoutes(['view-users', 'admin-commander'], {
        UserDetail: { data: record() },
        UpdateMerchant: { data: record({ ShopTitle: 'Tulip Store', Version: 4 }) },
        MerchantHistory: emptyPage,
      }),
    );
    await open();
    expect(screen.getByText('ID 11')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'KYC case' })).toHaveAttribute('href', '/admin/kyc/5');
    retitle('Tulip Store');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsOf(calls, 'UpdateMerchant')[0]?.body).toEqual({
        ID: 11,
        ExpectedVersion: 3,
        ShopTitle: 'Tulip Store',
      }),
    );
    expect(await screen.findByText('User saved')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tulip Store' })).toBeInTheDocument();
  });

  it('puts a 400 field issue on its field, on its tab, keeping what was typed', async () => {
    mockApi(
      signedInRoutes(['view-users', 'admin-commander'], {
        UserDetail: { data: record() },
        UpdateMerchant: {
          status: 400,
          message: 'The maximum LTR is too high for this risk profile',
          data: {
            issues: [{ path: 'MaxLTR', message: 'The maximum LTR is too high for this risk profile' }],
          },
        },
      }),
    );
    await open();
    fireEvent.click(screen.getByRole('tab', { name: 'Limits & risk' }));
    fireEvent.change(screen.getByLabelText('Maximum LTR'), { target: { value: '5000' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Profile' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The maximum LTR is too high for this risk profile')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Limits & risk' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Maximum LTR')).toHaveValue('5000');
  });

  it('shows a 409 with the server message and loads the latest version keeping the typed change', async () => {
    let version = 3;
    const { calls } = mockApi(
      signedInRoutes(['view-users', 'admin-commander'], {
        UserDetail: () => ({
          data: record({ Version: version, Email: version > 3 ? 'new@example.test' : 'shop@example.test' }),
        }),
        UpdateMerchant: () => {
          version = 4;
          return { status: 409, message: 'Someone else changed this merchant; load the latest version' };
        },
      }),
    );
    await open();
    retitle('Tulip Store');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Someone else changed this merchant; load the latest version'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Shop title')).toHaveValue('Tulip Store');
    fireEvent.click(screen.getByRole('button', { name: 'Load latest' }));
    await waitFor(() => expect(screen.getByLabelText('E-mail')).toHaveValue('new@example.test'));
    expect(screen.getByLabelText('Shop title')).toHaveValue('Tulip Store');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsOf(calls, 'UpdateMerchant')[1]?.body).toEqual({
        ID: 11,
        ExpectedVersion: 4,
        ShopTitle: 'Tulip Store',
      }),
    );
  });

  it('is read-only without admin-commander', async () => {
    mockApi(signedInRoutes(['view-users'], { UserDetail: { data: record() } }));
    await open();
    expect(screen.getByLabelText('Shop title')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reveal' })).not.toBeInTheDocument();
  });

  it('reveals the API key for admin-commander', async () => {
    const { calls } = mockApi(
      signedInRoutes(['view-users', 'admin-commander'], {
        UserDetail: { data: record() },
        RevealMerchantApiKey: { data: { ID: 11, APIKey: 'ab12cd34ef56' } },
      }),
    );
    await open();
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('ab12…')).toBeInTheDocument();
    fireEvent.click(within(summary).getByRole('button', { name: 'Reveal' }));
    expect(await within(summary).findByText('ab12cd34ef56')).toBeInTheDocument();
    expect(callsOf(calls, 'RevealMerchantApiKey')[0]?.body).toEqual({ ID: 11 });
    expect(within(summary).getByRole('button', { name: 'Copy API key ab12cd34ef56' })).toBeInTheDocument();
  });

  it('shows the history as before → after per field', async () => {
    mockApi(
      signedInRoutes(['view-users'], {
        UserDetail: { data: record() },
        MerchantHistory: {
          data: {
            records: [
              {
                ID: 1,
                At: '2026-11-20T10:00:00.000Z',
                Actor: 'alice',
                Action: 'merchant.update',
                Before: { ShopTitle: 'Tulip' },
                After: { ShopTitle: 'Tulip Shop' },
                Changes: [{ Field: 'ShopTitle', Before: 'Tulip', After: 'Tulip Shop' }],
              },
            ],
            meta: { total: 1, offset: 0, limit: 20, page: 1 },
          },
        },
      }),
    );
    await open();
    fireEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('Shop title: Tulip → Tulip Shop')).toBeInTheDocument();
  });
});
